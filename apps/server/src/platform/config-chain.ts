import { z } from 'zod';
import { booleanString, coinMap } from './config-values.js';

/** An amount of a Bitcoin-family coin (8 decimals), read as its base units. */
const coinAmount = (fallback: string) =>
  z
    .string()
    .regex(/^\d{1,10}(\.\d{1,8})?$/, 'a coin amount with at most 8 decimals, such as 0.5')
    .default(fallback)
    .transform((value) => {
      const [whole, fraction = ''] = value.split('.');
      return BigInt(whole!) * 100_000_000n + BigInt(fraction.padEnd(8, '0'));
    });

/**
 * The EVM chain's settings (decision 0059). Addresses and the key are checked when the adapter is built
 * (`evmFromConfig`), which refuses a production start with the reason; the key is never logged.
 */
export type EvmChainConfig = {
  mode: 'simulated' | 'rpc';
  rpcUrl: string | null;
  chainId: number | null;
  /** The hot wallet's private key (0x + 64 hex), or the file holding it: from the environment only. */
  hotWalletKey: string | null;
  hotWalletKeyFile: string | null;
  /** The deployed ForwarderFactory whose CREATE2 forwarders are the users' deposit addresses. */
  forwarderFactory: string | null;
  tokens: { USDT: string | null; USDC: string | null };
  /** Per coin, in coin units (decimal strings): the most one send-out and one day's send-outs may move. */
  maxPerTx: Record<string, string>;
  maxPerDay: Record<string, string>;
  /** A send-out not mined after this long is replaced with the same nonce and higher fees. */
  replaceAfterSeconds: number;
  pollSeconds: number;
};

/** One Bitcoin-family coin's settings, as given (checked by `bitcoinFromConfig` at start). */
export type BitcoinCoinSettings = {
  network: 'mainnet' | 'testnet' | 'regtest';
  esploraUrl: string | null;
  /** An output descriptor with an extended PUBLIC key (deposit addresses). */
  depositDescriptor: string | null;
  /** The hot wallet's WIF, or the file holding it (exactly one; a secret: never logged). */
  hotWalletKey: string | null;
  hotWalletKeyFile: string | null;
};

/**
 * The real-coin settings (issue 27): the chain each network runs on and its node, keys and limits, the
 * hot wallet's payouts and proof of reserves. Read with the rest of the environment by `loadConfig`.
 */
export const chainEnvShape = {
  // A production start on the simulated chain is refused unless this says it is meant (staging; 0047).
  SIMULATED_CHAIN_IN_PRODUCTION: booleanString.default(false),
  // Which chain each network runs on (decision 0055); the real kinds come with their adapters.
  CHAIN_BTC: z.enum(['simulated', 'esplora', 'rpc']).default('simulated'),
  CHAIN_LTC: z.enum(['simulated', 'esplora', 'rpc']).default('simulated'),
  CHAIN_EVM: z.enum(['simulated', 'rpc']).default('simulated'),
  CHAIN_XMR: z.enum(['simulated', 'off']).default('simulated'),
  BTC_POLL_SECONDS: z.coerce.number().int().min(1).max(3_600).default(15),
  LTC_POLL_SECONDS: z.coerce.number().int().min(1).max(3_600).default(15),
  EVM_POLL_SECONDS: z.coerce.number().int().min(1).max(3_600).default(6),
  // Bitcoin and Litecoin on their real networks (issue 27, decision 0056): the adapter, then per coin
  // its network, node, deposit descriptor (public keys only) and hot wallet key (a WIF, or a file holding it).
  BTC_NETWORK: z.enum(['mainnet', 'testnet', 'regtest']).default('mainnet'),
  BTC_ESPLORA_URL: z.string().url().optional(),
  BTC_DEPOSIT_DESCRIPTOR: z.string().optional(),
  BTC_HOT_WALLET_KEY: z.string().optional(),
  BTC_HOT_WALLET_KEY_FILE: z.string().optional(),
  LTC_NETWORK: z.enum(['mainnet', 'testnet', 'regtest']).default('mainnet'),
  LTC_ESPLORA_URL: z.string().url().optional(),
  LTC_DEPOSIT_DESCRIPTOR: z.string().optional(),
  LTC_HOT_WALLET_KEY: z.string().optional(),
  LTC_HOT_WALLET_KEY_FILE: z.string().optional(),
  // The hot wallet's batched payouts on Bitcoin and Litecoin (decision 0057); limits in coin units.
  BTC_BATCH_SECONDS: z.coerce.number().int().min(5).max(86_400).default(600),
  LTC_BATCH_SECONDS: z.coerce.number().int().min(5).max(86_400).default(600),
  BTC_RBF_AFTER_SECONDS: z.coerce.number().int().min(60).max(604_800).default(3_600),
  LTC_RBF_AFTER_SECONDS: z.coerce.number().int().min(60).max(604_800).default(1_800),
  BTC_HOT_MAX_PER_TX: coinAmount('0.5'),
  BTC_HOT_MAX_PER_DAY: coinAmount('2'),
  LTC_HOT_MAX_PER_TX: coinAmount('50'),
  LTC_HOT_MAX_PER_DAY: coinAmount('200'),
  // The EVM chain (ETH, USDT, USDC): simulated, or a JSON-RPC node with forwarders and a hot wallet (0059).
  EVM_RPC_URL: z.string().url().optional(),
  EVM_CHAIN_ID: z.coerce.number().int().min(1).optional(),
  EVM_HOT_WALLET_KEY: z.string().optional(),
  EVM_HOT_WALLET_KEY_FILE: z.string().optional(),
  EVM_FORWARDER_FACTORY: z.string().optional(),
  USDT_CONTRACT: z.string().optional(),
  USDC_CONTRACT: z.string().optional(),
  EVM_HOT_MAX_PER_TX: z.string().default(''),
  EVM_HOT_MAX_PER_DAY: z.string().default(''),
  EVM_REPLACE_AFTER_SECONDS: z.coerce.number().int().min(10).max(86_400).default(180),
  RESERVES_PUBLISH_SECONDS: z.coerce.number().int().min(0).max(31_536_000).default(86_400),
  HOT_WALLET_TARGET: z.string().default(''),
};

type ChainEnv = z.infer<z.ZodObject<typeof chainEnvShape>>;

/** The parts of `Config` these settings make (`chain`, `reserves`, `payouts`). */
export type ChainSettings = {
  /**
   * The chain each network's deposits and send-outs go to (modules/wallet/chain; decisions 0047, 0055):
   * the simulated one or a real adapter per network; `chainFromConfig` builds whichever this says.
   */
  chain: {
    /**
     * The operator's explicit word that a production start on the simulated chain is meant (a staging
     * server with production settings): without it main.ts refuses, since its addresses belong to nobody.
     */
    simulatedInProduction: boolean;
    /**
     * Per network, the chain it runs on: `simulated` (the default), a real kind (`esplora` or `rpc`,
     * served by the adapters this build has), or for Monero `off` (the coin is not offered at all).
     */
    networks: {
      BTC: 'simulated' | 'esplora' | 'rpc';
      LTC: 'simulated' | 'esplora' | 'rpc';
      EVM: 'simulated' | 'rpc';
      XMR: 'simulated' | 'off';
    };
    /** How often each real network's follower reads its node (`<NETWORK>_POLL_SECONDS`). */
    pollSeconds: { BTC: number; LTC: number; EVM: number };
    /**
     * Bitcoin's and Litecoin's real-network settings (modules/wallet/chain/bitcoin; decision 0056), used
     * when `networks.BTC` / `networks.LTC` is `esplora`: `bitcoinFromConfig` checks them and builds the
     * adapter, the node and the keys.
     */
    bitcoin: {
      coins: Record<'BTC' | 'LTC', BitcoinCoinSettings>;
    };
    /** The EVM chain's adapter and its settings (modules/wallet/chain/evm; decision 0059). */
    evm: EvmChainConfig;
  };
  /** Proof of reserves and the hot wallet's float (modules/reserves; decision 0060). */
  reserves: {
    /** How often a snapshot is published; 0: never by itself (`npm run admin -- reserves:publish`). */
    publishSeconds: number;
    /** Per coin, decimal strings: what the hot wallet keeps beyond the withdrawals waiting to be sent. */
    hotWalletTargets: Record<string, string>;
  };
  /**
   * The hot wallet's batched withdrawals per network (modules/wallet/payouts; decision 0057): how often a
   * batch goes out, when a stuck one is replaced by fee, and the limits in base units (satoshis).
   */
  payouts: Record<
    'BTC' | 'LTC',
    { batchSeconds: number; rbfAfterSeconds: number; maxPerTx: bigint; maxPerDay: bigint }
  >;
};

export function chainConfigOf(e: ChainEnv): ChainSettings {
  return {
    chain: {
      simulatedInProduction: e.SIMULATED_CHAIN_IN_PRODUCTION,
      networks: { BTC: e.CHAIN_BTC, LTC: e.CHAIN_LTC, EVM: e.CHAIN_EVM, XMR: e.CHAIN_XMR },
      pollSeconds: { BTC: e.BTC_POLL_SECONDS, LTC: e.LTC_POLL_SECONDS, EVM: e.EVM_POLL_SECONDS },
      bitcoin: {
        coins: {
          BTC: {
            network: e.BTC_NETWORK,
            esploraUrl: e.BTC_ESPLORA_URL || null,
            depositDescriptor: e.BTC_DEPOSIT_DESCRIPTOR || null,
            hotWalletKey: e.BTC_HOT_WALLET_KEY || null,
            hotWalletKeyFile: e.BTC_HOT_WALLET_KEY_FILE || null,
          },
          LTC: {
            network: e.LTC_NETWORK,
            esploraUrl: e.LTC_ESPLORA_URL || null,
            depositDescriptor: e.LTC_DEPOSIT_DESCRIPTOR || null,
            hotWalletKey: e.LTC_HOT_WALLET_KEY || null,
            hotWalletKeyFile: e.LTC_HOT_WALLET_KEY_FILE || null,
          },
        },
      },
      evm: {
        mode: e.CHAIN_EVM,
        rpcUrl: e.EVM_RPC_URL ?? null,
        chainId: e.EVM_CHAIN_ID ?? null,
        hotWalletKey: e.EVM_HOT_WALLET_KEY ?? null,
        hotWalletKeyFile: e.EVM_HOT_WALLET_KEY_FILE ?? null,
        forwarderFactory: e.EVM_FORWARDER_FACTORY ?? null,
        tokens: { USDT: e.USDT_CONTRACT ?? null, USDC: e.USDC_CONTRACT ?? null },
        maxPerTx: coinMap(e.EVM_HOT_MAX_PER_TX, 'EVM_HOT_MAX_PER_TX', /^\d+(\.\d+)?$/),
        maxPerDay: coinMap(e.EVM_HOT_MAX_PER_DAY, 'EVM_HOT_MAX_PER_DAY', /^\d+(\.\d+)?$/),
        replaceAfterSeconds: e.EVM_REPLACE_AFTER_SECONDS,
        pollSeconds: e.EVM_POLL_SECONDS,
      },
    },
    reserves: {
      publishSeconds: e.RESERVES_PUBLISH_SECONDS,
      hotWalletTargets: coinMap(e.HOT_WALLET_TARGET, 'HOT_WALLET_TARGET', /^\d+(\.\d+)?$/),
    },
    payouts: {
      BTC: {
        batchSeconds: e.BTC_BATCH_SECONDS,
        rbfAfterSeconds: e.BTC_RBF_AFTER_SECONDS,
        maxPerTx: e.BTC_HOT_MAX_PER_TX,
        maxPerDay: e.BTC_HOT_MAX_PER_DAY,
      },
      LTC: {
        batchSeconds: e.LTC_BATCH_SECONDS,
        rbfAfterSeconds: e.LTC_RBF_AFTER_SECONDS,
        maxPerTx: e.LTC_HOT_MAX_PER_TX,
        maxPerDay: e.LTC_HOT_MAX_PER_DAY,
      },
    },
  };
}
