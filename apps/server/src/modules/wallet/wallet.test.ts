import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { TEST_NETWORK_ADDRESSES } from '../../../test/addresses.js';
import { kycLevelsEnv } from '../../../test/kyc-levels.js';
import { runSeeds } from '../../seeds/index.js';
import { runAdminCommand } from '../../cli/commands.js';
import { checkLedger } from '../ledger/index.js';
import { createUsersService } from '../users/index.js';
import { BITCOIN_MAINNET_ADDRESS } from '../../../test/addresses.js';
import { bech32 } from 'bech32';
import { isValidAddress } from './chain/addresses.js';

/** These tests are about the wallet, not the KYC levels' send-out limits (their own tests are). */
const NO_WITHDRAWAL_LIMIT = kycLevelsEnv({ withdrawalUsd: null });

type Balance = { cryptoCurrencyCode: string; balance: string; incomingAmount: string; bondAmount: string };

describe('wallet', () => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;

  const admin = (...argv: string[]) => runAdminCommand({ db: t.database.db, config: t.config }, argv);
  const balanceOf = async (client: TestClient, code: string) => {
    const response = await client.get('/rest/v2/wallet/balances');
    expect(response.statusCode).toBe(200);
    return (response.json().data as Balance[]).find((b) => b.cryptoCurrencyCode === code)!;
  };
  const withdraw = (
    client: TestClient,
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) => client.request('POST', '/rest/v2/wallet/withdraw', body, { headers });

  beforeAll(async () => {
    t = await createTestApp({
      ...NO_WITHDRAWAL_LIMIT,
      BOND_AMOUNTS: 'BTC:0.01',
      WALLET_NETWORK_FEES: 'BTC:0.0001',
    });
    await runSeeds(t.database.db, { demoData: false });
    alice = t.client();
    bob = t.client();
    await alice.register('w_alice');
    await bob.register('w_bob');
    expect(
      (await admin('wallet:deposit', '--user', 'w_alice', '--crypto', 'BTC', '--amount', '1')).exitCode,
    ).toBe(0);
  });
  afterAll(async () => {
    const report = await checkLedger(t.database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
    await t.close();
  });

  it('should answer the spec fields for every coin, with the fiat rate', async () => {
    const response = await bob.get('/rest/v2/wallet/balances');
    const balances = response.json().data as (Balance & Record<string, unknown>)[];
    expect(balances.map((b) => b.cryptoCurrencyCode)).toEqual(
      expect.arrayContaining(['BTC', 'ETH', 'USDT', 'USDC', 'XMR']),
    );
    const btc = balances.find((b) => b.cryptoCurrencyCode === 'BTC')!;
    expect(btc).toMatchObject({
      balance: '0.00000000',
      incomingAmount: '0.00000000',
      fiatCurrencyCode: 'USD',
      fiatPrecision: 2,
    });
    expect(Number(btc.fiatRate)).toBeGreaterThan(1000);
    expect((await balanceOf(alice, 'BTC')).balance).toBe('1.00000000');
  });

  it('should need a login', async () => {
    expect((await t.client().get('/rest/v2/wallet/balances')).statusCode).toBe(401);
    expect((await t.client().get('/rest/v2/wallet/transactions')).statusCode).toBe(401);
  });

  it('should hand out one test-network deposit address per coin, said to be on the simulated chain', async () => {
    const expected = {
      BTC: { network: 'Bitcoin regtest', prefix: /^bcrt1q/ },
      LTC: { network: 'Litecoin regtest', prefix: /^rltc1q/ },
      ETH: { network: 'Ethereum (ERC-20)', prefix: /^0x/ },
      XMR: { network: 'Monero stagenet', prefix: /^5/ },
    };
    for (const [code, { network, prefix }] of Object.entries(expected)) {
      const first = (
        await alice.get(`/rest/v2/wallet/deposit-address?crypto_currency_code=${code.toLowerCase()}`)
      ).json().data;
      const again = (await alice.get(`/rest/v2/wallet/deposit-address?crypto_currency_code=${code}`)).json()
        .data;
      expect(first.address).toBe(again.address);
      expect(first).toMatchObject({ network, simulated: true });
      expect(first.address).toMatch(prefix);
      expect(isValidAddress(code, first.address, 'test')).toBe(true);
      // A mainnet wallet refuses it (Ethereum has no test format: the notice carries the safety there).
      if (code !== 'ETH') expect(isValidAddress(code, first.address, 'mainnet')).toBe(false);
      expect(first.requiredConfirmations).toBeGreaterThan(0);
    }
    const btc = (await alice.get('/rest/v2/wallet/deposit-address?crypto_currency_code=BTC')).json().data;
    // The bech32 library's own decoder: regtest's HRP, witness version 0, a 20-byte program.
    expect(bech32.decode(btc.address).prefix).toBe('bcrt');
    const other = (await bob.get('/rest/v2/wallet/deposit-address?crypto_currency_code=BTC')).json().data;
    expect(other.address).not.toBe(
      (await alice.get('/rest/v2/wallet/deposit-address?crypto_currency_code=BTC')).json().data.address,
    );
    const unknown = await alice.get('/rest/v2/wallet/deposit-address?crypto_currency_code=DOGE');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0].details[0]).toMatchObject({
      field: 'crypto_currency_code',
      code: 'unknown_crypto_currency',
    });
  });

  it('should show a pending deposit as incoming and credit it once when confirmed', async () => {
    const result = await admin(
      'wallet:deposit',
      '--user',
      'w_bob',
      '--crypto',
      'BTC',
      '--amount',
      '0.25',
      '--pending',
    );
    expect(result.output).toMatch(/pending 0.25 BTC to w_bob: 0\/2 confirmations/);
    expect(await balanceOf(bob, 'BTC')).toMatchObject({
      balance: '0.00000000',
      incomingAmount: '0.25000000',
    });
    const deposits = (await bob.get('/rest/v2/wallet/deposits')).json().data;
    expect(deposits[0]).toMatchObject({
      status: 'pending',
      confirmations: 0,
      requiredConfirmations: 2,
      amount: '0.25000000',
    });
    await admin('wallet:mine');
    expect((await balanceOf(bob, 'BTC')).balance).toBe('0.00000000');
    await admin('wallet:mine', '--blocks', '3');
    expect(await balanceOf(bob, 'BTC')).toMatchObject({
      balance: '0.25000000',
      incomingAmount: '0.00000000',
    });
  });

  describe('withdraw', () => {
    const address = TEST_NETWORK_ADDRESSES.BTC;

    it.each([
      ['-1', 'amount'],
      ['0', 'amount'],
      ['0.000000001', 'amount'],
      ['abc', 'amount'],
      ['1e3', 'amount'],
      ['5', 'amount'],
    ])('should refuse the amount %j with 422 on %s', async (amount, field) => {
      const response = await withdraw(alice, { crypto_currency_code: 'BTC', amount, address });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[0]).toMatchObject({ code: 'ERROR_INPUT_VALIDATION' });
      expect(response.json().errors[0].details.map((d: { field: string }) => d.field)).toContain(field);
    });

    it('should refuse a mainnet address on the simulated chain, saying which network it is', async () => {
      const before = await balanceOf(alice, 'BTC');
      const response = await withdraw(alice, {
        crypto_currency_code: 'BTC',
        amount: '0.1',
        address: BITCOIN_MAINNET_ADDRESS,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[0].details[0]).toEqual({
        field: 'address',
        code: 'wrong_network_address',
        message: 'A Bitcoin address: this wallet sends only to Bitcoin regtest addresses',
      });
      expect(await balanceOf(alice, 'BTC')).toEqual(before);
      const conditions = (
        await alice.get('/rest/v2/wallet/withdraw-conditions?crypto_currency_code=BTC')
      ).json().data;
      expect(conditions).toMatchObject({ network: 'Bitcoin regtest', simulated: true });
    });

    it('should refuse an invalid address and a missing or double target', async () => {
      const bad = await withdraw(alice, {
        crypto_currency_code: 'BTC',
        amount: '0.1',
        address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      });
      expect(bad.json().errors[0].details[0]).toMatchObject({ field: 'address', code: 'invalid_address' });
      const none = await withdraw(alice, { crypto_currency_code: 'BTC', amount: '0.1' });
      expect(none.statusCode).toBe(422);
      const both = await withdraw(alice, {
        crypto_currency_code: 'BTC',
        amount: '0.1',
        address,
        username: 'w_bob',
      });
      expect(both.statusCode).toBe(422);
    });

    it('should debit amount plus fee, stay pending, then complete on the chain', async () => {
      const before = await balanceOf(alice, 'BTC');
      const response = await withdraw(alice, { crypto_currency_code: 'BTC', amount: '0.1', address });
      expect(response.statusCode).toBe(201);
      const created = response.json().data;
      expect(created).toMatchObject({
        kind: 'external',
        status: 'pending',
        amount: '0.10000000',
        networkFee: '0.00010000',
        txid: null,
      });
      expect(Number((await balanceOf(alice, 'BTC')).balance)).toBeCloseTo(Number(before.balance) - 0.1001, 8);
      await admin('wallet:mine', '--blocks', '2');
      const [latest] = (await alice.get('/rest/v2/wallet/withdrawals')).json().data;
      expect(latest).toMatchObject({ id: created.id, status: 'completed' });
      expect(latest.txid).toMatch(/^[0-9a-f]{64}$/);
    });

    it('should send to another user instantly without a network fee', async () => {
      const bobBefore = await balanceOf(bob, 'BTC');
      const response = await withdraw(alice, {
        crypto_currency_code: 'BTC',
        amount: '0.05',
        username: 'W_BOB',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({
        kind: 'internal',
        status: 'completed',
        networkFee: '0.00000000',
      });
      expect(Number((await balanceOf(bob, 'BTC')).balance)).toBeCloseTo(Number(bobBefore.balance) + 0.05, 8);
      const self = await withdraw(alice, {
        crypto_currency_code: 'BTC',
        amount: '0.05',
        username: 'w_alice',
      });
      expect(self.json().errors[0].details[0]).toMatchObject({ field: 'username', code: 'self_transfer' });
      const nobody = await withdraw(alice, {
        crypto_currency_code: 'BTC',
        amount: '0.05',
        username: 'ghost_user',
      });
      expect(nobody.json().errors[0].details[0]).toMatchObject({ field: 'username', code: 'unknown_user' });
    });

    it('should send once per Idempotency-Key', async () => {
      const before = await balanceOf(alice, 'BTC');
      const headers = { 'idempotency-key': 'withdraw-once-0001' };
      const first = await withdraw(
        alice,
        { crypto_currency_code: 'BTC', amount: '0.01', username: 'w_bob' },
        headers,
      );
      const second = await withdraw(
        alice,
        { crypto_currency_code: 'BTC', amount: '0.01', username: 'w_bob' },
        headers,
      );
      expect(second.json().data.id).toBe(first.json().data.id);
      expect(Number((await balanceOf(alice, 'BTC')).balance)).toBeCloseTo(Number(before.balance) - 0.01, 8);
    });

    it('should report the conditions with the fee preview and refuse a frozen account', async () => {
      const conditions = (
        await alice.get('/rest/v2/wallet/withdraw-conditions?crypto_currency_code=BTC')
      ).json().data;
      expect(conditions).toMatchObject({
        withdraw_enabled: true,
        have_active_trades: false,
        need_to_wait_time_title: null,
        blockReason: null,
        networkFee: '0.00010000',
        network: 'Bitcoin regtest',
        simulated: true,
      });
      await createUsersService(t.database.db).setAccountState('w_bob', 'frozen');
      const frozen = await withdraw(bob, { crypto_currency_code: 'BTC', amount: '0.01', address });
      expect(frozen.statusCode).toBe(403);
      expect(frozen.json().errors[0].code).toBe('ACCOUNT_STATE_FORBIDS_ACTION');
      expect(
        (await bob.get('/rest/v2/wallet/withdraw-conditions?crypto_currency_code=BTC')).json().data
          .withdraw_enabled,
      ).toBe(false);
      await createUsersService(t.database.db).setAccountState('w_bob', 'active');
    });
  });

  describe('history', () => {
    it('should page through entries newest first and filter by kind', async () => {
      const first = (await alice.get('/rest/v2/wallet/transactions?limit=2')).json().data;
      expect(first.items).toHaveLength(2);
      expect(first.nextCursor).toBe(first.items[1].id);
      const second = (
        await alice.get(`/rest/v2/wallet/transactions?limit=2&cursor=${first.nextCursor}`)
      ).json().data;
      expect(second.items[0].id).toBeLessThan(first.items[1].id);
      const deposits = (await alice.get('/rest/v2/wallet/transactions?kind=deposit')).json().data;
      expect(deposits.items.every((i: { kind: string }) => i.kind === 'deposit')).toBe(true);
      expect(deposits.items.at(-1)).toMatchObject({
        amount: '1.00000000',
        account: 'available',
        cryptoCurrencyCode: 'BTC',
      });
      expect((await alice.get('/rest/v2/wallet/transactions?kind=nonsense')).statusCode).toBe(422);
      const bobs = (await bob.get('/rest/v2/wallet/transactions?kind=withdrawal')).json().data;
      expect(bobs.items).toHaveLength(0);
    });
  });

  describe('bond', () => {
    it('should deposit what is missing, refuse a second deposit, and retrieve it', async () => {
      const status = (await alice.get('/rest/v2/wallet/bond')).json().data;
      const btc = status.coins.find((c: { currencyCode: string }) => c.currencyCode === 'BTC');
      expect(btc).toMatchObject({
        requiredAmount: '0.01000000',
        depositedAmount: '0.00000000',
        missingAmount: '0.01000000',
        canDeposit: true,
      });
      const deposited = await alice.post('/wallet/deposit-bond', { crypto_currency_code: 'BTC' });
      expect(deposited.statusCode).toBe(200);
      expect((await balanceOf(alice, 'BTC')).bondAmount).toBe('0.01000000');
      const again = await alice.post('/wallet/deposit-bond', { crypto_currency_code: 'BTC' });
      expect(again.json().errors[0].code).toBe('BOND_ALREADY_DEPOSITED');
      const retrieved = await alice.post('/wallet/retrieve-bond', {});
      expect(retrieved.statusCode).toBe(200);
      expect((await balanceOf(alice, 'BTC')).bondAmount).toBe('0.00000000');
      expect((await alice.post('/wallet/retrieve-bond', {})).json().errors[0].code).toBe(
        'BOND_NOT_DEPOSITED',
      );
    });

    it('should keep the bond while a hold runs', async () => {
      await alice.post('/wallet/deposit-bond', { crypto_currency_code: 'BTC' });
      await t.app.wallet.holdBond(
        (await createUsersService(t.database.db).getByUsername('w_alice')).id,
        'BTC',
      );
      const locked = await alice.post('/wallet/retrieve-bond', { crypto_currency_code: 'BTC' });
      expect(locked.statusCode).toBe(409);
      expect(locked.json().errors[0].code).toBe('BOND_LOCKED');
    });

    it('should refuse a bond the balance cannot cover', async () => {
      const response = await bob.post('/wallet/deposit-bond', { crypto_currency_code: 'ETH' });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[0].code).toBe('INSUFFICIENT_FUNDS');
    });
  });
});

describe('wallet block reasons', () => {
  it('should refuse withdrawals with ID_REQUIRED and BLOCKED_IN_LOCATION', async () => {
    // Below an ID (L2) nothing may leave the wallet.
    const t = await createTestApp({
      ...kycLevelsEnv({ withdrawalUsd: 0 }, { below: 'L2' }),
      WALLET_BLOCKED_COUNTRIES: 'KP',
    });
    try {
      await runSeeds(t.database.db, { demoData: false });
      const client = t.client();
      await client.register('blocked_one');
      const body = {
        crypto_currency_code: 'BTC',
        amount: '0.1',
        address: TEST_NETWORK_ADDRESSES.BTC,
      };
      const kyc = await client.post('/rest/v2/wallet/withdraw', body);
      expect(kyc.statusCode).toBe(403);
      expect(kyc.json().errors[0].code).toBe('ID_REQUIRED');
      await t.database.db.execute(
        (await import('drizzle-orm')).sql`UPDATE users SET country_iso = 'KP' WHERE username = 'blocked_one'`,
      );
      const location = await client.post('/rest/v2/wallet/withdraw', body);
      expect(location.json().errors[0].code).toBe('BLOCKED_IN_LOCATION');
      const conditions = (
        await client.get('/rest/v2/wallet/withdraw-conditions?crypto_currency_code=BTC')
      ).json().data;
      expect(conditions.blockReason).toBe('BLOCKED_IN_LOCATION');
    } finally {
      await t.close();
    }
  });
});
