import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { TEST_NETWORK_ADDRESSES } from '../../../test/addresses.js';
import { kycLevelsEnv } from '../../../test/kyc-levels.js';
import { runAdminCommand } from '../../cli/commands.js';
import { checkLedger } from '../ledger/index.js';

/** These tests are about the wallet, not the KYC levels' send-out limits (their own tests are). */
const NO_WITHDRAWAL_LIMIT = kycLevelsEnv({ withdrawalUsd: null });

/**
 * Issue 10, item 7: an Idempotency-Key means one withdrawal. The same key with the same request replays
 * the first answer byte for byte; with another request it is 409 IDEMPOTENCY_KEY_REUSED, never the first
 * withdrawal dressed in the new request's recipient.
 */
describe('withdraw with an Idempotency-Key', () => {
  let t: TestApp;
  let alice: TestClient;
  let mallory: TestClient;
  const address = TEST_NETWORK_ADDRESSES.BTC;

  const admin = (...argv: string[]) => runAdminCommand({ db: t.database.db, config: t.config }, argv);
  const withdraw = (client: TestClient, body: Record<string, unknown>, key: string) =>
    client.request('POST', '/rest/v2/wallet/withdraw', body, { headers: { 'idempotency-key': key } });
  const available = async (client: TestClient) =>
    (
      (await client.get('/rest/v2/wallet/balances')).json().data as {
        cryptoCurrencyCode: string;
        balance: string;
      }[]
    ).find((b) => b.cryptoCurrencyCode === 'BTC')!.balance;

  beforeAll(async () => {
    t = await createTestApp({ ...NO_WITHDRAWAL_LIMIT, WALLET_NETWORK_FEES: 'BTC:0.0001' });
    alice = t.client();
    mallory = t.client();
    await alice.register('idem_alice');
    await mallory.register('idem_mallory');
    await t.client().register('idem_bob');
    await t.client().register('idem_carol');
    for (const user of ['idem_alice', 'idem_mallory']) {
      expect(
        (await admin('wallet:deposit', '--user', user, '--crypto', 'BTC', '--amount', '1')).exitCode,
      ).toBe(0);
    }
  });
  afterAll(async () => {
    const report = await checkLedger(t.database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
    await t.close();
  });

  it('should refuse the same key with another recipient or amount, and move nothing', async () => {
    const key = 'idem-key-other-body-1';
    const first = await withdraw(
      alice,
      { crypto_currency_code: 'BTC', amount: '0.01', username: 'idem_bob' },
      key,
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.recipientUsername).toBe('idem_bob');
    const before = await available(alice);

    for (const body of [
      { crypto_currency_code: 'BTC', amount: '0.01', username: 'idem_carol' },
      { crypto_currency_code: 'BTC', amount: '0.02', username: 'idem_bob' },
      { crypto_currency_code: 'BTC', amount: '0.01', address },
      { crypto_currency_code: 'ETH', amount: '0.01', username: 'idem_bob' },
    ]) {
      const reused = await withdraw(alice, body, key);
      expect(reused.statusCode, `${JSON.stringify(body)}: ${reused.body}`).toBe(409);
      expect(reused.json().errors[0].code).toBe('IDEMPOTENCY_KEY_REUSED');
    }
    expect(await available(alice)).toBe(before);
  });

  it('should replay the first answer byte for byte, with the first withdrawal’s own recipient', async () => {
    const key = 'idem-key-same-body-1';
    const first = await withdraw(
      alice,
      { crypto_currency_code: 'BTC', amount: '0.01', username: 'Idem_Bob' },
      key,
    );
    expect(first.statusCode, first.body).toBe(201);
    // The stored recipient's name, not the request's spelling of it.
    expect(first.json().data.recipientUsername).toBe('idem_bob');
    const before = await available(alice);
    // The same request spelled differently: the same coin, amount in base units and recipient.
    const again = await withdraw(
      alice,
      { crypto_currency_code: 'btc', amount: '0.010', username: 'IDEM_BOB' },
      key,
    );
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(await available(alice)).toBe(before);
  });

  it('should replay an external withdrawal as it was answered, after the chain moved it on', async () => {
    const key = 'idem-key-external-1';
    const body = { crypto_currency_code: 'BTC', amount: '0.05', address };
    const first = await withdraw(alice, body, key);
    expect(first.json().data).toMatchObject({ status: 'pending', txid: null });
    await admin('wallet:mine', '--blocks', '2');
    const [listed] = (await alice.get('/rest/v2/wallet/withdrawals')).json().data;
    expect(listed).toMatchObject({ id: first.json().data.id, status: 'completed' });
    const again = await withdraw(alice, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
  });

  it('should keep keys apart between users', async () => {
    const key = 'idem-key-shared-by-two';
    const body = { crypto_currency_code: 'BTC', amount: '0.01', username: 'idem_bob' };
    const mine = await withdraw(alice, body, key);
    const theirs = await withdraw(mallory, { ...body, username: 'idem_carol' }, key);
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json().data.id).not.toBe(mine.json().data.id);
    expect(theirs.json().data.recipientUsername).toBe('idem_carol');
    expect((await withdraw(alice, body, key)).body).toBe(mine.body);
  });
});
