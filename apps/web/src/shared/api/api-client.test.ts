import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { globalErrorModal } from '../ui/global-error-modal-store';
import { createApiClient, LEDGER_RETRY, ledgerRetryDelay, type ApiClientDependencies } from './api-client';
import { ApiError } from './api-error';
import { enterLoggedInPage, isOnLoggedInPage } from './auth-redirect';
import { getCsrfToken, resetCsrfToken, setCsrfToken } from './csrf-token';

const ledgerBusy = () =>
  jsonResponse(503, {
    errors: [{ code: 'LEDGER_ASYNC_MODE', message: 'The ledger is settling' }],
    smStateMachine: { state: 'pending' },
  });

/** A client whose outside world is fully fake: fetch, sleep, redirect, reporter and modal. */
function setup(routes: Record<string, FakeHandler>, overrides: Partial<ApiClientDependencies> = {}) {
  const fake = createFakeFetch(routes);
  let token: string | null = 'token-1';
  const deps = {
    fetch: fake.fetch,
    getCsrfToken: () => token,
    setCsrfToken: vi.fn((next: string) => {
      token = next;
    }),
    redirectToLogin: vi.fn(),
    isOnLoggedInPage: vi.fn(() => false),
    reportError: vi.fn(),
    errorModal: { raise: vi.fn(), lower: vi.fn() },
    ...overrides,
  };
  return { client: createApiClient(deps), deps, requests: fake.requests };
}

describe('api client: request rules', () => {
  it('should send the CSRF token, the XMLHttpRequest marker and a JSON accept header', async () => {
    const { client, requests } = setup({ 'GET /rest/v1/things': () => jsonResponse(200, { data: [] }) });
    await client.get('/rest/v1/things');
    expect(requests[0]?.headers).toMatchObject({
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      'x-csrf-token': 'token-1',
    });
  });

  it('should send a JSON body with its content type on POST', async () => {
    const { client, requests } = setup({
      'POST /rest/v1/things': () => jsonResponse(201, { data: { id: 1 } }),
    });
    await client.post('/rest/v1/things', { body: { name: 'x' } });
    expect(requests[0]?.headers['content-type']).toBe('application/json');
    expect(requests[0]?.body).toEqual({ name: 'x' });
  });

  it('should send extra headers of the call, without letting them replace its own', async () => {
    const { client, requests } = setup({
      'POST /rest/v2/wallet/withdraw': () => jsonResponse(201, { data: {} }),
    });
    await client.post('/rest/v2/wallet/withdraw', {
      body: {},
      headers: { 'Idempotency-Key': 'key-123456', 'X-Requested-With': 'spoof' },
    });
    expect(requests[0]?.headers).toMatchObject({
      'idempotency-key': 'key-123456',
      'x-requested-with': 'XMLHttpRequest',
    });
  });

  it('should send no body and no content type when there is nothing to send', async () => {
    const { client, requests } = setup({
      'POST /rest/v1/auth/logout': () => jsonResponse(200, { data: {} }),
    });
    await client.post('/rest/v1/auth/logout');
    expect(requests[0]?.headers['content-type']).toBeUndefined();
    expect(requests[0]?.body).toBeUndefined();
  });

  it('should drop empty, null and undefined query parameters', async () => {
    const { client, requests } = setup({ 'GET /rest/v1/offers': () => jsonResponse(200, { data: [] }) });
    await client.get('/rest/v1/offers', {
      query: {
        type: 'buy',
        currency: '',
        tags: null,
        sort: undefined,
        limit: 0,
        online: false,
        group: ['a', '', null],
      },
    });
    expect(requests[0]?.url).toBe('/rest/v1/offers?type=buy&limit=0&online=false&group=a');
  });

  it('should leave out the question mark when every parameter is empty', async () => {
    const { client, requests } = setup({ 'GET /rest/v1/offers': () => jsonResponse(200, { data: [] }) });
    await client.get('/rest/v1/offers', { query: { a: '', b: null } });
    expect(requests[0]?.url).toBe('/rest/v1/offers');
  });

  it('should unwrap data and parse it with the schema', async () => {
    const { client } = setup({ 'GET /rest/v1/x': () => jsonResponse(200, { data: { n: 1 } }) });
    await expect(client.get('/rest/v1/x', { schema: z.object({ n: z.number() }) })).resolves.toEqual({
      n: 1,
    });
  });

  it('should fail with INVALID_RESPONSE when the data does not match the schema', async () => {
    const { client } = setup({ 'GET /rest/v1/x': () => jsonResponse(200, { data: { n: 'one' } }) });
    await expect(client.get('/rest/v1/x', { schema: z.object({ n: z.number() }) })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });

  it('should use the token set after login for the next request', async () => {
    const { client, requests, deps } = setup({
      'GET /rest/v1/auth/csrf': () => jsonResponse(200, { data: { csrfToken: 'token-2' } }),
      'POST /rest/v1/x': () => jsonResponse(200, { data: null }),
    });
    await client.refreshCsrfToken();
    await client.post('/rest/v1/x', { body: {} });
    expect(deps.setCsrfToken).toHaveBeenCalledWith('token-2');
    expect(requests[1]?.headers['x-csrf-token']).toBe('token-2');
  });

  it('should fetch a fresh token and repeat a mutation once after CSRF_TOKEN_MISMATCH', async () => {
    let calls = 0;
    const { client, requests } = setup({
      'GET /rest/v1/auth/csrf': () => jsonResponse(200, { data: { csrfToken: 'fresh' } }),
      'POST /rest/v1/x': () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(403, errorBody('CSRF_TOKEN_MISMATCH', 'Bad token'))
          : jsonResponse(200, { data: 'ok' });
      },
    });
    await expect(client.post('/rest/v1/x', { body: {} })).resolves.toBe('ok');
    expect(requests.map((r) => `${r.method} ${r.url} ${r.headers['x-csrf-token']}`)).toEqual([
      'POST /rest/v1/x token-1',
      'GET /rest/v1/auth/csrf token-1',
      'POST /rest/v1/x fresh',
    ]);
  });
});

describe('api client: errors', () => {
  it('should turn the error envelope into an ApiError with status, code, message and details', async () => {
    const details = [{ field: 'email', message: 'Enter a valid e-mail address', code: 'custom' }];
    const { client } = setup({
      'POST /rest/v1/auth/register': () =>
        jsonResponse(422, errorBody('ERROR_INPUT_VALIDATION', 'The input is not valid', details)),
    });
    const error = await client.post('/rest/v1/auth/register', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'ERROR_INPUT_VALIDATION',
      message: 'The input is not valid',
      details,
      isValidationError: true,
    });
  });

  it('should read Retry-After on a 429', async () => {
    const { client } = setup({
      'POST /rest/v1/auth/login': () =>
        jsonResponse(429, errorBody('TOO_MANY_ATTEMPTS', 'Too many attempts'), { 'retry-after': '42' }),
    });
    await expect(client.post('/rest/v1/auth/login', { body: {}, authRedirect: false })).rejects.toMatchObject(
      {
        code: 'TOO_MANY_ATTEMPTS',
        retryAfterSeconds: 42,
      },
    );
  });

  it('should keep the status when the body is not the envelope (a proxy error page)', async () => {
    const { client } = setup({
      'GET /rest/v1/x': () => new Response('<html>Bad gateway</html>', { status: 502 }),
    });
    await expect(client.get('/rest/v1/x')).rejects.toMatchObject({ status: 502, code: 'HTTP_ERROR' });
  });

  it('should report a network failure as NETWORK_ERROR with status 0', async () => {
    const { client } = setup({
      'GET /rest/v1/x': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(client.get('/rest/v1/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('should report 500 answers to error logging, and nothing else', async () => {
    const statuses = [400, 403, 404, 409, 422, 429, 500, 502, 503];
    const { client, deps } = setup(
      Object.fromEntries(
        statuses.map((status) => [
          `GET /rest/v1/s${status}`,
          () => jsonResponse(status, errorBody('X', `s${status}`)),
        ]),
      ),
    );
    for (const status of statuses) await client.get(`/rest/v1/s${status}`).catch(() => undefined);
    expect(deps.reportError).toHaveBeenCalledTimes(1);
    expect(deps.reportError).toHaveBeenCalledWith(expect.objectContaining({ status: 500 }), {
      source: 'api',
      method: 'GET',
      path: '/rest/v1/s500',
    });
  });
});

describe('api client: redirect to login', () => {
  it('should redirect to login on 401', async () => {
    const { client, deps } = setup({
      'GET /rest/v1/wallet': () => jsonResponse(401, errorBody('UNAUTHENTICATED', 'Please log in')),
    });
    await expect(client.get('/rest/v1/wallet')).rejects.toMatchObject({ status: 401 });
    expect(deps.redirectToLogin).toHaveBeenCalledWith(401);
  });

  it('should not redirect when the caller expects a 401 (login form, current user probe)', async () => {
    const { client, deps } = setup({
      'POST /rest/v1/auth/login': () => jsonResponse(401, errorBody('INVALID_CREDENTIALS', 'Wrong')),
    });
    await client.post('/rest/v1/auth/login', { body: {}, authRedirect: false }).catch(() => undefined);
    expect(deps.redirectToLogin).not.toHaveBeenCalled();
  });

  it('should redirect on 400 only while a logged-in page is shown', async () => {
    const onLoggedInPage = { value: false };
    const { client, deps } = setup(
      { 'POST /rest/v1/bankaccounts': () => jsonResponse(400, errorBody('BAD_REQUEST', 'Bad')) },
      { isOnLoggedInPage: () => onLoggedInPage.value },
    );
    await client.post('/rest/v1/bankaccounts', { body: {} }).catch(() => undefined);
    expect(deps.redirectToLogin).not.toHaveBeenCalled();

    onLoggedInPage.value = true;
    await client.post('/rest/v1/bankaccounts', { body: {} }).catch(() => undefined);
    expect(deps.redirectToLogin).toHaveBeenCalledWith(400);
  });

  it('should count logged-in pages with enter and leave', () => {
    expect(isOnLoggedInPage()).toBe(false);
    const leaveA = enterLoggedInPage();
    const leaveB = enterLoggedInPage();
    leaveA();
    leaveA(); // leaving twice must not unbalance the count
    expect(isOnLoggedInPage()).toBe(true);
    leaveB();
    expect(isOnLoggedInPage()).toBe(false);
  });
});

describe('api client: LEDGER_ASYNC_MODE retries', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should grow the backoff from 500 ms and cap it', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 100].map(ledgerRetryDelay)).toEqual([
      500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000,
    ]);
    expect(LEDGER_RETRY.maxAttempts).toBe(10_000);
  });

  it('should retry a POST with backoff, raising the modal on the first failure and lowering it after the last attempt', async () => {
    let calls = 0;
    const callTimes: number[] = [];
    const { client, deps } = setup({
      'POST /rest/v1/trade/abc/release': () => {
        calls += 1;
        callTimes.push(Date.now());
        return calls <= 3 ? ledgerBusy() : jsonResponse(200, { data: { status: 'released' } });
      },
    });
    const start = Date.now();
    const promise = client.post('/rest/v1/trade/abc/release', { body: {} });

    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    expect(deps.errorModal.raise).toHaveBeenCalledTimes(1);
    expect(deps.errorModal.raise).toHaveBeenCalledWith('default');
    expect(deps.errorModal.lower).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);

    await vi.advanceTimersByTimeAsync(1000 + 2000);
    await expect(promise).resolves.toEqual({ status: 'released' });
    expect(callTimes.map((t) => t - start)).toEqual([0, 500, 1500, 3500]);
    expect(deps.errorModal.raise).toHaveBeenCalledTimes(1);
    expect(deps.errorModal.lower).toHaveBeenCalledTimes(1);
    expect(deps.errorModal.lower).toHaveBeenCalledWith('default');
  });

  it('should retry PUT as well', async () => {
    let calls = 0;
    const { client } = setup({
      'PUT /rest/v1/my-offers/h/status': () => {
        calls += 1;
        return calls === 1 ? ledgerBusy() : jsonResponse(200, { data: 'ok' });
      },
    });
    const promise = client.put('/rest/v1/my-offers/h/status', { body: { new_status: true } });
    await vi.advanceTimersByTimeAsync(500);
    await expect(promise).resolves.toBe('ok');
    expect(calls).toBe(2);
  });

  it('should not retry a GET, a DELETE, another 503 or a 503 without the state machine', async () => {
    const routes: Record<string, FakeHandler> = {
      'GET /rest/v1/a': () => ledgerBusy(),
      'DELETE /rest/v1/b': () => ledgerBusy(),
      'POST /rest/v1/c': () => jsonResponse(503, errorBody('SERVICE_UNAVAILABLE', 'Down')),
      'POST /rest/v1/d': () => jsonResponse(503, errorBody('LEDGER_ASYNC_MODE', 'No state machine')),
    };
    const { client, requests, deps } = setup(routes);
    await client.get('/rest/v1/a').catch(() => undefined);
    await client.delete('/rest/v1/b').catch(() => undefined);
    await client.post('/rest/v1/c', { body: {} }).catch(() => undefined);
    await client.post('/rest/v1/d', { body: {} }).catch(() => undefined);
    expect(requests).toHaveLength(4);
    expect(deps.errorModal.raise).not.toHaveBeenCalled();
  });

  it('should also accept the state machine inside the error entry', async () => {
    let calls = 0;
    const { client } = setup({
      'POST /rest/v1/x': () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(503, { errors: [{ code: 'LEDGER_ASYNC_MODE', message: 'm', smStateMachine: {} }] })
          : jsonResponse(200, { data: 1 });
      },
    });
    const promise = client.post('/rest/v1/x', { body: {} });
    await vi.advanceTimersByTimeAsync(500);
    await expect(promise).resolves.toBe(1);
  });

  it('should give up after the last allowed attempt, lower the modal and throw the 503', async () => {
    const { client, requests, deps } = setup(
      { 'POST /rest/v1/x': () => ledgerBusy() },
      { ledgerMaxAttempts: 4 },
    );
    const promise = client.post('/rest/v1/x', { body: {} }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500 + 1000 + 2000);
    const error = await promise;
    expect(requests).toHaveLength(4);
    expect(error).toMatchObject({ status: 503, code: 'LEDGER_ASYNC_MODE' });
    expect(deps.errorModal.raise).toHaveBeenCalledTimes(1);
    expect(deps.errorModal.lower).toHaveBeenCalledTimes(1);
  });

  it('should stop retrying at 10000 attempts by default', async () => {
    const { client, requests, deps } = setup({ 'POST /rest/v1/x': () => ledgerBusy() });
    const promise = client.post('/rest/v1/x', { body: {} }).catch((e: unknown) => e);
    // 9,999 waits: 500 + 1000 + ... + 8000, then 10 s each.
    await vi.advanceTimersByTimeAsync(15_500 + 9_994 * 10_000);
    await expect(promise).resolves.toMatchObject({ code: 'LEDGER_ASYNC_MODE' });
    expect(requests).toHaveLength(10_000);
    expect(deps.errorModal.lower).toHaveBeenCalledTimes(1);
  });

  it('should lower the modal when the request is aborted while waiting', async () => {
    const controller = new AbortController();
    const { client, deps } = setup({ 'POST /rest/v1/x': () => ledgerBusy() });
    const promise = client
      .post('/rest/v1/x', { body: {}, signal: controller.signal })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    await promise;
    expect(deps.errorModal.raise).toHaveBeenCalledTimes(1);
    expect(deps.errorModal.lower).toHaveBeenCalledTimes(1);
  });
});

describe('global error modal store', () => {
  afterEach(() => globalErrorModal.reset());

  it('should stay open while any retrying request holds it', () => {
    globalErrorModal.raise('default');
    globalErrorModal.raise('default');
    globalErrorModal.lower('default');
    expect(globalErrorModal.getState()).toEqual({ opened: true, type: 'default' });
    globalErrorModal.lower('default');
    expect(globalErrorModal.getState().opened).toBe(false);
  });

  it('should let "page reload required" win over "default"', () => {
    globalErrorModal.raise('page-reload-required');
    globalErrorModal.raise('default');
    globalErrorModal.lower('default');
    expect(globalErrorModal.getState()).toEqual({ opened: true, type: 'page-reload-required' });
  });
});

describe('csrf token', () => {
  afterEach(() => {
    resetCsrfToken();
    document.head.innerHTML = '';
  });

  it('should read the meta tag, then prefer and mirror a token set later', () => {
    document.head.innerHTML = '<meta name="_token" content="from-meta">';
    expect(getCsrfToken()).toBe('from-meta');
    setCsrfToken('rotated');
    expect(getCsrfToken()).toBe('rotated');
    expect(document.querySelector('meta[name="_token"]')?.getAttribute('content')).toBe('rotated');
  });
});
