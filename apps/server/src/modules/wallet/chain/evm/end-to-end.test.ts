import { eq } from 'drizzle-orm';
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  parseEther,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startHardhatNode, type HardhatNode } from '../../../../../test/chain/hardhat-node.js';
import { createTestApp, type TestApp, type TestClient } from '../../../../../test/helpers.js';
import { kycLevelsEnv } from '../../../../../test/kyc-levels.js';
import { runAdminCommand } from '../../../../cli/commands.js';
import { checkLedger, createLedger } from '../../../ledger/index.js';
import { depositAddresses, evmSweeps, withdrawals } from '../../tables.js';
import { chainFromConfig } from '../from-config.js';
import { followersFromConfig, type ChainFollower } from '../follower.js';
import { contractArtifact, deployForwarderFactory } from './contracts.js';
import { evmFromConfig, type EvmParts } from './from-config.js';
import { startEvmHotWallet } from './hot-wallet-loop.js';

// Hardhat's well-known development keys (public: never hold value): #0 the hot wallet, #1 a customer's
// outside wallet that pays deposits; withdrawals go to #2's address.
const HOT_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const PAYER_KEY: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const RECIPIENT = getAddress('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc');

type Deposit = { txid: string; cryptoCurrencyCode: string; status: string; confirmations: number };

/**
 * Issue 27 end to end on the EVM chain: the server built from CHAIN_EVM=rpc settings against a local
 * Hardhat node. The follower (`followersFromConfig`) credits a user's ETH and USDT deposits to their
 * forwarder; the hot wallet's loop (`startEvmHotWallet`, as main.ts runs it) sweeps the forwarders it finds
 * in `deposit_addresses` and sends the user's withdrawals; the user sees it all through the HTTP API.
 */
describe('the EVM chain on a Hardhat node, end to end', () => {
  let node: HardhatNode;
  let client: PublicClient;
  let t: TestApp;
  let alice: TestClient;
  let follower: ChainFollower;
  let evm: EvmParts;
  let usdt: Address;
  let forwarder: Address;
  const payer = privateKeyToAccount(PAYER_KEY);

  const rpc = (method: string, params: unknown[] = []) =>
    client.request({ method: method as never, params: params as never }) as Promise<unknown>;
  const mine = (blocks = 1) => rpc('hardhat_mine', [`0x${blocks.toString(16)}`]);
  const payerWallet = () => createWalletClient({ account: payer, transport: http(node.url) });
  const waitFor = (hash: Hex) => client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  const usdtOf = (owner: Address) =>
    client.readContract({
      address: usdt,
      abi: contractArtifact('TestUsdt').abi,
      functionName: 'balanceOf',
      args: [owner],
    }) as Promise<bigint>;
  const balanceOf = async (code: string) =>
    (
      (await alice.get('/rest/v2/wallet/balances')).json().data as {
        cryptoCurrencyCode: string;
        balance: string;
      }[]
    ).find((b) => b.cryptoCurrencyCode === code)!.balance;
  const depositOf = async (txid: string) =>
    ((await alice.get('/rest/v2/wallet/deposits')).json().data as Deposit[]).find((d) => d.txid === txid);
  /** Polls until `check` holds (the loop runs on its own timer), at most `ms`. */
  const until = async (check: () => Promise<boolean>, ms = 15_000) => {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  beforeAll(async () => {
    node = await startHardhatNode();
    client = createPublicClient({ transport: http(node.url) }) as PublicClient;
    const hotWallet = createWalletClient({
      account: privateKeyToAccount(HOT_KEY),
      transport: http(node.url),
    });
    const factory = await deployForwarderFactory(hotWallet, client, hotWallet.account.address);
    const deploy = async (name: string) => {
      const { abi, bytecode } = contractArtifact(name);
      const hash = await payerWallet().deployContract({ abi, bytecode, chain: null });
      return (await waitFor(hash)).contractAddress!;
    };
    usdt = await deploy('TestUsdt');
    const usdc = await deploy('TestUsdc');
    t = await createTestApp({
      ...kycLevelsEnv({ withdrawalUsd: null }),
      WALLET_CONFIRMATIONS: 'ETH:2,USDT:2,USDC:2',
      WALLET_NETWORK_FEES: 'ETH:0.0001,USDT:1,USDC:1',
      CHAIN_EVM: 'rpc',
      EVM_RPC_URL: node.url,
      EVM_CHAIN_ID: '31337',
      EVM_HOT_WALLET_KEY: HOT_KEY,
      EVM_FORWARDER_FACTORY: factory,
      USDT_CONTRACT: usdt,
      USDC_CONTRACT: usdc,
    });
    alice = t.client();
    await alice.register('evm_e2e_alice');
    const response = await alice.get('/rest/v2/wallet/deposit-address?crypto_currency_code=ETH');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.simulated).toBe(false);
    forwarder = response.json().data.address as Address;
    // One forwarder for the three coins.
    const usdtAddress = await alice.get('/rest/v2/wallet/deposit-address?crypto_currency_code=USDT');
    expect(usdtAddress.json().data.address).toBe(forwarder);

    const followers = followersFromConfig(t.database.db, t.config, chainFromConfig(t.config));
    expect(followers.map((f) => f.follower.network)).toEqual(['EVM']);
    follower = followers[0]!.follower;
    await follower.pass();
    evm = evmFromConfig(t.config, { db: t.database.db, ledger: createLedger(t.database.db) });
  }, 120_000);
  afterEach(async () => {
    const report = await checkLedger(t.database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
  });
  afterAll(async () => {
    await t?.close();
    await node?.stop();
  });

  it('should credit ETH and USDT paid to the forwarder at the required confirmations, once', async () => {
    const wallet = payerWallet();
    // Hardhat mines each transaction in its own block: one confirmation at once.
    const ethTx = await wallet.sendTransaction({ to: forwarder, value: parseEther('1'), chain: null });
    await waitFor(ethTx);
    expect(await follower.pass()).toMatchObject({ credited: 0 });
    expect(await depositOf(ethTx)).toMatchObject({
      cryptoCurrencyCode: 'ETH',
      status: 'pending',
      confirmations: 1,
    });
    expect(await balanceOf('ETH')).toBe('0.000000000000000000');
    const usdtTx = await wallet.writeContract({
      address: usdt,
      abi: contractArtifact('TestUsdt').abi,
      functionName: 'mint',
      args: [forwarder, 50_000_000n],
      chain: null,
    });
    await waitFor(usdtTx);
    // The next block is the ETH deposit's second confirmation, the USDT deposit's first.
    expect(await follower.pass()).toMatchObject({ credited: 1 });
    expect(await depositOf(ethTx)).toMatchObject({ status: 'confirmed', confirmations: 2 });
    expect(await depositOf(usdtTx)).toMatchObject({ cryptoCurrencyCode: 'USDT', status: 'pending' });
    expect(await balanceOf('ETH')).toBe('1.000000000000000000');
    expect(await balanceOf('USDT')).toBe('0.000000');
    await mine(1);
    expect(await follower.pass()).toMatchObject({ credited: 1 });
    expect(await balanceOf('USDT')).toBe('50.000000');
    await mine(1);
    expect(await follower.pass()).toMatchObject({ credited: 0 });
    expect(await balanceOf('USDT')).toBe('50.000000');
  });

  it("should sweep the forwarder found in deposit_addresses and send the user's withdrawal", async () => {
    const [row] = await t.database.db
      .select({ index: depositAddresses.derivationIndex })
      .from(depositAddresses)
      .where(eq(depositAddresses.address, forwarder));
    const warnings: string[] = [];
    const loop = startEvmHotWallet(evm, 1, { warn: (_obj, msg) => warnings.push(msg) });
    try {
      // The sweep: the loop found the forwarder by its user's index, with no one telling it.
      await until(async () => (await t.database.db.select().from(evmSweeps)).length === 1);
      const [sweep] = await t.database.db.select().from(evmSweeps);
      expect(sweep).toMatchObject({ forwarderIndex: row!.index, forwarder });
      await until(async () => (await usdtOf(forwarder)) === 0n);
      expect(await client.getBalance({ address: forwarder })).toBe(0n);
      expect(await usdtOf(evm.hot.address)).toBe(50_000_000n);

      const before = await client.getBalance({ address: RECIPIENT });
      const sent = await alice.post('/rest/v2/wallet/withdraw', {
        crypto_currency_code: 'USDT',
        amount: '20',
        address: RECIPIENT,
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const ethOut = await alice.post('/rest/v2/wallet/withdraw', {
        crypto_currency_code: 'ETH',
        amount: '0.25',
        address: RECIPIENT,
      });
      expect(ethOut.statusCode, ethOut.body).toBe(201);
      const external = () => t.database.db.select().from(withdrawals).where(eq(withdrawals.kind, 'external'));
      await until(async () => (await external()).every((w) => w.txid !== null));
      // Signed and saved first, then broadcast: wait for both to be mined, then confirm them.
      for (const w of await external()) await waitFor(w.txid as Hex);
      await mine(3);
      await until(async () => (await external()).every((w) => w.status === 'completed'));
      expect(await usdtOf(RECIPIENT)).toBe(20_000_000n);
      expect(await client.getBalance({ address: RECIPIENT })).toBe(before + parseEther('0.25'));
      const listed = (await alice.get('/rest/v2/wallet/withdrawals')).json().data as {
        txid: string | null;
        status: string;
      }[];
      expect(listed.map((w) => w.status)).toEqual(['completed', 'completed']);
      expect(listed.every((w) => w.txid?.startsWith('0x'))).toBe(true);
    } finally {
      await loop.stop();
    }
    // No pass of the loop failed.
    expect(warnings).toEqual([]);
    expect(await balanceOf('USDT')).toBe('29.000000');

    // The tokens reconcile exactly (the hot wallet holds what the ledger says); its ETH includes the
    // operator's own float for gas, which the ledger does not know of.
    const report = await runAdminCommand({ db: t.database.db, config: t.config }, ['chain:reconcile']);
    const usdtBlock = report.output.slice(report.output.indexOf('USDT:'));
    expect(usdtBlock).toMatch(/^USDT:\n {2}ledger custody 30\.000000 USDT/);
    expect(usdtBlock).toContain('on chain 30.000000 USDT = hot 30.000000 USDT');
    expect(usdtBlock).toMatch(/difference 0\.000000 USDT\n {2}ok/);
  });

  it('should take back a credited deposit a reorganisation removed, and reconcile clean with the float booked', async () => {
    const admin = (...argv: string[]) => runAdminCommand({ db: t.database.db, config: t.config }, argv);
    // The chain as it is before the payment: reverted to below, then outgrown without it.
    const snapshot = await rpc('evm_snapshot');
    const paid = await payerWallet().sendTransaction({
      to: forwarder,
      value: parseEther('0.5'),
      chain: null,
    });
    await waitFor(paid);
    await mine(1);
    expect(await follower.pass()).toMatchObject({ credited: 1 });
    expect(await depositOf(paid)).toMatchObject({ status: 'confirmed' });
    const credited = await balanceOf('ETH');

    expect(await rpc('evm_revert', [snapshot])).toBe(true);
    await mine(4);
    const pass = await follower.pass();
    expect(pass).toMatchObject({ reversed: 1 });
    expect(pass.forkHeight).not.toBeNull();
    expect(await depositOf(paid)).toMatchObject({ status: 'reversed' });
    expect(Number(await balanceOf('ETH'))).toBeCloseTo(Number(credited) - 0.5, 12);
    const staff = await runAdminCommand({ db: t.database.db, config: t.config }, [
      'user:create',
      ...['--username', 'evm_e2e_staff', '--email', 'evm_e2e_staff@example.com'],
      ...['--password', 'Str0ng-pass!', '--role', 'moderator'],
    ]);
    expect(staff.exitCode, staff.output).toBe(0);
    const moderator = t.client();
    expect((await moderator.login('evm_e2e_staff')).statusCode).toBe(200);
    const reversals = (await moderator.get('/rest/v1/admin/chain/reversals')).json().data as {
      reversedDeposits: { txid: string; cryptoCurrencyCode: string }[];
    };
    expect(reversals.reversedDeposits).toContainEqual(
      expect.objectContaining({ txid: paid, cryptoCurrencyCode: 'ETH' }),
    );

    // What the hot wallet holds of its own (Hardhat's funded account: the gas money) is the only ETH
    // difference; booked as the operator's float, the whole reconciliation is clean.
    const before = await admin('chain:reconcile');
    expect(before.exitCode).toBe(1);
    const surplus = /ETH:[\s\S]*?UNEXPLAINED ([\d.]+) ETH/.exec(before.output)?.[1];
    expect(surplus, before.output).toBeDefined();
    const booked = await admin(
      'custody:book',
      ...['--as', 'float', '--crypto', 'ETH', '--amount', surplus!],
      ...['--txid', `0x${'00'.repeat(31)}01`, '--note', 'the hot wallet account funded at genesis'],
    );
    expect(booked.exitCode, booked.output).toBe(0);
    const after = await admin('chain:reconcile');
    expect(after.exitCode, after.output).toBe(0);
    expect(after.output).toContain('reconciliation: ok');
  });
});
