import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, sellOfferBody, type TestApp, type TestClient } from './helpers.js';
import { MARKET_ENV } from './fixtures/market.js';
import { createAnswerChecker, recordAnswers, type Answer } from './openapi-answers.js';
import { validValue, type Parameter } from './fuzz/openapi.js';
import { tradeScenario, type Party } from './trade-scenario.js';

/**
 * Issue 16, "every live answer validates against the document": the real app, the main flows a
 * stranger's program drives (sign-up and login, the current user and settings, the market, a trade from
 * start to feedback, the wallet, bank accounts, contacts, API keys) and the usual refusals. Every answer
 * any route sends while this runs is recorded by an `onSend` hook and held to `app.swagger()`: its status
 * must be one the operation lists, its JSON body must fit that status's schema. Each step then asserts
 * the answers it caused, so a failure names the step.
 */
describe('live answers against the OpenAPI document', () => {
  let t: TestApp;
  let check: ReturnType<typeof createAnswerChecker>['check'];
  const answers: Answer[] = [];
  const seen = new Set<string>();

  let s: ReturnType<typeof tradeScenario>;
  let seller: Party;
  let buyer: Party;
  let offerHash: string;
  let tradeHash: string;

  beforeAll(async () => {
    t = await createTestApp(MARKET_ENV, {
      beforeReady: (app) => {
        app.addHook(
          'onSend',
          recordAnswers((answer) => answers.push(answer)),
        );
      },
    });
    check = createAnswerChecker(t.app.swagger() as Parameters<typeof createAnswerChecker>[0]).check;
    s = tradeScenario(t);
  }, 60_000);
  afterAll(() => t.close());

  /** The problems of the answers recorded since the last call (and forgets them). */
  function problemsSoFar(): string[] {
    const batch = answers.splice(0);
    for (const a of batch) seen.add(`${a.method} ${a.route}`);
    return batch.flatMap((answer) => check(answer));
  }

  /** The answer's status, with its body when it is not the expected one. */
  const expectStatus = (response: LightMyRequestResponse, status: number) =>
    expect(response.statusCode, response.body.slice(0, 500)).toBe(status);

  const dataOf = <T = Record<string, unknown>>(response: LightMyRequestResponse) =>
    (response.json() as { data: T }).data;

  /** Reads the CSRF token again (it changes at login), through the API like a client does. */
  async function refreshCsrf(client: TestClient) {
    const response = await client.get('/rest/v1/auth/csrf');
    expectStatus(response, 200);
    client.csrfToken = dataOf<{ csrfToken: string }>(response).csrfToken;
  }

  it('should catch an answer that does not fit: an unlisted status, a body off the schema', () => {
    const answer = {
      method: 'GET',
      route: '/rest/v1/users/current_user',
      contentType: 'application/json; charset=utf-8',
    };
    expect(check({ ...answer, status: 418, body: '{}' })).toEqual([
      expect.stringContaining('answered 418, which the document does not list'),
    ]);
    expect(check({ ...answer, status: 200, body: '{"data":{"id":"one"}}' })).toEqual([
      expect.stringContaining('the 200 answer does not fit the document'),
    ]);
    expect(
      check({ ...answer, status: 401, body: '{"errors":[{"code":"UNAUTHENTICATED","message":"Log in"}]}' }),
    ).toEqual([]);
  });

  it('should answer a visitor: health, initial state, CSRF token, reference data, the market', async () => {
    const visitor = t.client();
    expectStatus(await visitor.get('/healthz'), 200);
    expectStatus(await visitor.get('/readyz'), 200);
    expectStatus(await visitor.get('/rest/v1/app/initial-state'), 200);
    await refreshCsrf(visitor);
    expectStatus(await visitor.get('/rest/v2/payment-methods?mode=short'), 200);
    expectStatus(await visitor.get('/rest/v2/payment-methods/bank-transfer'), 200);
    expectStatus(await visitor.get('/rest/v2/currencies?with-popular=1&count=1'), 200);
    expectStatus(await visitor.get('/rest/v2/countries?kyc=1'), 200);
    expectStatus(await visitor.get('/rest/v2/wallet/crypto-currencies'), 200);
    expectStatus(await visitor.get('/rest/v1/calculator?currency=EUR&fiatAmount=100'), 200);
    expectStatus(await visitor.get('/rest/v1/dispute/reasons?role=buyer'), 200);
    expectStatus(await visitor.get('/rest/v1/pages/fees'), 200);
    expectStatus(await visitor.get('/rest/v1/offers?type=buy&currency=USD'), 200);
    expect(problemsSoFar()).toEqual([]);
  });

  it('should answer sign-up, login, the current user, settings and two-factor state', async () => {
    const visitor = t.client();
    await refreshCsrf(visitor);
    const registered = await visitor.post('/rest/v1/auth/register', {
      username: 'live_seller',
      email: 'live_seller@example.com',
      password: 'Str0ng-pass!',
    });
    expectStatus(registered, 201);
    await refreshCsrf(visitor);
    seller = { c: visitor, id: dataOf<{ id: number }>(registered).id, name: 'live_seller' };
    buyer = await s.party('live_buyer');

    expectStatus(await seller.c.get('/rest/v1/users/current_user'), 200);
    expectStatus(await seller.c.post('/rest/v1/auth/logout'), 200);
    await refreshCsrf(seller.c);
    expectStatus(await seller.c.post('/rest/v1/auth/login', { login: seller.name, password: 'wrong' }), 401);
    expectStatus(
      await seller.c.post('/rest/v1/auth/login', { login: seller.name, password: 'Str0ng-pass!' }),
      200,
    );
    await refreshCsrf(seller.c);
    expectStatus(await seller.c.get('/rest/v1/users/current_user'), 200);
    expectStatus(await seller.c.get('/rest/v1/users/settings'), 200);
    expectStatus(await seller.c.post('/rest/v1/users/settings', { bio: 'Fast and friendly.' }), 200);
    expectStatus(await seller.c.get('/rest/v1/users/two-factor'), 200);
    expectStatus(await seller.c.get('/rest/v1/user-verification/email'), 200);
    expectStatus(await seller.c.get('/rest/v1/users/sessions'), 200);
    expectStatus(await seller.c.get('/rest/v1/limits/levels-info'), 200);
    expectStatus(await buyer.c.get(`/rest/v1/users/${seller.name}`), 200);
    expect(problemsSoFar()).toEqual([]);
  });

  it('should answer the offer calls: create, mine, the editor, search, the offer page, favourites', async () => {
    await s.fund(seller.name, '1');
    const created = await seller.c.post(
      '/rest/v1/my-offers',
      sellOfferBody({ offer_terms: 'Pay from your own account.', trade_details: 'IBAN DE00 1234 5678' }),
    );
    expectStatus(created, 201);
    offerHash = dataOf<{ idHashed: string }>(created).idHashed;
    expectStatus(await seller.c.get('/rest/v1/my-offers/list'), 200);
    expectStatus(await seller.c.get(`/rest/v1/my-offers/${offerHash}`), 200);
    expectStatus(await seller.c.put(`/rest/v1/my-offers/${offerHash}/margin`, { new_margin: '1' }), 200);
    expectStatus(await buyer.c.get('/rest/v1/offers?type=buy&currency=USD'), 200);
    expectStatus(await t.client().get(`/rest/v1/offers/${offerHash}`), 200);
    expectStatus(await buyer.c.get(`/rest/v1/offers/${offerHash}`), 200);
    expectStatus(await buyer.c.post(`/rest/v1/favorites/offers/${offerHash}`), 200);
    expectStatus(await buyer.c.get('/rest/v1/favorites/offers'), 200);
    expectStatus(await buyer.c.get(`/rest/v1/users/${seller.name}/active-offers`), 200);
    expect(problemsSoFar()).toEqual([]);
  });

  it('should answer a trade from start to feedback: chat, paid, release, history', async () => {
    const started = await buyer.c.post('/rest/v1/trade/start', { offer_hash: offerHash, fiat_amount: '20' });
    expectStatus(started, 201);
    tradeHash = dataOf<{ id: string }>(started).id;
    expectStatus(await seller.c.get(`/rest/v1/trade/${tradeHash}`), 200);
    expectStatus(await buyer.c.get(`/rest/v2/trade/${tradeHash}`), 200);
    expectStatus(await buyer.c.get(`/rest/v2/trade/${tradeHash}/offer?timestamp=1`), 200);
    expectStatus(await buyer.c.get('/rest/v1/trade/active'), 200);
    expectStatus(
      await buyer.c.post(`/rest/v1/trade/${tradeHash}/messages`, { text: 'Hello, paying now.' }),
      201,
    );
    expectStatus(await seller.c.post(`/rest/v1/trade/${tradeHash}/messages`, { text: 'Thanks!' }), 201);
    expectStatus(await seller.c.get(`/rest/v1/trade/${tradeHash}/messages`), 200);
    expectStatus(await buyer.c.get(`/rest/v1/trade/${tradeHash}/attachments`), 200);
    expectStatus(await buyer.c.post(`/rest/v1/trade/${tradeHash}/paid`), 200);
    expectStatus(await seller.c.post(`/rest/v1/trade/${tradeHash}/release`, {}), 200);
    expectStatus(await buyer.c.get('/rest/v1/trade/history?status=successful'), 200);
    expectStatus(await buyer.c.get(`/rest/v1/trade/${tradeHash}/record`), 200);
    expectStatus(
      await buyer.c.post(`/rest/v1/feedback/${tradeHash}/give`, { rating: 'positive', message: 'Smooth' }),
      200,
    );
    expectStatus(
      await seller.c.post(`/rest/v1/feedback/${tradeHash}/give`, { rating: 'positive', message: 'Quick' }),
      200,
    );
    expectStatus(await seller.c.post(`/rest/v1/feedback/${tradeHash}/reply`, { message: 'Thank you!' }), 200);
    expectStatus(await buyer.c.get(`/rest/v1/feedback/${tradeHash}`), 200);
    expectStatus(await t.client().get(`/rest/v1/offers/${offerHash}/feedback`), 200);
    expectStatus(await buyer.c.get('/rest/v1/users/me/contacts/recent-trades'), 200);
    expect(problemsSoFar()).toEqual([]);
  });

  it('should answer the wallet: balances, addresses, history, a transfer, the bond', async () => {
    expectStatus(await seller.c.get('/rest/v2/wallet/balances'), 200);
    expectStatus(await seller.c.get('/rest/v2/wallet/deposit-address?crypto_currency_code=BTC'), 200);
    expectStatus(await seller.c.get('/rest/v2/wallet/transactions'), 200);
    expectStatus(await seller.c.get('/rest/v2/wallet/deposits'), 200);
    expectStatus(await seller.c.get('/rest/v2/wallet/withdraw-conditions?crypto_currency_code=BTC'), 200);
    const sent = await seller.c.post('/rest/v2/wallet/withdraw', {
      crypto_currency_code: 'BTC',
      amount: '0.0001',
      username: buyer.name,
    });
    expectStatus(sent, 201);
    expectStatus(await seller.c.get('/rest/v2/wallet/withdrawals'), 200);
    expectStatus(await seller.c.get('/rest/v2/wallet/bond'), 200);
    expect(problemsSoFar()).toEqual([]);
  });

  it('should answer bank accounts, contacts and API keys, and a call made with a key', async () => {
    const account = await seller.c.post('/rest/v1/bankaccounts', {
      fiat_currency_id: 'GBP',
      holder_name: 'Live Seller',
      is_personal: true,
      country_id: 'GB',
      routing_number: '60-16-13',
      account_number: '31926819',
    });
    expectStatus(account, 201);
    const accountId = dataOf<{ id: number }>(account).id;
    expectStatus(await seller.c.get('/rest/v1/bankaccounts'), 200);
    expectStatus(await seller.c.get(`/rest/v1/bankaccounts/${accountId}`), 200);
    expectStatus(await seller.c.delete(`/rest/v1/bankaccounts/${accountId}`), 200);

    expectStatus(await buyer.c.put(`/rest/v1/users/${seller.name}/relations`, { action: 'trusted' }), 200);
    expectStatus(await buyer.c.get('/rest/v1/users/me/contacts/trusted-list'), 200);
    expectStatus(await buyer.c.get('/rest/v1/users/me/contacts/blocked-list'), 200);

    const created = await seller.c.post('/rest/v1/api-keys', { name: 'live bot', scopes: ['read', 'trade'] });
    expectStatus(created, 201);
    const key = dataOf<{ id: number; secret: string }>(created);
    expectStatus(await seller.c.get('/rest/v1/api-keys'), 200);
    const bot = t.client();
    const authorization = { authorization: `Bearer ${key.secret}` };
    expectStatus(await bot.get('/rest/v2/wallet/balances', { headers: authorization }), 200);
    expectStatus(await bot.get('/rest/v1/trade/active', { headers: authorization }), 200);
    expectStatus(await seller.c.delete(`/rest/v1/api-keys/${key.id}`), 200);
    expectStatus(await bot.get('/rest/v2/wallet/balances', { headers: authorization }), 401);
    expect(problemsSoFar()).toEqual([]);
  });

  it('should answer the refusals in the error envelope: 401, 403, 404, 409, 422', async () => {
    const visitor = t.client();
    expectStatus(await visitor.get('/rest/v1/users/current_user'), 401);
    expectStatus(await visitor.get('/rest/v2/wallet/balances'), 401);
    // A cookie client's write without the CSRF header.
    expectStatus(await buyer.c.post(`/rest/v1/favorites/offers/${offerHash}`, {}, { csrf: false }), 403);
    const running = dataOf<{ id: string }>(
      await buyer.c.post('/rest/v1/trade/start', { offer_hash: offerHash, fiat_amount: '20' }),
    ).id;
    // Only the seller releases.
    expectStatus(await buyer.c.post(`/rest/v1/trade/${running}/release`, {}), 403);
    expectStatus(
      await seller.c.post('/rest/v1/trade/start', { offer_hash: offerHash, fiat_amount: '20' }),
      409,
    );
    expectStatus(await buyer.c.get('/rest/v1/trade/ZZZZZZZZZZZZ'), 404);
    expectStatus(await t.client().get('/rest/v1/offers/ZZZZZZZZZZZZ'), 404);
    expectStatus(
      await buyer.c.post('/rest/v1/trade/start', { offer_hash: 'ZZZZZZZZZZZZ', fiat_amount: '20' }),
      404,
    );
    expectStatus(await buyer.c.post(`/rest/v1/trade/${tradeHash}/paid`), 409);
    expectStatus(await buyer.c.post(`/rest/v1/feedback/${tradeHash}/give`, { rating: 'positive' }), 409);
    expectStatus(
      await buyer.c.post('/rest/v1/trade/start', { offer_hash: offerHash, fiat_amount: '1' }),
      422,
    );
    expectStatus(await buyer.c.post('/rest/v1/trade/start', { offer_hash: offerHash }), 422);
    expectStatus(await buyer.c.get('/rest/v1/trade/history?status=nonsense'), 422);
    expectStatus(
      await buyer.c.post('/rest/v1/auth/register', { username: 'x', email: 'no', password: 'short' }),
      422,
    );
    expect(problemsSoFar()).toEqual([]);
  });

  // Every read once more, as a visitor, as a trader and as an admin, with the flows' ids where a path
  // needs one (and `1` elsewhere, which answers the documented 404): the statuses no flow above met.
  it('should answer every read of the document to a visitor, a trader and an admin', async () => {
    const admin = await s.staffMember('live_admin', 'admin');
    const document = t.app.swagger() as {
      paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
    };
    const named: Record<string, string> = {
      hash: offerHash,
      tradeHash,
      tradeId: tradeHash,
      username: seller.name,
      code: 'USD',
      file: 'bank-transfer.svg',
      area: 'dashboard-level-limitations',
      type: 'id',
    };
    const valueOf = (path: string, name: string) => {
      if (name === 'id') {
        if (/^\/rest\/v[12]\/(trade|feedback)\//.test(path)) return tradeHash;
        return /^\/rest\/v1\/(offers|favorites\/offers)\//.test(path) ? offerHash : '1';
      }
      if (name === 'slug') return path.startsWith('/rest/v1/pages/') ? 'fees' : 'bank-transfer';
      return named[name] ?? '1';
    };
    let reads = 0;
    for (const [path, byMethod] of Object.entries(document.paths)) {
      const read = byMethod.get;
      if (!read) continue;
      const query = (read.parameters ?? [])
        .filter((p) => p.in === 'query' && p.required)
        .map((p) => `${p.name}=${encodeURIComponent(String(validValue(p.schema, p.name, () => undefined)))}`);
      const url = `${path.replace(/\{([^}]+)\}/g, (_, name: string) => valueOf(path, name))}${query.length > 0 ? `?${query.join('&')}` : ''}`;
      const clients = path.startsWith('/rest/v1/admin/') ? [buyer.c, admin.c] : [t.client(), buyer.c];
      for (const client of clients) await client.get(url);
      reads += 1;
    }
    expect(reads).toBeGreaterThan(80);
    expect(problemsSoFar()).toEqual([]);
    // With the flows above, most of the API answered.
    expect(seen.size).toBeGreaterThan(100);
  });
});
