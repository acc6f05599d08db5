import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../helpers.js';
import { createMarket, MARKET_ENV, multipartBody, smallPng, type Market } from '../fixtures/market.js';
import { describeRequest, loadOperations, send, type Operation } from './openapi.js';
import { validRequest } from './requests.js';
import { CANNOT_SUCCEED_YET, statefulSteps } from './stateful.js';
import { TEST_NETWORK_ADDRESSES } from '../addresses.js';

type Identity = 'anonymous' | 'buyer' | 'seller' | 'staff';

/**
 * `?case=snake` on every operation of the OpenAPI document (issue 10, item 3), with well-formed input on
 * real objects, as a visitor and as both parties of the fixture's trades: no answer may be a 5xx, every
 * operation must succeed for someone, and every successful JSON answer must carry snake_case keys only.
 */
describe('?case=snake on every route', () => {
  let t: TestApp;
  let m: Market;
  let operations: Operation[];
  let upload: { payload: Buffer; contentType: string };
  let documentUpload: { payload: Buffer; contentType: string };

  // The market fixture makes ~25 calls (two password hashes): slow on a loaded machine.
  beforeAll(async () => {
    // Any send-out waits for two staff members (decision 0058): the console's approve and reject get one.
    t = await createTestApp({ ...MARKET_ENV, BOND_AMOUNTS: 'BTC:0.01', WITHDRAW_APPROVAL_USD: '1' });
    m = await createMarket(t, 'sk');
    const waiting = await m.seller.c.post('/rest/v2/wallet/withdraw', {
      crypto_currency_code: 'BTC',
      amount: '0.001',
      address: TEST_NETWORK_ADDRESSES.BTC,
    });
    if (waiting.statusCode !== 201) throw new Error(`fixture: send-out failed: ${waiting.body}`);
    m.awaitingWithdrawalId = (waiting.json() as { data: { id: string } }).data.id;
    operations = await loadOperations(t.client());
    upload = multipartBody({ filename: 'proof.png', type: 'image/png', data: await smallPng() });
    documentUpload = multipartBody(
      { filename: 'front.png', type: 'image/png', data: await smallPng() },
      { side: 'front' },
    );
  }, 180_000);
  afterAll(() => t.close());

  /** Calls that change who is logged in get a client of their own, so the parties stay logged in. */
  async function clientFor(operation: Operation, identity: Identity): Promise<TestClient> {
    // A call that needs a browser of its own (the login's second step, closing an account): prepared.
    if (identity === 'anonymous' && m.stateful.client) return m.stateful.client;
    const changesSession = /^\/rest\/v1\/auth\/(login|logout|register)$/.test(operation.path);
    if (!changesSession) {
      if (identity === 'staff') return m.staff.c;
      if (identity === 'buyer') return m.buyer.c;
      if (identity === 'seller') return m.seller.c;
    }
    const client = t.client();
    if (identity !== 'anonymous' && operation.path === '/rest/v1/auth/logout') {
      const login = await client.login(identity === 'buyer' ? m.buyer.name : m.seller.name, m.password);
      expect(login.statusCode, login.body).toBe(200);
    } else {
      await client.fetchCsrfToken();
    }
    return client;
  }

  /**
   * Documents whose keys are their format and ignore `?case=snake` (route config `keepCase`): the trade
   * record's hashes cover its keys (decision 0018).
   */
  const KEEPS_CASE = new Set(['GET /rest/v1/trade/{id}/record']);

  /** camelCase keys left in an answer (keys that are data, like `USD` or `bank-transfer`, are fine). */
  function camelKeys(value: unknown, at = ''): string[] {
    if (Array.isArray(value)) return value.flatMap((item, i) => camelKeys(item, `${at}.${i}`));
    if (value === null || typeof value !== 'object') return [];
    return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => [
      ...(/^[a-z][a-z0-9]*[A-Z]/.test(key) ? [`${at}.${key}`] : []),
      ...camelKeys(inner, `${at}.${key}`),
    ]);
  }

  // About 250 requests, some hashing passwords: well over the default timeout on a loaded machine.
  it('should answer every operation without a 5xx, in snake_case', { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    const unconverted: string[] = [];
    const succeeded = new Set<string>();
    const statuses: string[] = [];
    const stateful = statefulSteps(t, m);
    for (const operation of operations) {
      await stateful.prepare(operation);
      // Staff only where only staff get in: the console under /rest/v1/admin/.
      const staff = operation.path.startsWith('/rest/v1/admin/') ? (['staff'] as const) : [];
      for (const identity of ['anonymous', 'buyer', 'seller', ...staff] as const) {
        const request = validRequest(operation, m, { snake: true, upload, documentUpload });
        const response = await send(await clientFor(operation, identity), request);
        statuses.push(
          `${operation.id} as ${identity}: ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
        if (response.statusCode >= 500) {
          failures.push(
            `${operation.id} as ${identity}\n  ${describeRequest(request)}\n  -> ${response.statusCode} ${response.body}`,
          );
        }
        if (response.statusCode < 300) succeeded.add(operation.id);
        if (
          response.statusCode < 300 &&
          /json/.test(String(response.headers['content-type'])) &&
          !KEEPS_CASE.has(operation.id)
        ) {
          const left = camelKeys(response.json());
          if (left.length > 0) {
            unconverted.push(`${operation.id} as ${identity}: ${left.slice(0, 5).join(', ')}`);
          }
        }
      }
      await stateful.settle(operation);
    }
    expect(failures, failures.join('\n')).toEqual([]);
    expect(unconverted, unconverted.join('\n')).toEqual([]);
    const neverSucceeded = operations
      .map((o) => o.id)
      .filter((id) => !succeeded.has(id) && !(id in CANNOT_SUCCEED_YET));
    expect(
      neverSucceeded,
      statuses.filter((s) => neverSucceeded.some((id) => s.startsWith(`${id} `))).join('\n'),
    ).toEqual([]);
  });
});
