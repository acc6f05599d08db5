import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractArtifact, deployForwarderFactory } from '../src/modules/wallet/chain/evm/contracts.js';
import { startHardhatNode, type HardhatNode } from './chain/hardhat-node.js';
import { kycLevelsEnv } from './kyc-levels.js';
import { freePort, HttpSession, startServer, stop } from './server-process.js';

// Hardhat's well-known development keys (public: never hold value): #0 the hot wallet, #1 a customer's
// outside wallet that pays deposits; withdrawals go to #2's address.
const HOT_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const PAYER_KEY: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const RECIPIENT = getAddress('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc');

/**
 * main.ts with CHAIN_EVM=rpc, as an operator runs it, against a Hardhat node: the follower it starts
 * credits a deposit to the user's forwarder, the hot wallet loop it starts (EVM_POLL_SECONDS) sweeps that
 * forwarder, found in deposit_addresses, and sends and settles the user's withdrawal; SIGTERM stops it.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the server process on an EVM node', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'p2p-evm-loop-'));
  let node: HardhatNode;
  let client: PublicClient;
  let server: { child: ChildProcess; output: () => string } | undefined;
  let base = '';

  const until = async <T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 30_000): Promise<T> => {
    const end = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (ok(value)) return value;
      if (Date.now() > end) {
        throw new Error(
          `timed out; last: ${JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}\n${server?.output()}`,
        );
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  beforeAll(async () => {
    node = await startHardhatNode();
    client = createPublicClient({ transport: http(node.url) }) as PublicClient;
    const hot = createWalletClient({ account: privateKeyToAccount(HOT_KEY), transport: http(node.url) });
    const factory = await deployForwarderFactory(hot, client, hot.account.address);
    const payer = createWalletClient({ account: privateKeyToAccount(PAYER_KEY), transport: http(node.url) });
    const tokens: Address[] = [];
    for (const name of ['TestUsdt', 'TestUsdc']) {
      const { abi, bytecode } = contractArtifact(name);
      const hash = await payer.deployContract({ abi, bytecode, chain: null });
      tokens.push((await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })).contractAddress!);
    }
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = await startServer({
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(scratch, 'data'),
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_REGISTER_PER_HOUR: '0',
      WITHDRAW_REQUIRE_VERIFIED_EMAIL: 'false',
      ...kycLevelsEnv({ withdrawalUsd: null }),
      CHAIN_EVM: 'rpc',
      EVM_RPC_URL: node.url,
      EVM_CHAIN_ID: '31337',
      EVM_HOT_WALLET_KEY: HOT_KEY,
      EVM_FORWARDER_FACTORY: factory,
      USDT_CONTRACT: tokens[0]!,
      USDC_CONTRACT: tokens[1]!,
      EVM_POLL_SECONDS: '1',
      WALLET_CONFIRMATIONS: 'ETH:1,USDT:1,USDC:1',
      WALLET_NETWORK_FEES: 'ETH:0.0001',
    });
  }, 180_000);
  afterAll(async () => {
    if (server) await stop(server.child);
    await node?.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it(
    'should credit a deposit, sweep its forwarder, send and settle a withdrawal, and stop cleanly',
    { timeout: 120_000 },
    async () => {
      const alice = new HttpSession(base);
      const registered = await alice.register('proc_evm_alice');
      expect(registered.status).toBe(201);
      const deposit = await alice.request('GET', '/rest/v2/wallet/deposit-address?crypto_currency_code=ETH');
      expect(deposit.status).toBe(200);
      const forwarder = (deposit.json.data as { address: Address }).address;

      const payer = createWalletClient({
        account: privateKeyToAccount(PAYER_KEY),
        transport: http(node.url),
      });
      await payer.sendTransaction({ to: forwarder, value: parseEther('1'), chain: null });
      const balance = async () =>
        (
          (await alice.request('GET', '/rest/v2/wallet/balances')).json.data as {
            cryptoCurrencyCode: string;
            balance: string;
          }[]
        ).find((b) => b.cryptoCurrencyCode === 'ETH')!.balance;
      // The follower main.ts started credits it; its hot wallet loop sweeps the forwarder.
      await until(balance, (b) => b === '1.000000000000000000');
      await until(
        () => client.getBalance({ address: forwarder }),
        (wei) => wei === 0n,
      );

      const before = await client.getBalance({ address: RECIPIENT });
      const sent = await alice.request('POST', '/rest/v2/wallet/withdraw', {
        crypto_currency_code: 'ETH',
        amount: '0.25',
        address: RECIPIENT,
      });
      expect(sent.status).toBe(201);
      const withdrawal = async () =>
        (
          (await alice.request('GET', '/rest/v2/wallet/withdrawals')).json.data as {
            txid: string | null;
            status: string;
          }[]
        )[0]!;
      const done = await until(withdrawal, (w) => w.status === 'completed');
      expect(done.txid).toMatch(/^0x[0-9a-f]{64}$/);
      expect(await client.getBalance({ address: RECIPIENT })).toBe(before + parseEther('0.25'));

      const child = server!.child;
      server = undefined;
      expect(await stop(child)).toBe(0);
    },
  );
});
