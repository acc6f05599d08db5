import { eq, sql } from 'drizzle-orm';
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  parseEther,
  verifyMessage,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHardhatNode, type HardhatNode } from '../../../../../test/chain/hardhat-node.js';
import { createTestApp, type TestApp, type TestClient } from '../../../../../test/helpers.js';
import { kycLevelsEnv } from '../../../../../test/kyc-levels.js';
import { runSeeds } from '../../../../seeds/index.js';
import { checkLedger, createLedger } from '../../../ledger/index.js';
import { chainPayouts, evmSweeps, withdrawals } from '../../tables.js';
import type { WatchedAddresses } from '../block-source.js';
import { contractArtifact, deployForwarderFactory, factoryAbi } from './contracts.js';
import { assertEvmNodeReady, EvmConfigError, evmFromConfig, type EvmParts } from './from-config.js';

// Hardhat's well-known development keys (public: never hold value): #0 the hot wallet, #1 a customer's
// outside wallet that pays deposits, #2 where withdrawals go.
const HOT_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const PAYER_KEY: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const RECIPIENT = getAddress('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc');

const watching = (addresses: string[]): WatchedAddresses => {
  const set = new Set(addresses.map((a) => a.toLowerCase()));
  return { has: (a) => set.has(a.toLowerCase()), size: set.size };
};

describe('EVM chain against a local Hardhat node', () => {
  let node: HardhatNode;
  let t: TestApp;
  let client: PublicClient;
  let evm: EvmParts;
  let usdt: Address;
  let usdc: Address;
  let factory: Address;
  let user: TestClient;
  const payer = privateKeyToAccount(PAYER_KEY);

  const rpc = (method: string, params: unknown[] = []) =>
    client.request({ method: method as never, params: params as never }) as Promise<unknown>;
  const mine = (blocks = 1) => rpc('hardhat_mine', [`0x${blocks.toString(16)}`]);
  const payerWallet = () => createWalletClient({ account: payer, transport: http(node.url) });
  const tokenBalance = (token: Address, owner: Address) =>
    client.readContract({
      address: token,
      abi: contractArtifact('TestUsdc').abi,
      functionName: 'balanceOf',
      args: [owner],
    }) as Promise<bigint>;
  const waitFor = (hash: Hex) => client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  const credit = async (coin: string, amount: bigint) => {
    const rows = (await t.database.db.execute(
      sql`SELECT id FROM users WHERE username = 'evm_alice'`,
    )) as unknown as { rows: { id: number }[] };
    const userId = rows.rows[0]!.id;
    await createLedger(t.database.db).transfer({
      idempotencyKey: `test:evm-credit:${coin}:${amount}`,
      kind: 'deposit',
      cryptoCode: coin,
      reference: { type: 'deposit', id: `test-${coin}` },
      legs: [
        { account: { userId: null, kind: 'world' }, amount: -amount },
        { account: { userId, kind: 'available' }, amount },
      ],
    });
  };
  const forwarder = (index: number) => evm.adapter.newDepositAddress('ETH', index) as Address;

  beforeAll(async () => {
    node = await startHardhatNode();
    client = createPublicClient({ transport: http(node.url) }) as PublicClient;
    const hotWallet = createWalletClient({
      account: privateKeyToAccount(HOT_KEY),
      transport: http(node.url),
    });
    factory = await deployForwarderFactory(hotWallet, client, hotWallet.account.address);
    const deploy = async (name: string) => {
      const { abi, bytecode } = contractArtifact(name);
      const hash = await payerWallet().deployContract({ abi, bytecode, chain: null });
      return (await waitFor(hash)).contractAddress!;
    };
    usdt = await deploy('TestUsdt');
    usdc = await deploy('TestUsdc');

    t = await createTestApp({
      ...kycLevelsEnv({ withdrawalUsd: null }),
      WALLET_CONFIRMATIONS: 'ETH:3,USDT:3,USDC:3',
      WALLET_NETWORK_FEES: 'ETH:0.0001,USDT:1,USDC:1',
      CHAIN_EVM: 'rpc',
      EVM_RPC_URL: node.url,
      EVM_CHAIN_ID: '31337',
      EVM_HOT_WALLET_KEY: HOT_KEY,
      EVM_FORWARDER_FACTORY: factory,
      USDT_CONTRACT: usdt,
      USDC_CONTRACT: usdc,
      EVM_HOT_MAX_PER_TX: 'ETH:1,USDT:1000',
      EVM_HOT_MAX_PER_DAY: 'ETH:3',
    });
    await runSeeds(t.database.db, { demoData: false });
    evm = evmFromConfig(t.config, { db: t.database.db, ledger: createLedger(t.database.db) });
    user = t.client();
    await user.register('evm_alice');
  }, 120_000);

  afterAll(async () => {
    if (t) {
      const report = await checkLedger(t.database.db);
      expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
      await t.close();
    }
    await node?.stop();
  });

  it('should start only against the configured chain, with a factory paying this hot wallet', async () => {
    await expect(assertEvmNodeReady(evm)).resolves.toBeUndefined();
    const wrongChain = evmFromConfig(
      { ...t.config, chain: { ...t.config.chain, evm: { ...t.config.chain.evm, chainId: 1 } } },
      { db: t.database.db, ledger: createLedger(t.database.db) },
    );
    await expect(assertEvmNodeReady(wrongChain)).rejects.toThrow(
      /EVM_CHAIN_ID is 1 but the node .* chain 31337/,
    );
    const otherKey = evmFromConfig(
      { ...t.config, chain: { ...t.config.chain, evm: { ...t.config.chain.evm, hotWalletKey: PAYER_KEY } } },
      { db: t.database.db, ledger: createLedger(t.database.db) },
    );
    await expect(assertEvmNodeReady(otherKey)).rejects.toThrow(/not this hot wallet/);
    const withEvm = (evmChanges: Partial<typeof t.config.chain.evm>) => () =>
      evmFromConfig(
        { ...t.config, chain: { ...t.config.chain, evm: { ...t.config.chain.evm, ...evmChanges } } },
        { db: t.database.db, ledger: createLedger(t.database.db) },
      );
    expect(withEvm({ hotWalletKey: null })).toThrow(EvmConfigError);
    expect(withEvm({ hotWalletKey: '0x1234' })).toThrow(/64 hex digits/);
    expect(withEvm({ hotWalletKeyFile: '/nonexistent/key', hotWalletKey: null })).toThrow(/cannot read/);
    expect(withEvm({ forwarderFactory: '0xnope' })).toThrow(/EVM_FORWARDER_FACTORY/);
    // The key never appears in an error.
    try {
      withEvm({ hotWalletKey: `${HOT_KEY}00` })();
    } catch (error) {
      expect((error as Error).message).not.toContain(HOT_KEY.slice(2, 20));
    }
  });

  it("should give each user one checksummed forwarder address, the factory's CREATE2 address", async () => {
    const address = forwarder(7);
    expect(address).toBe(getAddress(address));
    expect(evm.adapter.newDepositAddress('USDT', 7)).toBe(address);
    expect(evm.adapter.newDepositAddress('USDC', 8)).not.toBe(address);
    const onChain = await client.readContract({
      address: factory,
      abi: factoryAbi,
      functionName: 'forwarderAddress',
      args: [7n],
    });
    expect(onChain).toBe(address);
    expect(await client.getCode({ address })).toBeUndefined(); // not deployed: known before it exists
    expect(evm.adapter.isValidAddress('ETH', RECIPIENT)).toBe(true);
    expect(evm.adapter.isValidAddress('USDT', RECIPIENT.toLowerCase())).toBe(true);
    const badChecksum = RECIPIENT.replace(/[a-f]/, (c) => c.toUpperCase());
    expect(evm.adapter.isValidAddress('ETH', badChecksum)).toBe(false);
    expect(evm.adapter.isValidAddress('BTC', RECIPIENT)).toBe(false);
    expect(evm.adapter.simulatedCoins).toEqual([]);
    expect(evm.adapter.requiredConfirmations('USDC')).toBe(3);
  });

  it('should see ETH and token deposits to forwarders in their blocks, and nothing else', async () => {
    const one = forwarder(1);
    const two = forwarder(2);
    const stranger = forwarder(99);
    const wallet = payerWallet();
    const mint = (token: Address, to: Address, amount: bigint) =>
      wallet.writeContract({
        address: token,
        abi: contractArtifact('TestUsdc').abi,
        functionName: 'mint',
        args: [to, amount],
        chain: null,
      });
    const start = Number(await client.getBlockNumber());
    const hashes = [
      await wallet.sendTransaction({ to: one, value: parseEther('1'), chain: null }),
      await mint(usdt, payer.address, 1_000_000_000n),
      await wallet.writeContract({
        address: usdt,
        abi: contractArtifact('TestUsdt').abi,
        functionName: 'transfer',
        args: [one, 50_000_000n],
        chain: null,
      }),
      await mint(usdc, two, 25_000_000n),
      await wallet.sendTransaction({ to: stranger, value: parseEther('0.5'), chain: null }),
    ];
    for (const hash of hashes) await waitFor(hash);
    await mine(3);
    const tip = await evm.source.tip();
    expect(tip.height).toBeGreaterThanOrEqual(start + 5 + 3);
    expect(tip.hash).toBe(await evm.source.blockHashAt(tip.height));
    expect(await evm.source.blockHashAt(tip.height + 1)).toBeNull();

    const seen = [];
    for (let height = start + 1; height <= tip.height; height += 1) {
      const hash = (await evm.source.blockHashAt(height))!;
      seen.push(...(await evm.source.transfersInBlock({ height, hash }, watching([one, two]))));
    }
    expect(seen).toEqual([
      { coin: 'ETH', txid: hashes[0], outputIndex: 0, address: one, amount: parseEther('1') },
      { coin: 'USDT', txid: hashes[2], outputIndex: 0, address: one, amount: 50_000_000n },
      { coin: 'USDC', txid: hashes[3], outputIndex: 0, address: two, amount: 25_000_000n },
    ]);
    expect(await evm.source.mempoolTransfers()).toEqual([]);
  });

  it('should let a reorganisation take a transfer away: another hash at its height, nothing in its old block', async () => {
    const three = forwarder(3);
    const snapshot = await rpc('evm_snapshot');
    const hash = await payerWallet().sendTransaction({ to: three, value: parseEther('0.2'), chain: null });
    const receipt = await waitFor(hash);
    const height = Number(receipt.blockNumber);
    const block = { height, hash: receipt.blockHash };
    expect(await evm.source.transfersInBlock(block, watching([three]))).toHaveLength(1);

    expect(await rpc('evm_revert', [snapshot])).toBe(true);
    await mine(2);
    const newHash = await evm.source.blockHashAt(height);
    expect(newHash).not.toBeNull();
    expect(newHash).not.toBe(receipt.blockHash);
    expect(await evm.source.transfersInBlock(block, watching([three]))).toEqual([]);
    expect(await evm.source.transfersInBlock({ height, hash: newHash! }, watching([three]))).toEqual([]);
    expect(await client.getBalance({ address: three })).toBe(0n);
  });

  it('should sweep a forwarder to the hot wallet: deployed on the way, gas booked as network costs', async () => {
    const one = forwarder(1);
    const hotEth = await client.getBalance({ address: evm.hot.address });
    const swept = await evm.sweeper.sweep([1, 2, 1, 5]);
    expect(swept.map((s) => s.index)).toEqual([1, 2]); // 5 holds nothing; 1 once
    // Idempotent: an open sweep is not signed again.
    expect(await evm.sweeper.sweep([1, 2])).toEqual([]);
    for (const { txid } of swept) expect((await waitFor(txid as Hex)).status).toBe('success');
    expect(await client.getCode({ address: one })).toMatch(/^0x[0-9a-f]+$/);
    expect(await client.getBalance({ address: one })).toBe(0n);
    expect(await tokenBalance(usdt, one)).toBe(0n); // USDT's transfer without a return value
    expect(await tokenBalance(usdt, evm.hot.address)).toBe(50_000_000n);
    expect(await tokenBalance(usdc, evm.hot.address)).toBe(25_000_000n);

    await mine(3);
    const pass = await evm.sender.pass();
    expect(pass.confirmed).toBe(2);
    const rows = await t.database.db.select().from(evmSweeps);
    expect(rows).toHaveLength(2);
    let gas = 0n;
    for (const row of rows) {
      const [payout] = await t.database.db
        .select()
        .from(chainPayouts)
        .where(eq(chainPayouts.id, row.payoutId));
      expect(payout!.status).toBe('confirmed');
      gas += BigInt(payout!.fee);
    }
    // The hot wallet got 1 ETH and paid the gas.
    expect(await client.getBalance({ address: evm.hot.address })).toBe(hotEth + parseEther('1') - gas);
    const costs = (await t.database.db.execute(
      sql`SELECT balance::text AS balance FROM ledger_accounts WHERE crypto_code = 'ETH' AND kind = 'network_costs'`,
    )) as unknown as { rows: { balance: string }[] };
    expect(BigInt(costs.rows[0]!.balance)).toBe(-gas);
    // A forwarder already deployed is swept again without redeploying.
    await payerWallet().sendTransaction({ to: one, value: parseEther('0.3'), chain: null });
    const again = await evm.sweeper.sweep([1]);
    expect((await waitFor(again[0]!.txid as Hex)).status).toBe('success');
    expect(await client.getBalance({ address: one })).toBe(0n);
    await mine(3);
    expect((await evm.sender.pass()).confirmed).toBe(1);
  });

  it('should send a withdrawal, settle it at the confirmations, and book the fee difference', async () => {
    // The faucet serves simulated coins only; a real chain's credit is the deposit book's, so the test
    // books the balance the way a credited deposit does (world -> available).
    await credit('ETH', 2_000_000_000_000_000_000n);
    await credit('USDT', 40_000_000n);
    const before = await client.getBalance({ address: RECIPIENT });
    const eth = await user.post('/rest/v2/wallet/withdraw', {
      crypto_currency_code: 'ETH',
      amount: '0.5',
      address: RECIPIENT,
    });
    expect(eth.statusCode, eth.body).toBe(201);
    const usdtOut = await user.post('/rest/v2/wallet/withdraw', {
      crypto_currency_code: 'USDT',
      amount: '10',
      address: RECIPIENT.toLowerCase(),
    });
    expect(usdtOut.statusCode, usdtOut.body).toBe(201);

    const first = await evm.sender.pass();
    expect(first).toMatchObject({ sent: 2, confirmed: 0 });
    const rows = await t.database.db.select().from(withdrawals).where(eq(withdrawals.kind, 'external'));
    expect(rows.every((w) => w.status === 'pending' && w.txid?.startsWith('0x') && w.payoutId !== null)).toBe(
      true,
    );
    // Nothing twice: a second pass sends nothing new.
    expect((await evm.sender.pass()).sent).toBe(0);
    await mine(3);
    expect((await evm.sender.pass()).confirmed).toBe(2);
    expect(await client.getBalance({ address: RECIPIENT })).toBe(before + parseEther('0.5'));
    expect(await tokenBalance(usdt, RECIPIENT)).toBe(10_000_000n);
    const done = await t.database.db.select().from(withdrawals).where(eq(withdrawals.kind, 'external'));
    expect(done.map((w) => w.status)).toEqual(['completed', 'completed']);
    const list = (await user.get('/rest/v2/wallet/withdrawals')).json();
    expect(JSON.stringify(list)).toContain(done[0]!.txid!);
  });

  it('should hold a withdrawal above the per-transaction limit with a reason', async () => {
    const big = await user.post('/rest/v2/wallet/withdraw', {
      crypto_currency_code: 'ETH',
      amount: '1.2',
      address: RECIPIENT,
    });
    expect(big.statusCode, big.body).toBe(201);
    const pass = await evm.sender.pass();
    expect(pass).toMatchObject({ sent: 0, waiting: 1 });
    const [row] = await t.database.db.select().from(withdrawals).where(eq(withdrawals.status, 'pending'));
    expect(row!.payoutId).toBeNull();
    expect(row!.failureReason).toMatch(/per-transaction limit/);
    // Staff would deal with it; here it is withdrawn from the queue so later passes are clean.
    await t.database.db.update(withdrawals).set({ status: 'failed' }).where(eq(withdrawals.id, row!.id));
    await createLedger(t.database.db).transfer({
      idempotencyKey: `withdrawal:${row!.publicId}:test-refund`,
      kind: 'withdrawal_refund',
      cryptoCode: 'ETH',
      reference: { type: 'withdrawal', id: row!.publicId },
      legs: [
        {
          account: { userId: null, kind: 'outgoing' },
          amount: -(BigInt(row!.amount) + BigInt(row!.networkFee)),
        },
        {
          account: { userId: row!.userId, kind: 'available' },
          amount: BigInt(row!.amount) + BigInt(row!.networkFee),
        },
      ],
    });
  });

  it('should replace a stuck withdrawal with the same nonce and higher fees, and settle the one mined', async () => {
    await rpc('evm_setAutomine', [false]);
    try {
      const response = await user.post('/rest/v2/wallet/withdraw', {
        crypto_currency_code: 'ETH',
        amount: '0.1',
        address: RECIPIENT,
      });
      expect(response.statusCode, response.body).toBe(201);
      expect((await evm.sender.sendPending()).sent).toBe(1);
      const [old] = await t.database.db
        .select()
        .from(chainPayouts)
        .where(eq(chainPayouts.status, 'broadcast'));
      // Not yet stuck: nothing replaced.
      expect(await evm.sender.replaceStuck()).toBe(0);
      await t.database.db
        .update(chainPayouts)
        .set({ createdAt: new Date(Date.now() - 3_600_000) })
        .where(eq(chainPayouts.id, old!.id));
      expect(await evm.sender.replaceStuck()).toBe(1);
      const group = await t.database.db
        .select()
        .from(chainPayouts)
        .where(eq(chainPayouts.nonce, old!.nonce!));
      const fresh = group.find((row) => row.replacesId === old!.id)!;
      expect(group.find((row) => row.id === old!.id)!.status).toBe('replaced');
      expect(fresh.status).toBe('broadcast');
      expect(BigInt(fresh.fee)).toBeGreaterThan(BigInt(old!.fee));
      const [w] = await t.database.db.select().from(withdrawals).where(eq(withdrawals.payoutId, fresh.id));
      expect(w!.txid).toBe(fresh.txid);
      await mine(1);
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
    await mine(3);
    expect((await evm.sender.pass()).confirmed).toBe(1);
    const [w] = await t.database.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.amount, parseEther('0.1').toString()));
    expect(w!.status).toBe('completed');
    const [mined] = await t.database.db.select().from(chainPayouts).where(eq(chainPayouts.id, w!.payoutId!));
    expect(mined!.status).toBe('confirmed');
    expect(mined!.replacesId).not.toBeNull();
    const receipt = await client.getTransactionReceipt({ hash: mined!.txid as Hex });
    expect(receipt.status).toBe('success');
  });

  it('should list the custody and prove control of the hot wallet with an EIP-191 signature', async () => {
    const message = 'Proof of reserves 2026-11-27: the operator controls this address.';
    const proofs = await evm.custody.proveOwnership(message);
    expect(proofs.map((p) => p.coin)).toEqual(['ETH', 'USDT', 'USDC']);
    for (const proof of proofs) {
      expect(proof).toMatchObject({ scheme: 'eip191', address: evm.hot.address, message });
      expect(
        await verifyMessage({
          address: proof.address as Address,
          message,
          signature: proof.signature as Hex,
        }),
      ).toBe(true);
    }
    expect(
      await verifyMessage({ address: payer.address, message, signature: proofs[0]!.signature as Hex }),
    ).toBe(false);
    const holdings = await evm.custody.holdings();
    const hotEth = holdings.find((h) => h.place === 'hot' && h.coin === 'ETH')!;
    expect(hotEth.amount).toBe(await client.getBalance({ address: evm.hot.address }));
    expect(holdings.find((h) => h.place === 'hot' && h.coin === 'USDT')!.amount).toBe(40_000_000n);
  });
});
