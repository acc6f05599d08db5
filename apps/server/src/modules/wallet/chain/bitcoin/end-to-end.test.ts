import { eq } from 'drizzle-orm';
import { HDKey } from '@scure/bip32';
import * as btc from '@scure/btc-signer';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEsploraServer, type EsploraServer } from '../../../../../test/chain/esplora-server.js';
import { RegtestChain, testKey, type TestKey } from '../../../../../test/chain/regtest-chain.js';
import { createTestApp, type TestApp, type TestClient } from '../../../../../test/helpers.js';
import { kycLevelsEnv } from '../../../../../test/kyc-levels.js';
import { runAdminCommand } from '../../../../cli/commands.js';
import { users } from '../../../../platform/db/schema.js';
import { checkLedger, createLedger } from '../../../ledger/index.js';
import { bitcoinPayoutsFromConfig } from '../../payouts/from-config.js';
import type { BitcoinPayouts } from '../../payouts/service.js';
import { chainFromConfig } from '../from-config.js';
import { followersFromConfig, type ChainFollower } from '../follower.js';
import { verifyBip322 } from './bip322.js';
import { bitcoinNetwork, signerNetwork } from './networks.js';

const REGTEST = bitcoinNetwork('BTC', 'regtest');
const NET = signerNetwork(REGTEST);
const SEED = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex');
const ACCOUNT = HDKey.fromMasterSeed(SEED, { public: 0x043587cf, private: 0x04358394 }).derive("m/84'/1'/0'");
const DESCRIPTOR = `wpkh([3442193e/84'/1'/0']${ACCOUNT.publicExtendedKey}/0/*)`;
const HOT = testKey(REGTEST, 'e2e hot wallet');
const OUTSIDE = testKey(REGTEST, 'e2e outside wallet');
const BTC = (n: string) => BigInt(Math.round(Number(n) * 1e8));

type Deposit = { txid: string; status: string; confirmations: number; inMempool: boolean; amount: string };

/**
 * Issue 27 end to end on Bitcoin: the server built from CHAIN_BTC=esplora settings (descriptor, hot wallet
 * key, node URL) against an Esplora server over a regtest chain of real blocks and signed transactions.
 * The follower, the payouts and the custody views are the ones main.ts and the admin commands build from
 * the same configuration; users and staff see the results through the HTTP API; `chain:reconcile` then
 * compares the chain with the ledger.
 */
describe('Bitcoin on Esplora, end to end', () => {
  let chain: RegtestChain;
  let server: EsploraServer;
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;
  let staff: TestClient;
  let follower: ChainFollower;
  let payouts: BitcoinPayouts;
  const address: Record<string, string> = {};

  const depositOf = async (client: TestClient, txid: string) =>
    ((await client.get('/rest/v2/wallet/deposits')).json().data as Deposit[]).find((d) => d.txid === txid);
  const btcBalance = async (client: TestClient) =>
    (
      (await client.get('/rest/v2/wallet/balances')).json().data as {
        cryptoCurrencyCode: string;
        balance: string;
      }[]
    ).find((b) => b.cryptoCurrencyCode === 'BTC')!.balance;
  const deficitOf = async (username: string) => {
    const [user] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, username));
    return (await createLedger(t.database.db).accountState('BTC', { userId: user!.id, kind: 'deficit' }))
      .balance;
  };
  const reconcile = () => runAdminCommand({ db: t.database.db, config: t.config }, ['chain:reconcile']);
  const onChain = (key: Pick<TestKey, 'script'>) =>
    chain.unspentOf(key.script).reduce((sum, coin) => sum + coin.value, 0n);

  /** The descriptor's key at `index`: the operator's offline wallet (the server never has it). */
  const depositKey = (index: number) => {
    const child = ACCOUNT.deriveChild(0).deriveChild(index);
    const payment = btc.p2wpkh(child.publicKey!, NET);
    return { privateKey: child.privateKey!, address: payment.address!, script: payment.script };
  };

  /**
   * The operator moves a deposit address's coins to the hot wallet, whole: the chain fee is paid by an
   * outside input (the miner's), so what the platform holds on chain does not change and reconciliation
   * has nothing to explain.
   */
  function operatorMovesToHot(index: number) {
    const from = depositKey(index);
    const coins = chain.unspentOf(from.script);
    const sponsor = chain.unspentOf(chain.miner.script).find((c) => c.height !== null && !c.coinbase)!;
    const tx = new btc.Transaction();
    for (const coin of [...coins, sponsor]) {
      tx.addInput({
        txid: coin.txid,
        index: coin.vout,
        witnessUtxo: { script: coin.script, amount: coin.value },
      });
    }
    const moved = coins.reduce((sum, coin) => sum + coin.value, 0n);
    tx.addOutputAddress(HOT.address, moved, NET);
    tx.addOutputAddress(chain.miner.address, sponsor.value - 10_000n, NET);
    tx.sign(from.privateKey);
    tx.sign(chain.miner.privateKey);
    tx.finalize();
    chain.submit(tx.hex);
    return moved;
  }

  beforeAll(async () => {
    chain = new RegtestChain(REGTEST);
    chain.mine(101);
    // A miner's output that is not a coinbase: sponsors the operator's fee above.
    chain.pay(chain.miner, [{ address: chain.miner.address, amount: BTC('1') }]);
    chain.mine(1);
    server = await startEsploraServer(chain);
    server.feeEstimates = { '1': 3, '2': 2, '3': 2, '6': 1, '144': 1 };
    t = await createTestApp({
      ...kycLevelsEnv({ withdrawalUsd: null }),
      CHAIN_BTC: 'esplora',
      BTC_NETWORK: 'regtest',
      BTC_ESPLORA_URL: server.url,
      BTC_DEPOSIT_DESCRIPTOR: DESCRIPTOR,
      BTC_HOT_WALLET_KEY: btc.WIF(NET).encode(HOT.privateKey),
      WALLET_CONFIRMATIONS: 'BTC:2',
      WALLET_NETWORK_FEES: 'BTC:0.00002',
    });
    alice = t.client();
    bob = t.client();
    await alice.register('e2e_alice');
    await bob.register('e2e_bob');
    const created = await runAdminCommand({ db: t.database.db, config: t.config }, [
      'user:create',
      ...['--username', 'e2e_staff', '--email', 'e2e_staff@example.com', '--password', 'Str0ng-pass!'],
      ...['--role', 'admin'],
    ]);
    expect(created.exitCode, created.output).toBe(0);
    staff = t.client();
    expect((await staff.login('e2e_staff')).statusCode).toBe(200);
    for (const [name, client] of [
      ['alice', alice],
      ['bob', bob],
    ] as const) {
      const response = await client.get('/rest/v2/wallet/deposit-address?crypto_currency_code=BTC');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.simulated).toBe(false);
      address[name] = response.json().data.address as string;
    }
    // The descriptor's first two addresses, in the order the users asked.
    expect(address).toEqual({ alice: depositKey(0).address, bob: depositKey(1).address });

    const followers = followersFromConfig(t.database.db, t.config, chainFromConfig(t.config));
    expect(followers.map((f) => f.follower.network)).toEqual(['BTC']);
    follower = followers[0]!.follower;
    const configured = bitcoinPayoutsFromConfig(t.database.db, t.config);
    expect(configured.map((p) => p.network)).toEqual(['BTC']);
    payouts = configured[0]!;
    await follower.pass();
  });
  afterEach(async () => {
    const report = await checkLedger(t.database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  it('should show a mempool deposit as pending, count its confirmations and credit it once', async () => {
    const txid = chain.pay(chain.miner, [{ address: address.alice!, amount: BTC('0.5') }]);
    expect(await follower.pass()).toMatchObject({ ran: true, credited: 0 });
    expect(await depositOf(alice, txid)).toMatchObject({
      status: 'pending',
      confirmations: 0,
      inMempool: true,
      amount: '0.50000000',
    });
    expect(await btcBalance(alice)).toBe('0.00000000');
    // Seen, not credited: reconciliation explains the difference.
    const pending = await reconcile();
    expect(pending.exitCode, pending.output).toBe(0);
    expect(pending.output).toContain('deposits seen on chain, not credited yet');

    chain.mine(1);
    await follower.pass();
    expect(await depositOf(alice, txid)).toMatchObject({
      status: 'pending',
      confirmations: 1,
      inMempool: false,
    });
    expect(await btcBalance(alice)).toBe('0.00000000');
    chain.mine(1);
    expect(await follower.pass()).toMatchObject({ credited: 1 });
    expect(await depositOf(alice, txid)).toMatchObject({ status: 'confirmed', confirmations: 2 });
    expect(await btcBalance(alice)).toBe('0.50000000');
    // Passes over the same chain credit nothing more.
    expect(await follower.pass()).toMatchObject({ credited: 0, blocksRead: 0 });
    chain.mine(1);
    expect(await follower.pass()).toMatchObject({ credited: 0 });
    expect(await btcBalance(alice)).toBe('0.50000000');

    const clean = await reconcile();
    expect(clean.exitCode, clean.output).toBe(0);
    expect(clean.output).toContain('deposit 0.50000000 BTC');
  });

  it('should batch a withdrawal, sign and broadcast it through Esplora, and settle it', async () => {
    // The hot wallet is funded the way an operator does: from deposit addresses, offline.
    expect(operatorMovesToHot(0)).toBe(BTC('0.5'));
    chain.mine(1);
    await follower.pass();

    const first = await alice.post('/rest/v2/wallet/withdraw', {
      crypto_currency_code: 'BTC',
      amount: '0.1',
      address: OUTSIDE.address,
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await alice.post('/rest/v2/wallet/withdraw', {
      crypto_currency_code: 'BTC',
      amount: '0.2',
      address: OUTSIDE.address,
    });
    expect(second.statusCode, second.body).toBe(201);
    const ids = [first.json().data.id as string, second.json().data.id as string];

    const pass = await payouts.pass();
    expect(pass.sent).toMatchObject({ state: 'sent', withdrawals: 2, broadcast: 'accepted' });
    if (pass.sent.state !== 'sent') return;
    const { txid } = pass.sent;
    // The node has it: a real transaction in the mempool, its signature checked by the node.
    expect(server.requests).toContain('POST /tx');
    expect(chain.mempool.has(txid)).toBe(true);
    const listed = async () =>
      (
        (await alice.get('/rest/v2/wallet/withdrawals')).json().data as {
          id: string;
          txid: string;
          status: string;
        }[]
      )
        .filter((w) => ids.includes(w.id))
        .map((w) => ({ txid: w.txid, status: w.status }));
    expect(await listed()).toEqual([
      { txid, status: 'pending' },
      { txid, status: 'pending' },
    ]);
    // Broadcast, not settled: explained by reconciliation.
    const inFlight = await reconcile();
    expect(inFlight.exitCode, inFlight.output).toBe(0);
    expect(inFlight.output).toContain('withdrawals broadcast, not settled');

    chain.mine(1);
    expect(await payouts.pass()).toMatchObject({ tracked: { settled: 0 } });
    chain.mine(1);
    expect(await payouts.pass()).toMatchObject({ tracked: { settled: 1 } });
    expect(await listed()).toEqual([
      { txid, status: 'completed' },
      { txid, status: 'completed' },
    ]);
    expect(onChain(OUTSIDE)).toBe(BTC('0.3'));
    // Charged 2 × 0.00002 for the network.
    expect(await btcBalance(alice)).toBe('0.19996000');
    // Settled once.
    expect(await payouts.pass()).toMatchObject({ tracked: { settled: 0 } });
    await follower.pass();

    const clean = await reconcile();
    expect(clean.exitCode, clean.output).toBe(0);
    // Compared with the chain (the hot wallet's 0.5 less 0.3 and the fee), not skipped.
    expect(clean.output).toMatch(/on chain 0\.199\d+ BTC = hot 0\.199\d+ BTC \+ deposit 0\.00000000 BTC/);
    expect(clean.output).toContain('reconciliation: ok');

    // The console's custody view and the proof of reserves read the same chain.
    const hot = onChain(HOT);
    const custody = await staff.get('/rest/v1/admin/custody');
    expect(custody.statusCode, custody.body).toBe(200);
    expect(
      (custody.json().data.coins as { cryptoCurrencyCode: string }[]).find(
        (c) => c.cryptoCurrencyCode === 'BTC',
      ),
    ).toMatchObject({ custody: 'chain', hot: hot.toString(), deposit: '0', cold: '0' });
    const published = await runAdminCommand({ db: t.database.db, config: t.config }, ['reserves:publish']);
    expect(published.exitCode, published.output).toBe(0);
    const snapshot = (await t.client().get('/rest/v2/wallet/proof-of-reserves')).json().data.snapshot as {
      addresses: {
        cryptoCurrencyCode: string;
        place: string;
        address: string;
        amount: string;
        message: string;
        signature: string;
        scheme: string;
      }[];
    };
    const proof = snapshot.addresses.find((a) => a.cryptoCurrencyCode === 'BTC')!;
    expect(proof).toMatchObject({
      place: 'hot',
      address: HOT.address,
      amount: hot.toString(),
      scheme: 'bip322',
    });
    expect(verifyBip322(proof.address, proof.message, proof.signature, REGTEST)).toBe(true);
  });

  it('should reverse a credited deposit a reorganisation removed: deficit, shown to the console', async () => {
    const txid = chain.pay(chain.miner, [{ address: address.bob!, amount: BTC('0.2') }]);
    const [depositBlock] = chain.mine(2);
    expect(await follower.pass()).toMatchObject({ credited: 1 });
    expect(await btcBalance(bob)).toBe('0.20000000');
    // Bob spends most of it on the platform before the reorganisation.
    const sent = await bob.post('/rest/v2/wallet/withdraw', {
      crypto_currency_code: 'BTC',
      amount: '0.15',
      username: 'e2e_alice',
    });
    expect(sent.statusCode, sent.body).toBe(201);

    // A longer branch without Bob's payment, and not in the mempool either.
    const forkHeight = chain.height - 2;
    chain.reorg(2);
    expect(chain.findTx(txid)).toBeUndefined();
    expect(chain.known.has(depositBlock!)).toBe(true);
    expect(await follower.pass()).toMatchObject({ forkHeight, reversed: 1 });
    expect(await btcBalance(bob)).toBe('0.00000000');
    expect(await deficitOf('e2e_bob')).toBe(-BTC('0.15'));
    expect(await depositOf(bob, txid)).toMatchObject({ status: 'reversed', confirmations: 0 });

    const view = await staff.get('/rest/v1/admin/chain/reversals');
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data.reversedDeposits).toEqual([
      expect.objectContaining({ username: 'e2e_bob', txid, amount: '0.20000000', status: 'reversed' }),
    ]);
    expect(view.json().data.deficits).toEqual([
      expect.objectContaining({ username: 'e2e_bob', cryptoCurrencyCode: 'BTC', owed: '0.15000000' }),
    ]);

    // The chain and the ledger agree: Bob's coins are gone from both, what he owes is his deficit.
    const clean = await reconcile();
    expect(clean.exitCode, clean.output).toBe(0);
    expect(clean.output).toContain('deficits -0.15000000 BTC');
    expect(clean.output).toContain('reconciliation: ok');
  });
});
