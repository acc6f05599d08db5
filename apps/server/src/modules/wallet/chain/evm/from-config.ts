import { createPublicClient, getAddress, http, isAddress, type Address, type PublicClient } from 'viem';
import type { Config } from '../../../../platform/config.js';
import type { Db } from '../../../../platform/db/client.js';
import type { Ledger } from '../../../ledger/index.js';
import { DEFAULT_CONFIRMATIONS } from '../adapter.js';
import { EvmChain } from './chain.js';
import type { TokenContracts } from './coins.js';
import { factoryAbi } from './contracts.js';
import { EvmCustody, forwarderIndexesOf } from './custody.js';
import { EvmKeyError, loadHotWalletKey } from './hot-wallet-key.js';
import { HotWallet } from './hot-wallet-tx.js';
import { EvmSender } from './sender.js';
import { EvmSource } from './source.js';
import { EvmSweeper } from './sweeper.js';

/** A setting that makes the EVM chain unusable; the server refuses to start with this message. */
export class EvmConfigError extends Error {}

export type EvmParts = {
  adapter: EvmChain;
  source: EvmSource;
  custody: EvmCustody;
  sweeper: EvmSweeper;
  sender: EvmSender;
  hot: HotWallet;
  client: PublicClient;
  factory: Address;
  tokens: TokenContracts;
  chainId: number;
};

const DECIMALS = { ETH: 18, USDT: 6, USDC: 6 } as Record<string, number>;

/** "1.5" ETH -> wei: the hot wallet's limits are written in coin units. */
function baseUnits(coin: string, value: string, setting: string): bigint {
  const decimals = DECIMALS[coin];
  if (decimals === undefined) {
    throw new EvmConfigError(`${setting}: ${coin} is not an EVM coin (ETH, USDT, USDC).`);
  }
  const [whole, fraction = ''] = value.split('.');
  if (fraction.length > decimals) throw new EvmConfigError(`${setting}: ${coin} has ${decimals} decimals.`);
  return BigInt(whole!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

const address = (value: string | null, setting: string): Address => {
  if (!value) throw new EvmConfigError(`CHAIN_EVM=rpc needs ${setting}.`);
  if (!isAddress(value, { strict: true })) {
    throw new EvmConfigError(`${setting}: "${value}" is not a 0x address.`);
  }
  return getAddress(value);
};

/** The validated settings and a client for the node: no database needed (main.ts checks with it). */
export function evmConnection(config: Pick<Config, 'chain' | 'wallet'>) {
  const evm = config.chain.evm;
  const chainId = evm.chainId;
  if (evm.mode !== 'rpc') throw new EvmConfigError('CHAIN_EVM is not rpc.');
  if (!evm.rpcUrl) throw new EvmConfigError('CHAIN_EVM=rpc needs EVM_RPC_URL (the JSON-RPC node).');
  if (!chainId) throw new EvmConfigError('CHAIN_EVM=rpc needs EVM_CHAIN_ID (1 for Ethereum mainnet).');
  let account;
  try {
    account = loadHotWalletKey(evm);
  } catch (error) {
    if (error instanceof EvmKeyError) throw new EvmConfigError(error.message);
    throw error;
  }
  const factory = address(evm.forwarderFactory, 'EVM_FORWARDER_FACTORY');
  const tokens: TokenContracts = {
    USDT: address(evm.tokens.USDT, 'USDT_CONTRACT'),
    USDC: address(evm.tokens.USDC, 'USDC_CONTRACT'),
  };
  const limits = (map: Record<string, string>, setting: string) =>
    Object.fromEntries(Object.entries(map).map(([coin, value]) => [coin, baseUnits(coin, value, setting)]));
  const maxPerTx = limits(evm.maxPerTx, 'EVM_HOT_MAX_PER_TX');
  const maxPerDay = limits(evm.maxPerDay, 'EVM_HOT_MAX_PER_DAY');
  const confirmations = (coin: string) =>
    config.wallet.confirmations[coin] ?? DEFAULT_CONFIRMATIONS[coin] ?? 12;

  const client = createPublicClient({ transport: http(evm.rpcUrl, { retryCount: 1 }) }) as PublicClient;
  return { evm, account, factory, tokens, maxPerTx, maxPerDay, confirmations, client, chainId };
}

/**
 * A production start with CHAIN_EVM=rpc: the settings are valid and the node is the right one, or the
 * server refuses to start with the reason (main.ts).
 */
export async function assertEvmStartable(config: Pick<Config, 'chain' | 'wallet'>): Promise<void> {
  const c = evmConnection(config);
  await assertEvmNodeReady({
    client: c.client,
    chainId: c.chainId,
    factory: c.factory,
    tokens: c.tokens,
    hotAddress: c.account.address,
  });
}

/**
 * The EVM chain's parts, from the settings (CHAIN_EVM=rpc; decision 0059). Throws EvmConfigError with the
 * reason when a setting is missing or invalid (the key is never echoed); `assertEvmNodeReady` then checks
 * the node itself. Needs the database and the ledger for the sender, the sweeper and the custody view.
 */
export function evmFromConfig(
  config: Pick<Config, 'chain' | 'wallet'>,
  deps: {
    db: Db;
    ledger: Ledger;
    forwarderIndexes?: () => Promise<readonly number[]>;
    log?: (m: string) => void;
  },
): EvmParts {
  const { evm, account, factory, tokens, maxPerTx, maxPerDay, confirmations, client, chainId } =
    evmConnection(config);
  const hot = new HotWallet(deps.db, client, account, chainId);
  // The users' forwarders: their deposit addresses' indexes, unless a test passes its own.
  const forwarderIndexes = deps.forwarderIndexes ?? forwarderIndexesOf(deps.db);
  return {
    adapter: new EvmChain({ factory, chainId: chainId, confirmations: config.wallet.confirmations }),
    source: new EvmSource(client, tokens),
    custody: new EvmCustody(hot, factory, tokens, forwarderIndexes),
    sweeper: new EvmSweeper(hot, factory, tokens, forwarderIndexes),
    sender: new EvmSender({
      db: deps.db,
      ledger: deps.ledger,
      hot,
      tokens,
      requiredConfirmations: confirmations,
      maxPerTx,
      maxPerDay,
      replaceAfterMs: evm.replaceAfterSeconds * 1000,
      log: deps.log,
    }),
    hot,
    client,
    factory,
    tokens,
    chainId: chainId,
  };
}

/**
 * The node answers, is on the configured chain, and the factory there is ours: deployed, paying this hot
 * wallet. A production start refuses otherwise, with the reason.
 */
export async function assertEvmNodeReady(
  parts: Pick<EvmParts, 'client' | 'chainId' | 'factory' | 'tokens'> & {
    hotAddress?: Address;
    hot?: { address: Address };
  },
): Promise<void> {
  const hotAddress = parts.hotAddress ?? parts.hot?.address;
  let chainId: number;
  try {
    chainId = await parts.client.getChainId();
  } catch (error) {
    throw new EvmConfigError(
      `EVM_RPC_URL: the node does not answer (${(error as Error).message.split('\n')[0]}).`,
    );
  }
  if (chainId !== parts.chainId) {
    throw new EvmConfigError(
      `EVM_CHAIN_ID is ${parts.chainId} but the node at EVM_RPC_URL is on chain ${chainId}.`,
    );
  }
  const code = await parts.client.getCode({ address: parts.factory });
  if (!code || code === '0x') {
    throw new EvmConfigError(
      `EVM_FORWARDER_FACTORY: no contract at ${parts.factory} on chain ${chainId} (deploy it first).`,
    );
  }
  const hotWallet = await parts.client.readContract({
    address: parts.factory,
    abi: factoryAbi,
    functionName: 'hotWallet',
  });
  if (getAddress(hotWallet) !== hotAddress) {
    throw new EvmConfigError(
      `EVM_FORWARDER_FACTORY pays ${hotWallet}, not this hot wallet (${hotAddress}): its forwarders would ` +
        'send deposits to another key.',
    );
  }
  for (const [coin, token] of Object.entries(parts.tokens)) {
    const tokenCode = await parts.client.getCode({ address: token });
    if (!tokenCode || tokenCode === '0x') {
      throw new EvmConfigError(`${coin}_CONTRACT: no contract at ${token}.`);
    }
  }
}
