import type { Config } from '../../../platform/config.js';
import type { ChainAdapter } from './adapter.js';
import type { BlockSource } from './block-source.js';
import { bitcoinFromConfig, type BitcoinSetup } from './bitcoin/from-config.js';
import { EvmChain } from './evm/chain.js';
import { evmConnection } from './evm/from-config.js';
import { EvmSource } from './evm/source.js';

/**
 * The chain networks coins travel on (decision 0055): Bitcoin and Litecoin each on their own, ETH and the
 * ERC-20 tokens USDT and USDC on one EVM chain (one deposit address per user serves all three), Monero on
 * its own. A network is the unit of a deposit address index, of a block follower and of a configured
 * adapter (`CHAIN_BTC`, `CHAIN_LTC`, `CHAIN_EVM`, `CHAIN_XMR`).
 */
export const CHAIN_NETWORKS = ['BTC', 'LTC', 'EVM', 'XMR'] as const;
export type ChainNetwork = (typeof CHAIN_NETWORKS)[number];

const NETWORK_OF_COIN: Record<string, ChainNetwork> = {
  BTC: 'BTC',
  LTC: 'LTC',
  ETH: 'EVM',
  USDT: 'EVM',
  USDC: 'EVM',
  XMR: 'XMR',
};

/** The network a coin is sent on; a coin of no known network is a network of its own. */
export const chainNetworkOf = (coin: string): string =>
  NETWORK_OF_COIN[coin.toUpperCase()] ?? coin.toUpperCase();

/** The coins that travel on a network. */
export const coinsOfNetwork = (network: string): string[] =>
  Object.entries(NETWORK_OF_COIN)
    .filter(([, n]) => n === network)
    .map(([coin]) => coin);

/**
 * The real adapters of this build, per network, keyed by the configured kind (`esplora`, `rpc`): the
 * Bitcoin and EVM adapters register theirs here. A configured kind missing from this table refuses to
 * start ("not available in this build").
 */
export const REAL_CHAIN_ADAPTERS: Partial<
  Record<ChainNetwork, Partial<Record<string, (config: Config) => ChainAdapter>>>
> = {
  BTC: { esplora: (config) => bitcoinAdapterOf(config) },
  LTC: { esplora: (config) => bitcoinAdapterOf(config) },
  EVM: {
    rpc: (config) => {
      const { factory, chainId } = evmConnection(config);
      return new EvmChain({ factory, chainId, confirmations: config.wallet.confirmations });
    },
  },
};

/**
 * One Bitcoin setup per configuration: its key files are read and its clients built once, shared by the
 * adapter, the followers, the custody views and the payout batchers.
 */
const bitcoinSetups = new WeakMap<object, BitcoinSetup>();
export function bitcoinSetupOf(config: Pick<Config, 'chain' | 'wallet' | 'production'>): BitcoinSetup {
  let setup = bitcoinSetups.get(config);
  if (!setup) {
    setup = bitcoinFromConfig(config);
    bitcoinSetups.set(config, setup);
  }
  return setup;
}
function bitcoinAdapterOf(config: Config): ChainAdapter {
  const { adapter } = bitcoinSetupOf(config);
  if (!adapter) throw new Error('CHAIN_BTC or CHAIN_LTC is esplora but no Bitcoin coin was set up');
  return adapter;
}

/**
 * The block sources the chain followers read (one per network on a real chain), chosen by
 * `config.chain`: Esplora for Bitcoin and Litecoin (decision 0056), JSON-RPC for the EVM chain (0059).
 */
export function blockSourcesFromConfig(
  config: Pick<Config, 'chain' | 'wallet' | 'production'>,
): BlockSource[] {
  const bitcoin = Object.values(bitcoinSetupOf(config).coins).map((coin) => coin.client);
  if (config.chain.networks.EVM !== 'rpc') return bitcoin;
  const { client, tokens } = evmConnection(config);
  return [...bitcoin, new EvmSource(client, tokens)];
}
