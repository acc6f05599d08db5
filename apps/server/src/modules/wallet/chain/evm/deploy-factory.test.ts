import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHardhatNode, type HardhatNode } from '../../../../../test/chain/hardhat-node.js';
import { run } from '../../../../../test/server-process.js';
import { runNodeCommand } from '../../../../cli/commands.js';
import { loadConfig } from '../../../../platform/config.js';
import { contractArtifact, deployForwarderFactory, factoryAbi } from './contracts.js';
import { assertEvmStartable, EvmConfigError } from './from-config.js';

// Hardhat's well-known development keys (public: never hold value). #3 is the operator's hot wallet here,
// #4 another operator's (a factory paying someone else), and a key nobody ever funded.
const HOT_KEY: Hex = '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6';
const OTHER_KEY: Hex = '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a';
const EMPTY_KEY: Hex = `0x${'11'.repeat(32)}`;
const hotAddress = privateKeyToAccount(HOT_KEY).address;

describe('npm run admin -- evm:deploy-factory against a local Hardhat node', () => {
  let node: HardhatNode;
  let client: PublicClient;
  let keyFile: string;
  let tokens: { USDT_CONTRACT: Address; USDC_CONTRACT: Address };

  const env = (extra: Record<string, string> = {}) => ({
    EVM_RPC_URL: node.url,
    EVM_CHAIN_ID: '31337',
    EVM_HOT_WALLET_KEY_FILE: keyFile,
    ...extra,
  });
  const deploy = (settings: Record<string, string | undefined>) =>
    runNodeCommand({ config: loadConfig(settings) }, ['evm:deploy-factory']);
  const nonceOf = (address: Address) => client.getTransactionCount({ address });
  const printedFactory = (output: string) =>
    getAddress(/EVM_FORWARDER_FACTORY=(0x[0-9a-fA-F]{40})/.exec(output)![1]!);

  beforeAll(async () => {
    node = await startHardhatNode();
    client = createPublicClient({ transport: http(node.url) }) as PublicClient;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evm-deploy-'));
    keyFile = path.join(dir, 'hot.key');
    fs.writeFileSync(keyFile, `${HOT_KEY}\n`, { mode: 0o600 });
    const payer = createWalletClient({ account: privateKeyToAccount(OTHER_KEY), transport: http(node.url) });
    const token = async (name: string) => {
      const { abi, bytecode } = contractArtifact(name);
      const hash = await payer.deployContract({ abi, bytecode, chain: null });
      return (await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })).contractAddress!;
    };
    tokens = { USDT_CONTRACT: await token('TestUsdt'), USDC_CONTRACT: await token('TestUsdc') };
  }, 120_000);

  afterAll(async () => {
    await node?.stop();
  });

  it('should refuse without the settings, naming each one missing', async () => {
    const result = await deploy({});
    expect(result.exitCode).toBe(1);
    expect(result.output).toContain('EVM_RPC_URL');
    expect(result.output).toContain('EVM_CHAIN_ID');
    expect(result.output).toContain('EVM_HOT_WALLET_KEY_FILE');
  });

  it('should refuse a node on another chain id and send nothing', async () => {
    const result = await deploy(env({ EVM_CHAIN_ID: '1' }));
    expect(result.exitCode).toBe(1);
    expect(result.output).toContain('EVM_CHAIN_ID is 1 but the node at EVM_RPC_URL is on chain 31337');
    expect(await nonceOf(hotAddress)).toBe(0);
  });

  it('should refuse a node that does not answer', async () => {
    const result = await deploy(env({ EVM_RPC_URL: 'http://127.0.0.1:9' }));
    expect(result.exitCode).toBe(1);
    expect(result.output).toContain('EVM_RPC_URL: the node does not answer');
  });

  it('should refuse a key with no ETH for gas, naming its address and what is needed', async () => {
    const empty = privateKeyToAccount(EMPTY_KEY).address;
    const result = await deploy(env({ EVM_HOT_WALLET_KEY_FILE: '', EVM_HOT_WALLET_KEY: EMPTY_KEY }));
    expect(result.exitCode).toBe(1);
    expect(result.output).toContain(`The hot wallet ${empty} has 0 ETH; deploying needs up to`);
    expect(result.output).not.toContain(EMPTY_KEY.slice(2));
    expect(await nonceOf(empty)).toBe(0);
  });

  it('should refuse a malformed key without echoing it', async () => {
    const result = await deploy(env({ EVM_HOT_WALLET_KEY_FILE: '', EVM_HOT_WALLET_KEY: '0xnot-a-key' }));
    expect(result.exitCode).toBe(1);
    expect(result.output).toContain('must be 32 bytes of hex');
    expect(result.output).not.toContain('not-a-key');
  });

  it('should deploy through the command line without a data directory, and the server start accepts it', async () => {
    const dataDir = path.join(os.tmpdir(), `evm-deploy-no-data-${process.pid}`);
    const cli = await run(['src/cli/admin.ts', 'evm:deploy-factory'], {
      ...env(),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
    });
    expect(cli.stderr).toBe('');
    expect(cli.code).toBe(0);
    expect(cli.stdout).toMatch(/^Deployed the forwarder factory on chain 31337 at 0x[0-9a-fA-F]{40}/);
    // A chain command opens no database: nothing was created on disk.
    expect(fs.existsSync(dataDir)).toBe(false);
    const factory = printedFactory(cli.stdout);
    expect(await client.readContract({ address: factory, abi: factoryAbi, functionName: 'hotWallet' })).toBe(
      hotAddress,
    );

    // What the production start checks (main.ts): the node, the chain, the factory paying this key, tokens.
    const startConfig = loadConfig({
      ...env({ CHAIN_EVM: 'rpc', EVM_FORWARDER_FACTORY: factory }),
      ...tokens,
    });
    await expect(assertEvmStartable(startConfig)).resolves.toBeUndefined();

    // Run again with the address set: says so and sends nothing.
    const nonce = await nonceOf(hotAddress);
    const again = await deploy({ ...env({ EVM_FORWARDER_FACTORY: factory }) });
    expect(again).toEqual({
      exitCode: 0,
      output: `EVM_FORWARDER_FACTORY ${factory} is already deployed on chain 31337 and pays this hot wallet (${hotAddress}): nothing to do.`,
    });
    // Run again before setting it (the output was lost): finds the one this key made, sends nothing.
    const lost = await deploy(env());
    expect(lost.exitCode).toBe(0);
    expect(lost.output).toContain(`already deployed a factory on chain 31337: ${factory}. Nothing deployed.`);
    expect(printedFactory(lost.output)).toBe(factory);
    expect(await nonceOf(hotAddress)).toBe(nonce);
  }, 120_000);

  it('should refuse a configured factory that pays another key, or an address with no factory', async () => {
    const other = createWalletClient({ account: privateKeyToAccount(OTHER_KEY), transport: http(node.url) });
    const othersFactory = await deployForwarderFactory(other, client, other.account.address);
    const paysOther = await deploy(env({ EVM_FORWARDER_FACTORY: othersFactory }));
    expect(paysOther.exitCode).toBe(1);
    expect(paysOther.output).toContain(`pays ${other.account.address}, not this hot wallet (${hotAddress})`);
    // The start refuses it for the same reason.
    await expect(
      assertEvmStartable(
        loadConfig({ ...env({ CHAIN_EVM: 'rpc', EVM_FORWARDER_FACTORY: othersFactory }), ...tokens }),
      ),
    ).rejects.toThrow(EvmConfigError);

    const nowhere = getAddress('0x000000000000000000000000000000000000dEaD');
    const missing = await deploy(env({ EVM_FORWARDER_FACTORY: nowhere }));
    expect(missing.exitCode).toBe(1);
    expect(missing.output).toContain(
      `EVM_FORWARDER_FACTORY is set to ${nowhere} but there is no factory there`,
    );
  });
});
