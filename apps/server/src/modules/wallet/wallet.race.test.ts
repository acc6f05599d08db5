import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { kycLevelsEnv } from '../../../test/kyc-levels.js';
import { onPostgres } from '../../../test/db.js';
import { runAdminCommand } from '../../cli/commands.js';
import { checkLedger } from '../ledger/index.js';

/** These tests are about the wallet, not the KYC levels' send-out limits (their own tests are). */
const NO_WITHDRAWAL_LIMIT = kycLevelsEnv({ withdrawalUsd: null });

/** Through the whole HTTP stack on a real PostgreSQL server, where requests truly run at once. */
describe.skipIf(!onPostgres())('wallet under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let sender: TestClient;
  beforeAll(async () => {
    t = await createTestApp({ ...NO_WITHDRAWAL_LIMIT, WALLET_NETWORK_FEES: 'BTC:0' });
    sender = t.client();
    await sender.register('race_sender');
    await t.client().register('race_receiver');
    await runAdminCommand({ db: t.database.db, config: t.config }, [
      'wallet:deposit',
      '--user',
      'race_sender',
      '--crypto',
      'BTC',
      '--amount',
      '0.1',
    ]);
  });
  const btcOf = async (client: TestClient) =>
    (
      (await client.get('/rest/v2/wallet/balances')).json().data as {
        cryptoCurrencyCode: string;
        balance: string;
      }[]
    ).find((b) => b.cryptoCurrencyCode === 'BTC')!.balance;
  afterAll(async () => {
    const report = await checkLedger(t.database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
    await t.close();
  });

  it('should complete exactly 10 of 50 parallel withdrawals when the balance covers 10', async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        sender.request(
          'POST',
          '/rest/v2/wallet/withdraw',
          { crypto_currency_code: 'BTC', amount: '0.01', username: 'race_receiver' },
          { headers: { 'idempotency-key': `race-withdraw-${i}` } },
        ),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 422)).toHaveLength(40);
    for (const r of responses.filter((x) => x.statusCode === 422)) {
      expect(r.json().errors[0].details[0]).toMatchObject({ field: 'amount', code: 'insufficient_funds' });
    }
    const balances = (await sender.get('/rest/v2/wallet/balances')).json().data;
    expect(balances.find((b: { cryptoCurrencyCode: string }) => b.cryptoCurrencyCode === 'BTC').balance).toBe(
      '0.00000000',
    );
  });

  it('should send once when the same Idempotency-Key arrives 20 times at once', async () => {
    await runAdminCommand({ db: t.database.db, config: t.config }, [
      'wallet:deposit',
      '--user',
      'race_sender',
      '--crypto',
      'BTC',
      '--amount',
      '0.05',
    ]);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        sender.request(
          'POST',
          '/rest/v2/wallet/withdraw',
          { crypto_currency_code: 'BTC', amount: '0.01', username: 'race_receiver' },
          { headers: { 'idempotency-key': 'race-same-key-0001' } },
        ),
      ),
    );
    expect(responses.every((r) => r.statusCode === 201)).toBe(true);
    expect(new Set(responses.map((r) => r.json().data.id)).size).toBe(1);
    // The stored first answer, byte for byte, whichever request made it.
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    const balances = (await sender.get('/rest/v2/wallet/balances')).json().data;
    expect(balances.find((b: { cryptoCurrencyCode: string }) => b.cryptoCurrencyCode === 'BTC').balance).toBe(
      '0.04000000',
    );
  });

  it('should replay, not refuse, identical requests when the first one spent the whole balance', async () => {
    const before = await btcOf(sender);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        sender.request(
          'POST',
          '/rest/v2/wallet/withdraw',
          { crypto_currency_code: 'BTC', amount: before, username: 'race_receiver' },
          { headers: { 'idempotency-key': 'race-same-key-all-of-it' } },
        ),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect(await btcOf(sender)).toBe('0.00000000');
  });

  it('should send once and refuse the other requests when one key carries two different bodies', async () => {
    await runAdminCommand({ db: t.database.db, config: t.config }, [
      'wallet:deposit',
      '--user',
      'race_sender',
      '--crypto',
      'BTC',
      '--amount',
      '0.05',
    ]);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        sender.request(
          'POST',
          '/rest/v2/wallet/withdraw',
          { crypto_currency_code: 'BTC', amount: i % 2 === 0 ? '0.01' : '0.02', username: 'race_receiver' },
          { headers: { 'idempotency-key': 'race-key-two-bodies' } },
        ),
      ),
    );
    const created = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode === 409);
    expect(created.length + refused.length).toBe(20);
    expect(new Set(created.map((r) => r.body)).size).toBe(1);
    const sent = created[0]!.json().data.amount as string;
    // Every request with the winner's body replays it; every request with the other body is refused.
    expect(created).toHaveLength(10);
    for (const r of refused) expect(r.json().errors[0].code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await btcOf(sender)).toBe(sent === '0.01000000' ? '0.04000000' : '0.03000000');
  });

  it('should deposit the bond once when two requests race', async () => {
    await runAdminCommand({ db: t.database.db, config: t.config }, [
      'wallet:deposit',
      '--user',
      'race_sender',
      '--crypto',
      'USDT',
      '--amount',
      '1000',
    ]);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => sender.post('/wallet/deposit-bond', { crypto_currency_code: 'USDT' })),
    );
    expect(responses.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    const balances = (await sender.get('/rest/v2/wallet/balances')).json().data;
    const usdt = balances.find((b: { cryptoCurrencyCode: string }) => b.cryptoCurrencyCode === 'USDT');
    expect(usdt).toMatchObject({ bondAmount: '150.000000', balance: '850.000000' });
  });
});
