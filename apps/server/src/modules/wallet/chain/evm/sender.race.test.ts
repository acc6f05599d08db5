import { eq } from 'drizzle-orm';
import { createPublicClient, createWalletClient, http, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHardhatNode, type HardhatNode } from '../../../../../test/chain/hardhat-node.js';
import { onPostgres } from '../../../../../test/db.js';
import { createTestApp, type TestApp } from '../../../../../test/helpers.js';
import { kycLevelsEnv } from '../../../../../test/kyc-levels.js';
import { runSeeds } from '../../../../seeds/index.js';
import { checkLedger, createLedger } from '../../../ledger/index.js';
import { chainPayouts, withdrawals } from '../../tables.js';
import { contractArtifact, deployForwarderFactory } from './contracts.js';
import { evmFromConfig } from './from-config.js';

const HOT_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const PAYER_KEY: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

/** Two server instances' senders at once over one hot wallet: never one nonce twice, never a gap. */
describe.runIf(onPostgres())('EVM sender races (PostgreSQL)', () => {
  let node: HardhatNode;
  let t: TestApp;
  let client: PublicClient;

  beforeAll(async () => {
    node = await startHardhatNode();
    client = createPublicClient({ transport: http(node.url) }) as PublicClient;
    const hot = createWalletClient({ account: privateKeyToAccount(HOT_KEY), transport: http(node.url) });
    const factory = await deployForwarderFactory(hot, client, hot.account.address);
    const payer = createWalletClient({ account: privateKeyToAccount(PAYER_KEY), transport: http(node.url) });
    const tokens = [];
    for (const name of ['TestUsdt', 'TestUsdc']) {
      const { abi, bytecode } = contractArtifact(name);
      const hash = await payer.deployContract({ abi, bytecode, chain: null });
      tokens.push((await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })).contractAddress!);
    }
    t = await createTestApp({
      ...kycLevelsEnv({ withdrawalUsd: null }),
      WALLET_CONFIRMATIONS: 'ETH:1',
      WALLET_NETWORK_FEES: 'ETH:0.0001',
      CHAIN_EVM: 'rpc',
      EVM_RPC_URL: node.url,
      EVM_CHAIN_ID: '31337',
      EVM_HOT_WALLET_KEY: HOT_KEY,
      EVM_FORWARDER_FACTORY: factory,
      USDT_CONTRACT: tokens[0]!,
      USDC_CONTRACT: tokens[1]!,
    });
    await runSeeds(t.database.db, { demoData: false });
  }, 120_000);

  afterAll(async () => {
    if (t) {
      const report = await checkLedger(t.database.db);
      expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
      await t.close();
    }
    await node?.stop();
  });

  it('should give every withdrawal its own nonce, gap-free, when two senders pass at once', async () => {
    const user = t.client();
    const { id: userId } = await user.register('evm_racer');
    // The faucet serves simulated coins only (ETH is on a real chain here): the balance is booked the way
    // a credited deposit is (world -> available).
    await createLedger(t.database.db).transfer({
      idempotencyKey: 'test:evm-racer-credit',
      kind: 'deposit',
      cryptoCode: 'ETH',
      reference: { type: 'deposit', id: 'test-evm-racer' },
      legs: [
        { account: { userId: null, kind: 'world' }, amount: -5_000_000_000_000_000_000n },
        { account: { userId, kind: 'available' }, amount: 5_000_000_000_000_000_000n },
      ],
    });
    for (let i = 1; i <= 8; i += 1) {
      const response = await user.post('/rest/v2/wallet/withdraw', {
        crypto_currency_code: 'ETH',
        amount: `0.0${i}`,
        address: RECIPIENT,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const instance = () =>
      evmFromConfig(t.config, { db: t.database.db, ledger: createLedger(t.database.db) });
    const [a, b] = [instance(), instance()];
    const results = await Promise.all([
      a.sender.sendPending(),
      b.sender.sendPending(),
      a.sender.sendPending(),
    ]);
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(8);

    const payouts = await t.database.db.select().from(chainPayouts).where(eq(chainPayouts.network, 'EVM'));
    const nonces = payouts.map((p) => p.nonce!).sort((x, y) => x - y);
    // Nonce 0 was the factory's deployment: the senders start at the node's count and leave no gap.
    expect(nonces).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const rows = await t.database.db.select().from(withdrawals).where(eq(withdrawals.kind, 'external'));
    expect(new Set(rows.map((w) => w.payoutId)).size).toBe(8);

    await client.request({ method: 'hardhat_mine' as never, params: ['0x2'] as never });
    expect((await a.sender.pass()).confirmed + (await b.sender.pass()).confirmed).toBe(8);
    expect(await client.getTransactionCount({ address: a.hot.address })).toBe(9);
    const done = await t.database.db.select().from(withdrawals).where(eq(withdrawals.kind, 'external'));
    expect(done.every((w) => w.status === 'completed')).toBe(true);
  });
});
