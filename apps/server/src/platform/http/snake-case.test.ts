import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { runAdminCommand } from '../../cli/commands.js';
import { checkLedger } from '../../modules/ledger/index.js';

/**
 * `?case=snake` on real writes (issue 10, item 3): the answer used to be converted before its schema
 * checked it, so the client got a 500 after the write had committed, and a retry wrote twice. Each test
 * here checks the 2xx, the snake_case keys and that the write happened exactly once.
 */
describe('?case=snake on writes', () => {
  let t: TestApp;
  let seller: TestClient;
  const admin = (...argv: string[]) => runAdminCommand({ db: t.database.db, config: t.config }, argv);
  const count = async (query: ReturnType<typeof sql>) => {
    const result = (await t.database.db.execute(query)) as unknown as { rows: { n: string | number }[] };
    return Number(result.rows[0]!.n);
  };

  beforeAll(async () => {
    t = await createTestApp({ BOND_AMOUNTS: 'BTC:0.01', WALLET_NETWORK_FEES: 'BTC:0.0001' });
    seller = t.client();
    await seller.register('snake_seller');
    expect(
      (await admin('wallet:deposit', '--user', 'snake_seller', '--crypto', 'BTC', '--amount', '1')).exitCode,
    ).toBe(0);
  });
  afterAll(async () => {
    const report = await checkLedger(t.database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
    await t.close();
  });

  it('should register once and answer 201 in snake_case', async () => {
    const client = t.client();
    const response = await client.post('/rest/v1/auth/register?case=snake', {
      username: 'snake_new',
      email: 'snake_new@example.com',
      password: 'Str0ng-pass!',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ username: 'snake_new', is_logged: true });
    expect(response.json().data).not.toHaveProperty('isLogged');
    expect(await count(sql`SELECT count(*) AS n FROM users WHERE username = 'snake_new'`)).toBe(1);
  });

  it('should send a withdrawal once and answer 201 in snake_case', async () => {
    const recipient = t.client();
    await recipient.register('snake_recipient');
    const response = await seller.post('/rest/v2/wallet/withdraw?case=snake', {
      crypto_currency_code: 'BTC',
      amount: '0.1',
      username: 'snake_recipient',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      crypto_currency_code: 'BTC',
      recipient_username: 'snake_recipient',
      network_fee: expect.any(String),
    });
    const withdrawals = (await seller.get('/rest/v2/wallet/withdrawals')).json().data as unknown[];
    expect(withdrawals).toHaveLength(1);
    const balances = (await recipient.get('/rest/v2/wallet/balances')).json().data as {
      cryptoCurrencyCode: string;
      balance: string;
    }[];
    expect(balances.find((b) => b.cryptoCurrencyCode === 'BTC')?.balance).toBe('0.10000000');
  });

  it('should deposit the bond once and answer 200 in snake_case', async () => {
    const response = await seller.post('/wallet/deposit-bond?case=snake', { crypto_currency_code: 'BTC' });
    expect(response.statusCode, response.body).toBe(200);
    const btc = (response.json().data.coins as Record<string, unknown>[]).find(
      (c) => c.currency_code === 'BTC',
    );
    expect(btc).toMatchObject({ deposited_amount: '0.01000000', missing_amount: '0.00000000' });
    expect(response.json().data).toHaveProperty('hold_days');
    expect(await count(sql`SELECT count(*) AS n FROM ledger_transactions WHERE kind = 'bond_deposit'`)).toBe(
      1,
    );
  });

  it('should create an offer once and answer 201 in snake_case', async () => {
    const response = await seller.post('/rest/v1/my-offers?case=snake', {
      type: 'sell',
      crypto_currency_code: 'BTC',
      fiat_currency_code: 'USD',
      payment_method: 'bank-transfer',
      margin: '1',
      range_min: '10',
      range_max: '500',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toHaveProperty('id_hashed');
    expect(response.json().data).not.toHaveProperty('idHashed');
    const list = (await seller.get('/rest/v1/my-offers/list')).json().data as { offers: unknown[] };
    expect(list.offers).toHaveLength(1);
  });

  it('should answer an anonymous read with a response schema in snake_case', async () => {
    const response = await t.client().get('/rest/v1/offers/report-reasons?case=snake');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data[0]).toEqual({ reason: 'outside_escrow', requires_message: false });
  });

  it('should answer errors in the envelope with ?case=snake too', async () => {
    const response = await seller.post('/rest/v2/wallet/withdraw?case=snake', {
      crypto_currency_code: 'BTC',
      amount: 'abc',
      username: 'snake_recipient',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatchObject({
      code: 'ERROR_INPUT_VALIDATION',
      details: expect.arrayContaining([expect.objectContaining({ field: 'amount' })]),
    });
  });
});
