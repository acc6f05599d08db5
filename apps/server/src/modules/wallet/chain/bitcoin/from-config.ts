import type { Config } from '../../../../platform/config.js';
import { BitcoinChain } from './bitcoin-chain.js';
import { DescriptorError, descriptorFor, type DescriptorDeriver } from './descriptor.js';
import { EsploraClient, EsploraError } from './esplora-client.js';
import { hotWalletKey, HotWalletKeyError, readHotWalletKeyText, type HotWalletKey } from './hot-wallet.js';
import { bitcoinNetwork, type BitcoinCoin, type BitcoinNetwork } from './networks.js';

/**
 * Bitcoin and Litecoin from the configuration (issue 27, decision 0056): `bitcoinFromConfig` checks the
 * settings and builds, per coin on a real network, its Esplora client (the follower's `BlockSource` and
 * the batcher's `BitcoinNode`), its deposit descriptor and its hot wallet key, plus the `ChainAdapter`
 * serving them. `checkBitcoinNodes` asks each node for its genesis block: unreachable, or on another
 * network, is refused. `assertBitcoinReady` is both, for main.ts: a start with a missing or invalid
 * descriptor, key or node stops with every reason at once.
 */

export type BitcoinCoinRuntime = {
  network: BitcoinNetwork;
  /** The follower's source and the batcher's node: one client. */
  client: EsploraClient;
  deposits: DescriptorDeriver;
  /** Null outside production when no key is given (watch-only: withdrawals cannot be sent). */
  hotWallet: HotWalletKey | null;
};

export type BitcoinSetup = {
  /** Null when neither coin runs on a real network. */
  adapter: BitcoinChain | null;
  coins: Partial<Record<BitcoinCoin, BitcoinCoinRuntime>>;
  /** BTC and LTC coins left on the simulated chain. */
  simulatedCoins: BitcoinCoin[];
};

export class BitcoinConfigError extends Error {}

const COINS: BitcoinCoin[] = ['BTC', 'LTC'];

export function bitcoinFromConfig(config: Pick<Config, 'chain' | 'wallet' | 'production'>): BitcoinSetup {
  const { coins: settings } = config.chain.bitcoin;
  // Each coin's kind is its own setting: CHAIN_BTC, CHAIN_LTC (decision 0055).
  const modes = { BTC: config.chain.networks.BTC, LTC: config.chain.networks.LTC };
  const rpc = COINS.filter((coin) => modes[coin] === 'rpc');
  if (rpc.length > 0) {
    throw new BitcoinConfigError(
      `CHAIN_${rpc[0]}=rpc (Bitcoin Core RPC) is not available in this version: use CHAIN_${rpc[0]}=esplora ` +
        `with ${rpc[0]}_ESPLORA_URL (an electrs or mempool instance in front of your node; decision 0056).`,
    );
  }
  if (COINS.every((coin) => modes[coin] === 'simulated')) {
    return { adapter: null, coins: {}, simulatedCoins: [...COINS] };
  }
  const problems: string[] = [];
  const coins: Partial<Record<BitcoinCoin, BitcoinCoinRuntime>> = {};
  const simulatedCoins: BitcoinCoin[] = [];
  for (const coin of COINS) {
    const s = settings[coin];
    if (modes[coin] === 'simulated') {
      simulatedCoins.push(coin);
      continue;
    }
    const network = bitcoinNetwork(coin, s.network);
    const before = problems.length;
    if (!s.esploraUrl) {
      problems.push(`${coin}_ESPLORA_URL is missing: the Esplora API that ${coin} is read through.`);
    }
    let deposits: DescriptorDeriver | undefined;
    if (!s.depositDescriptor) {
      problems.push(
        `${coin}_DEPOSIT_DESCRIPTOR is missing: the output descriptor of deposit addresses, e.g. ` +
          `wpkh([fingerprint/84'/${network.coinType}'/0']${network.extendedKeys[0]!.prefix}.../0/*).`,
      );
    } else {
      try {
        deposits = descriptorFor(s.depositDescriptor, network);
      } catch (error) {
        if (!(error instanceof DescriptorError)) throw error;
        problems.push(`${coin}_DEPOSIT_DESCRIPTOR: ${error.message}`);
      }
    }
    let hotWallet: HotWalletKey | null = null;
    try {
      const text = readHotWalletKeyText(
        s.hotWalletKey ?? undefined,
        s.hotWalletKeyFile ?? undefined,
        `${coin}_HOT_WALLET_KEY`,
      );
      if (text !== null) hotWallet = hotWalletKey(text, network);
      else if (config.production) {
        problems.push(
          `${coin}_HOT_WALLET_KEY or ${coin}_HOT_WALLET_KEY_FILE is missing: the hot wallet's WIF key, ` +
            'which signs withdrawals.',
        );
      }
    } catch (error) {
      if (!(error instanceof HotWalletKeyError)) throw error;
      problems.push(`${coin}_HOT_WALLET_KEY: ${error.message}`);
    }
    if (problems.length > before || !deposits || !s.esploraUrl) continue;
    if (hotWallet && deposits.addressAt(0) === hotWallet.address) {
      problems.push(
        `${coin}_HOT_WALLET_KEY is the key of the descriptor's first deposit address: use a separate key.`,
      );
      continue;
    }
    coins[coin] = { network, client: new EsploraClient({ url: s.esploraUrl, network }), deposits, hotWallet };
  }
  if (problems.length > 0) {
    throw new BitcoinConfigError(
      `Refusing to start Bitcoin or Litecoin on Esplora:\n- ${problems.join('\n- ')}`,
    );
  }
  return { adapter: new BitcoinChain(coins, config.wallet.confirmations), coins, simulatedCoins };
}

/** Each configured node answers, and serves the configured network (by its genesis block). */
export async function checkBitcoinNodes(setup: BitcoinSetup): Promise<void> {
  const problems: string[] = [];
  for (const [coin, runtime] of Object.entries(setup.coins)) {
    try {
      const genesis = await runtime.client.genesisHash();
      if (!runtime.network.genesis.includes(genesis)) {
        problems.push(
          `${coin}_ESPLORA_URL serves a chain whose block 0 is ${genesis}, not ${runtime.network.label} ` +
            `(${coin}_NETWORK=${runtime.network.name}).`,
        );
      }
      await runtime.client.tip();
    } catch (error) {
      if (!(error instanceof EsploraError)) throw error;
      problems.push(`${coin}_ESPLORA_URL cannot be used: ${error.message}`);
    }
  }
  if (problems.length > 0) {
    throw new BitcoinConfigError(
      `Refusing to start Bitcoin or Litecoin on Esplora:\n- ${problems.join('\n- ')}`,
    );
  }
}

/** The start-up check of main.ts: settings, keys and nodes; nothing to do on the simulated chain. */
export async function assertBitcoinReady(
  config: Pick<Config, 'chain' | 'wallet' | 'production'>,
): Promise<BitcoinSetup> {
  const setup = bitcoinFromConfig(config);
  await checkBitcoinNodes(setup);
  return setup;
}
