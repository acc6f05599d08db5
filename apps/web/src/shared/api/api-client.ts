import type { ZodType } from 'zod';
import { reportError } from '../lib/error-reporter';
import { sleep as defaultSleep } from '../lib/sleep';
import { globalErrorModal, type GlobalErrorModalType } from '../ui/global-error-modal-store';
import { ApiError, apiErrorFromResponse } from './api-error';
import { isOnLoggedInPage, redirectToLogin } from './auth-redirect';
import { getCsrfToken, setCsrfToken } from './csrf-token';
import { buildQueryString, type QueryParams } from './query-string';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions<T> = {
  query?: QueryParams;
  /** Sent as JSON, or as multipart/form-data when it is a `FormData`. Undefined: no body. */
  body?: unknown;
  /** Parses `data` of a successful answer; a mismatch is an `INVALID_RESPONSE` ApiError. */
  schema?: ZodType<T>;
  signal?: AbortSignal;
  /** Extra headers for this call (e.g. `Idempotency-Key`); the client's own headers take precedence. */
  headers?: Record<string, string>;
  /**
   * `false` for calls where a 401 is an expected answer rather than an expired session: the login
   * form (wrong password) and the "who am I" probe. @default true
   */
  authRedirect?: boolean;
};

/** LEDGER_ASYNC_MODE retries (spec section 7): backoff from 500 ms, doubling, at most 10 s apart. */
export const LEDGER_RETRY = {
  initialDelayMs: 500,
  factor: 2,
  maxDelayMs: 10_000,
  /** Total attempts, the first one included. */
  maxAttempts: 10_000,
} as const;

/** Wait before the next attempt after the `failures`-th LEDGER_ASYNC_MODE answer (1-based). */
export function ledgerRetryDelay(failures: number): number {
  const delay = LEDGER_RETRY.initialDelayMs * LEDGER_RETRY.factor ** (failures - 1);
  return Math.min(delay, LEDGER_RETRY.maxDelayMs);
}

/** What the client talks to; tests replace any of them. */
export type ApiClientDependencies = {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  getCsrfToken: () => string | null;
  setCsrfToken: (token: string) => void;
  redirectToLogin: (status: number) => void;
  isOnLoggedInPage: () => boolean;
  reportError: (error: unknown, context: Record<string, unknown>) => void;
  errorModal: { raise: (type: GlobalErrorModalType) => void; lower: (type: GlobalErrorModalType) => void };
  ledgerMaxAttempts: number;
};

type RawResult = { response: Response; body: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The ledger answers 503 LEDGER_ASYNC_MODE while it settles a movement asynchronously; the body then
 * carries the state machine (`smStateMachine`), at the top level or inside the error entry.
 */
function isLedgerAsyncMode(method: HttpMethod, { response, body }: RawResult): boolean {
  if ((method !== 'POST' && method !== 'PUT') || response.status !== 503 || !isRecord(body)) return false;
  const errors = Array.isArray(body.errors) ? body.errors.filter(isRecord) : [];
  if (!errors.some((entry) => entry.code === 'LEDGER_ASYNC_MODE')) return false;
  return 'smStateMachine' in body || errors.some((entry) => 'smStateMachine' in entry);
}

function firstErrorCode(body: unknown): string | undefined {
  if (!isRecord(body) || !Array.isArray(body.errors)) return undefined;
  const [first] = body.errors;
  return isRecord(first) && typeof first.code === 'string' ? first.code : undefined;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy's HTML error page, for instance: keep the status, drop the body.
    return undefined;
  }
}

const isAbortError = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'AbortError';

/**
 * The one HTTP client of the web app. It implements the spec's shared request rules:
 * - JSON requests with `X-CSRF-TOKEN`, `X-Requested-With: XMLHttpRequest` and `Accept: application/json`;
 * - empty, null and undefined query parameters dropped;
 * - `{ data }` answers unwrapped (and parsed with a schema when given), failures thrown as `ApiError`;
 * - 401, and 400 while a logged-in page is shown, send the user to login (keeping `returnTo`);
 * - POST/PUT answered 503 LEDGER_ASYNC_MODE retried with backoff while the global error modal is up;
 * - only 500 answers reported to error logging.
 * A 403 CSRF_TOKEN_MISMATCH (the session expired and a new one started) fetches a fresh token and
 * repeats the request once.
 */
export function createApiClient(overrides: Partial<ApiClientDependencies> = {}) {
  const deps: ApiClientDependencies = {
    // Looked up at call time so tests can stub the global fetch.
    fetch: (url, init) => globalThis.fetch(url, init),
    sleep: defaultSleep,
    getCsrfToken,
    setCsrfToken,
    redirectToLogin,
    isOnLoggedInPage,
    reportError,
    errorModal: globalErrorModal,
    ledgerMaxAttempts: LEDGER_RETRY.maxAttempts,
    ...overrides,
  };

  async function send(
    method: HttpMethod,
    url: string,
    body: unknown,
    signal?: AbortSignal,
    extraHeaders: Record<string, string> = {},
  ): Promise<RawResult> {
    const headers: Record<string, string> = {
      ...extraHeaders,
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
    };
    const token = deps.getCsrfToken();
    if (token) headers['X-CSRF-TOKEN'] = token;
    const init: RequestInit = { method, headers, credentials: 'same-origin' };
    if (body instanceof FormData) {
      // Uploads: the browser writes the multipart boundary into the content type itself.
      init.body = body;
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    if (signal) init.signal = signal;
    let response: Response;
    try {
      response = await deps.fetch(url, init);
    } catch (error) {
      if (isAbortError(error) || signal?.aborted) throw error;
      throw new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached', { body: error });
    }
    return { response, body: await readBody(response) };
  }

  async function refreshCsrfToken(signal?: AbortSignal): Promise<string> {
    const { response, body } = await send('GET', '/rest/v1/auth/csrf', undefined, signal);
    if (!response.ok) throw apiErrorFromResponse(response.status, body, response.headers);
    // csrfTokenResponseSchema's one field, checked by hand to keep zod out of the main bundle.
    const data = isRecord(body) ? body.data : undefined;
    const csrfToken = isRecord(data) ? data.csrfToken : undefined;
    if (typeof csrfToken !== 'string') {
      throw new ApiError(response.status, 'INVALID_RESPONSE', 'No CSRF token in the answer');
    }
    deps.setCsrfToken(csrfToken);
    return csrfToken;
  }

  function finish<T>(method: HttpMethod, path: string, result: RawResult, options: RequestOptions<T>): T {
    const { response, body } = result;
    if (response.ok) {
      const data = isRecord(body) && 'data' in body ? body.data : body;
      if (!options.schema) return data as T;
      const parsed = options.schema.safeParse(data);
      if (!parsed.success) {
        throw new ApiError(
          response.status,
          'INVALID_RESPONSE',
          'The server answered in an unexpected format',
          {
            body,
          },
        );
      }
      return parsed.data;
    }
    const error = apiErrorFromResponse(response.status, body, response.headers);
    if (response.status === 500) deps.reportError(error, { source: 'api', method, path });
    const redirects = response.status === 401 || (response.status === 400 && deps.isOnLoggedInPage());
    if (redirects && options.authRedirect !== false) deps.redirectToLogin(response.status);
    throw error;
  }

  async function request<T = unknown>(
    method: HttpMethod,
    path: string,
    options: RequestOptions<T> = {},
  ): Promise<T> {
    const url = `${path}${buildQueryString(options.query)}`;
    let ledgerFailures = 0;
    let csrfRefreshed = false;
    try {
      for (;;) {
        const result = await send(method, url, options.body, options.signal, options.headers);
        if (isLedgerAsyncMode(method, result)) {
          ledgerFailures += 1;
          if (ledgerFailures === 1) deps.errorModal.raise('default');
          if (ledgerFailures < deps.ledgerMaxAttempts) {
            await deps.sleep(ledgerRetryDelay(ledgerFailures), options.signal);
            continue;
          }
        } else if (
          method !== 'GET' &&
          !csrfRefreshed &&
          result.response.status === 403 &&
          firstErrorCode(result.body) === 'CSRF_TOKEN_MISMATCH'
        ) {
          csrfRefreshed = true;
          await refreshCsrfToken(options.signal);
          continue;
        }
        return finish(method, path, result, options);
      }
    } finally {
      // Lowered once the last attempt is over, whether it succeeded, failed or was aborted.
      if (ledgerFailures > 0) deps.errorModal.lower('default');
    }
  }

  return {
    request,
    get: <T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'body'>) =>
      request<T>('GET', path, options),
    post: <T = unknown>(path: string, options?: RequestOptions<T>) => request<T>('POST', path, options),
    put: <T = unknown>(path: string, options?: RequestOptions<T>) => request<T>('PUT', path, options),
    patch: <T = unknown>(path: string, options?: RequestOptions<T>) => request<T>('PATCH', path, options),
    delete: <T = unknown>(path: string, options?: RequestOptions<T>) => request<T>('DELETE', path, options),
    /** Fetches the session's current CSRF token and uses it from now on (after login, register, logout). */
    refreshCsrfToken,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app-wide instance. */
export const apiClient = createApiClient();
