import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers.js';
import { kycLevelsEnv } from '../../../../test/kyc-levels.js';
import {
  newTxid,
  ScriptedBitcoinAdapter,
  ScriptedChain,
  type ScriptedPayment,
} from '../../../../test/scripted-chain.js';
import { runAdminCommand } from '../../../cli/commands.js';
import { users } from '../../../platform/db/schema.js';
import { auditLog } from '../../audit/tables.js';
import { checkLedger, createLedger } from '../../ledger/index.js';
import { chainDeposits, depositAddresses } from '../tables.js';
import { createDepositBook } from './deposit-book.js';
import { createChainFollower, type ChainFollower } from './follower.js';
import { REAL_CUSTODY_VIEWS } from './custody-from-config.js';
import { REAL_CHAIN_ADAPTERS } from './networks.js';

const BTC = (n: string) => BigInt(Math.round(Number(n) * 1e8));

type Deposit = {
  txid: string;
  status: string;
  confirmations: number;
  requiredConfirmations: number;
  inMempool: boolean;
  reason: string | null;
  amount: string;
};

/**
 * Decision 0055 end to end: a scripted chain (a stand-in for the node) driving the real follower and
 * deposit book on a real database, seen through the real HTTP stack by the user and the console.
 */
describe('the chain follower and the deposit book', () => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;
  let staff: TestClient;
  let chain: ScriptedChain;
  let follower: ChainFollower;
  const address: Record<string, string> = {};

  const depositsOf = async (client: TestClient): Promise<Deposit[]> => {
    const response = await client.get('/rest/v2/wallet/deposits');
    expect(response.statusCode).toBe(200);
    return response.json().data as Deposit[];
  };
  const depositOf = async (client: TestClient, txid: string) =>
    (await depositsOf(client)).find((d) => d.txid === txid);
  const btcBalance = async (client: TestClient) =>
    (
      (await client.get('/rest/v2/wallet/balances')).json().data as {
        cryptoCurrencyCode: string;
        balance: string;
      }[]
    ).find((b) => b.cryptoCurrencyCode === 'BTC')!.balance;
  const pay = (who: string, amount: string, txid = newTxid(), outputIndex = 0): ScriptedPayment => ({
    coin: 'BTC',
    txid,
    outputIndex,
    address: address[who]!,
    amount: BTC(amount),
  });
  const userId = async (username: string) =>
    (await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
  const deficitOf = async (username: string) =>
    (
      await createLedger(t.database.db).accountState('BTC', {
        userId: await userId(username),
        kind: 'deficit',
      })
    ).balance;

  beforeAll(async () => {
    // The Bitcoin network is "real" here: BTC's deposits come from the follower, not the simulated miner.
    REAL_CHAIN_ADAPTERS.BTC = {
      esplora: (config) => new ScriptedBitcoinAdapter(config.wallet.confirmations),
    };
    // The stand-in has no chain to hold coins on: no custody view for BTC.
    REAL_CUSTODY_VIEWS.BTC = {};
    t = await createTestApp({
      ...kycLevelsEnv({ withdrawalUsd: null }),
      CHAIN_BTC: 'esplora',
      WALLET_CONFIRMATIONS: 'BTC:3',
      WALLET_NETWORK_FEES: 'BTC:0',
    });
    alice = t.client();
    bob = t.client();
    await alice.register('fo_alice');
    await bob.register('fo_bob');
    const created = await runAdminCommand({ db: t.database.db, config: t.config }, [
      'user:create',
      ...['--username', 'fo_staff', '--email', 'fo_staff@example.com', '--password', 'Str0ng-pass!'],
      ...['--role', 'moderator'],
    ]);
    expect(created.exitCode, created.output).toBe(0);
    staff = t.client();
    expect((await staff.login('fo_staff')).statusCode).toBe(200);

    for (const [name, client] of [
      ['alice', alice],
      ['bob', bob],
    ] as const) {
      const response = await client.get('/rest/v2/wallet/deposit-address?crypto_currency_code=BTC');
      expect(response.statusCode).toBe(200);
      expect(response.json().data.simulated).toBe(false);
      address[name] = response.json().data.address as string;
    }
    chain = new ScriptedChain('BTC', ['BTC']);
    follower = createChainFollower({
      db: t.database.db,
      source: chain,
      book: createDepositBook({ ledger: createLedger(t.database.db) }),
      requiredConfirmations: () => 3,
      startHeight: 0,
    });
  });
  afterEach(async () => {
    const report = await checkLedger(t.database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
  });
  afterAll(async () => {
    delete REAL_CHAIN_ADAPTERS.BTC;
    delete REAL_CUSTODY_VIEWS.BTC;
    await t?.close();
  });

  it('should derive each user’s address from their own index on the network, once', async () => {
    expect(address).toEqual({ alice: 'bcrt1qscripted000000', bob: 'bcrt1qscripted000001' });
    const again = await alice.get('/rest/v2/wallet/deposit-address?crypto_currency_code=BTC');
    expect(again.json().data.address).toBe(address.alice);
    // ETH, USDT and USDC share one index per user (the EVM network), whoever asks first.
    for (const code of ['USDT', 'ETH', 'USDC']) {
      expect((await bob.get(`/rest/v2/wallet/deposit-address?crypto_currency_code=${code}`)).statusCode).toBe(
        200,
      );
    }
    const rows = await t.database.db
      .select({ coin: depositAddresses.cryptoCode, index: depositAddresses.derivationIndex })
      .from(depositAddresses)
      .where(eq(depositAddresses.userId, await userId('fo_bob')));
    expect(Object.fromEntries(rows.map((r) => [r.coin, r.index]))).toEqual({
      BTC: 1,
      USDT: 0,
      ETH: 0,
      USDC: 0,
    });
  });

  it('should show a mempool payment as pending, then count confirmations, then credit it', async () => {
    const payment = pay('alice', '1');
    chain.toMempool(payment);
    expect(await follower.pass()).toMatchObject({ ran: true, caughtUp: true, credited: 0 });
    expect(await depositOf(alice, payment.txid)).toMatchObject({
      status: 'pending',
      confirmations: 0,
      requiredConfirmations: 3,
      inMempool: true,
      reason: null,
      amount: '1.00000000',
    });
    expect(await btcBalance(alice)).toBe('0.00000000');

    chain.mine([payment]);
    await follower.pass();
    expect(await depositOf(alice, payment.txid)).toMatchObject({
      status: 'pending',
      confirmations: 1,
      inMempool: false,
    });
    chain.mineEmpty(1);
    await follower.pass();
    expect((await depositOf(alice, payment.txid))?.confirmations).toBe(2);
    expect(await btcBalance(alice)).toBe('0.00000000');
    chain.mineEmpty(1);
    expect(await follower.pass()).toMatchObject({ credited: 1 });
    expect(await depositOf(alice, payment.txid)).toMatchObject({ status: 'confirmed', confirmations: 3 });
    expect(await btcBalance(alice)).toBe('1.00000000');
    // Another pass over the same chain credits nothing more.
    expect(await follower.pass()).toMatchObject({ credited: 0, blocksRead: 0 });
    expect(await btcBalance(alice)).toBe('1.00000000');
  });

  it('should keep the credit of a deposit a reorganisation moved into another block', async () => {
    const payment = pay('bob', '0.5');
    const at = chain.mine([payment]).height;
    chain.mineEmpty(2);
    await follower.pass();
    expect(await btcBalance(bob)).toBe('0.50000000');
    const before = (await depositOf(bob, payment.txid))!;
    expect(before.status).toBe('confirmed');
    // The block is replaced by one that holds the same transaction, one block later.
    chain.reorg(at - 1, [[], [payment], [], [], []]);
    const pass = await follower.pass();
    expect(pass).toMatchObject({ forkHeight: at - 1, reversed: 0 });
    const row = (
      await t.database.db.select().from(chainDeposits).where(eq(chainDeposits.txid, payment.txid))
    )[0]!;
    expect(row).toMatchObject({
      status: 'confirmed',
      blockHeight: at + 1,
      blockHash: chain.blockHash(at + 1),
    });
    expect(await btcBalance(bob)).toBe('0.50000000');
  });

  it('should reverse a spent deposit that left the chain: deficit, flag, seen by the user and the console', async () => {
    const payment = pay('alice', '0.4');
    const at = chain.mine([payment]).height;
    chain.mineEmpty(2);
    await follower.pass();
    expect(await btcBalance(alice)).toBe('1.40000000');
    // Alice sends 1.2 of her 1.4 to Bob: 0.2 stays.
    const sent = await alice.post('/rest/v2/wallet/withdraw', {
      crypto_currency_code: 'BTC',
      amount: '1.2',
      username: 'fo_bob',
    });
    expect(sent.statusCode, sent.body).toBe(201);

    // A longer chain without the 0.4 payment, and not in the mempool either.
    chain.reorg(at - 1, [[], [], [], []]);
    expect(await follower.pass()).toMatchObject({ forkHeight: at - 1, reversed: 1 });
    expect(await btcBalance(alice)).toBe('0.00000000');
    expect(await deficitOf('fo_alice')).toBe(-BTC('0.2'));

    const shown = (await depositOf(alice, payment.txid))!;
    expect(shown).toMatchObject({ status: 'reversed', confirmations: 0 });
    expect(shown.reason).toMatch(/reorganisation/);
    const history = (await alice.get('/rest/v2/wallet/transactions?kind=deposit_reversal')).json().data.items;
    expect(history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'deposit_reversal', account: 'available', amount: '-0.20000000' }),
        expect.objectContaining({ kind: 'deposit_reversal', account: 'deficit', amount: '-0.20000000' }),
      ]),
    );

    // The staff flag: the account notice "problem with the account balance", and an audit row.
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'fo_alice'));
    expect(user?.accountNotice).toBe(0);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.deposit_reversed'), eq(auditLog.targetId, 'fo_alice')));
    expect(audits).toHaveLength(1);

    const consoleView = await staff.get('/rest/v1/admin/chain/reversals');
    expect(consoleView.statusCode, consoleView.body).toBe(200);
    expect(consoleView.json().data.reversedDeposits).toEqual([
      expect.objectContaining({
        username: 'fo_alice',
        txid: payment.txid,
        amount: '0.40000000',
        status: 'reversed',
      }),
    ]);
    expect(consoleView.json().data.deficits).toEqual([
      {
        username: 'fo_alice',
        cryptoCurrencyCode: 'BTC',
        owed: '0.20000000',
        available: '0.00000000',
        accountNotice: 0,
      },
    ]);
    // Nobody else reads it.
    expect((await alice.get('/rest/v1/admin/chain/reversals')).statusCode).toBe(404);
  });

  it('should credit the same transaction again when it is mined again, paying the deficit first', async () => {
    const reversed = (await depositsOf(alice)).find((d) => d.status === 'reversed')!;
    const again = pay('alice', '0.4', reversed.txid);
    chain.mine([again]);
    await follower.pass();
    expect(await depositOf(alice, reversed.txid)).toMatchObject({ status: 'pending', confirmations: 1 });
    expect(await btcBalance(alice)).toBe('0.00000000');
    chain.mineEmpty(2);
    expect(await follower.pass()).toMatchObject({ credited: 1 });
    expect(await depositOf(alice, reversed.txid)).toMatchObject({ status: 'confirmed', reason: null });
    // 0.2 paid the deficit, 0.2 is available.
    expect(await deficitOf('fo_alice')).toBe(0n);
    expect(await btcBalance(alice)).toBe('0.20000000');
    const credits = (
      (await t.database.db.execute(
        `SELECT idempotency_key FROM ledger_transactions WHERE kind = 'deposit' AND reference_id = '${reversed.txid}:0' ORDER BY id`,
      )) as unknown as { rows: { idempotency_key: string }[] }
    ).rows.map((r) => r.idempotency_key);
    expect(credits).toHaveLength(2);
    expect(credits[1]).toMatch(/:after:\d+$/);
    // The console still lists the reversal, with what became of the deposit.
    const listed = (await staff.get('/rest/v1/admin/chain/reversals')).json().data;
    expect(listed.reversedDeposits[0]).toMatchObject({ txid: reversed.txid, status: 'confirmed' });
    expect(listed.deficits).toEqual([]);
  });

  it('should mark a pending deposit dropped when it leaves the mempool, and a mined one that left the chain', async () => {
    const unmined = pay('bob', '0.3');
    chain.toMempool(unmined);
    await follower.pass();
    expect(await depositOf(bob, unmined.txid)).toMatchObject({ status: 'pending', inMempool: true });
    chain.dropFromMempool(unmined.txid);
    expect(await follower.pass()).toMatchObject({ dropped: 1 });
    expect(await depositOf(bob, unmined.txid)).toMatchObject({ status: 'dropped', inMempool: false });
    expect((await depositOf(bob, unmined.txid))?.reason).toMatch(/before it was confirmed/);

    const mined = pay('bob', '0.25');
    const at = chain.mine([mined]).height;
    await follower.pass();
    expect(await depositOf(bob, mined.txid)).toMatchObject({ status: 'pending', confirmations: 1 });
    chain.reorg(at - 1, [[], []]);
    expect(await follower.pass()).toMatchObject({ dropped: 1, reversed: 0 });
    expect(await depositOf(bob, mined.txid)).toMatchObject({ status: 'dropped', confirmations: 0 });
    // Back in the mempool later: pending again.
    chain.toMempool(mined);
    await follower.pass();
    expect(await depositOf(bob, mined.txid)).toMatchObject({ status: 'pending', inMempool: true });
    expect(await btcBalance(bob)).toBe('1.70000000');
  });

  it('should read a long catch-up in bounded passes', async () => {
    const payment = pay('bob', '0.01', newTxid(), 3);
    chain.mineEmpty(70);
    chain.mine([payment, pay('bob', '0.02', payment.txid, 5)]);
    const first = await follower.pass();
    expect(first).toMatchObject({ blocksRead: 50, caughtUp: false });
    const second = await follower.pass();
    expect(second).toMatchObject({ caughtUp: true });
    const outputs = (await depositsOf(bob)).filter((d) => d.txid === payment.txid);
    expect(outputs.map((d) => d.amount).sort()).toEqual(['0.01000000', '0.02000000']);
  });

  it('should leave simulated coins to the simulated miner and refuse the faucet on a real one', async () => {
    const faucet = await runAdminCommand({ db: t.database.db, config: t.config }, [
      ...['wallet:deposit', '--user', 'fo_bob', '--crypto', 'BTC', '--amount', '1'],
    ]);
    expect(faucet.exitCode).toBe(1);
    expect(faucet.output).toContain('real chain');
    const eth = await runAdminCommand({ db: t.database.db, config: t.config }, [
      ...['wallet:deposit', '--user', 'fo_bob', '--crypto', 'ETH', '--amount', '1', '--pending'],
    ]);
    expect(eth.exitCode, eth.output).toBe(0);
    const mined = await runAdminCommand({ db: t.database.db, config: t.config }, [
      'wallet:mine',
      '--blocks',
      '12',
    ]);
    expect(mined.output).toContain('1 deposit(s) confirmed');
    // The pending BTC deposit is untouched by the simulated miner.
    expect(
      (await depositsOf(bob)).filter((d) => d.status === 'pending' && d.txid.length === 64).length,
    ).toBeGreaterThan(0);
  });
});
