import type { Config } from '../../../platform/config.js';
import { SimulatedChain, type ChainAdapter } from './adapter.js';
import { CHAIN_NETWORKS, chainNetworkOf, REAL_CHAIN_ADAPTERS, type ChainNetwork } from './networks.js';

/**
 * One adapter made of one per network (decision 0055): each coin goes to the adapter of its network
 * (Bitcoin, Litecoin, the EVM chain for ETH, USDT and USDC, Monero); a coin whose network is `off` is
 * not supported at all. Its simulated coins are those its simulated parts serve.
 */
export class CompositeChain implements ChainAdapter {
  readonly simulatedCoins: readonly string[];
  constructor(private readonly parts: Map<string, ChainAdapter>) {
    this.simulatedCoins = [...parts].filter(([coin, a]) => a.simulatedCoins.includes(coin)).map(([c]) => c);
  }
  private part(coin: string): ChainAdapter {
    const adapter = this.parts.get(coin.toUpperCase());
    if (!adapter) throw new Error(`no chain serves ${coin}`);
    return adapter;
  }
  supports = (coin: string) => this.parts.has(coin.toUpperCase()) && this.part(coin).supports(coin);
  network = (coin: string) => this.part(coin).network(coin);
  newDepositAddress = (coin: string, index: number) => this.part(coin).newDepositAddress(coin, index);
  isValidAddress = (coin: string, address: string) => this.part(coin).isValidAddress(coin, address);
  otherNetworkOf = (coin: string, address: string) => this.part(coin).otherNetworkOf(coin, address);
  requiredConfirmations = (coin: string) => this.part(coin).requiredConfirmations(coin);
  broadcast = (w: { coin: string; address: string; amount: bigint }) => this.part(w.coin).broadcast(w);
  newTxid = (coin: string) => this.part(coin).newTxid(coin);
}

export class ChainNotAvailableError extends Error {}

/**
 * The chain adapter the configuration selects: the server, the admin commands and the demo seeds all
 * build theirs here. Each network (`CHAIN_BTC`, `CHAIN_LTC`, `CHAIN_EVM`, `CHAIN_XMR`) is simulated by
 * default; a real kind is built by the adapter this build registered for it (networks.ts) and refused with
 * the reason when there is none; Monero may be `off`. All simulated: the simulated chain itself (0047).
 */
export function chainFromConfig(config: Pick<Config, 'wallet' | 'chain'>): ChainAdapter {
  const simulated = new SimulatedChain(config.wallet.confirmations);
  const kinds: Record<ChainNetwork, string> = config.chain.networks ?? {
    BTC: 'simulated',
    LTC: 'simulated',
    EVM: 'simulated',
    XMR: 'simulated',
  };
  if (CHAIN_NETWORKS.every((network) => kinds[network] === 'simulated')) return simulated;
  const adapters = new Map<ChainNetwork, ChainAdapter | null>();
  for (const network of CHAIN_NETWORKS) {
    const kind = kinds[network];
    if (kind === 'simulated') adapters.set(network, simulated);
    else if (kind === 'off') adapters.set(network, null);
    else {
      const build = REAL_CHAIN_ADAPTERS[network]?.[kind];
      if (!build) {
        throw new ChainNotAvailableError(
          `CHAIN_${network}=${kind} is not available in this build: it has no ${kind} adapter for ` +
            `${network}. Use CHAIN_${network}=simulated, or a build that has one.`,
        );
      }
      adapters.set(network, build(config as Config));
    }
  }
  const parts = new Map<string, ChainAdapter>();
  for (const coin of simulated.simulatedCoins) {
    const adapter = adapters.get(chainNetworkOf(coin) as ChainNetwork);
    if (adapter) parts.set(coin, adapter);
  }
  return new CompositeChain(parts);
}

/**
 * Refuses to run the simulated chain in production without the operator's explicit word: its deposit
 * addresses belong to nobody, so a user who sent real coin there would lose it. The server checks before
 * it touches the data directory; the admin commands that drive the chain check too.
 */
export function assertChainAllowed(
  config: Pick<Config, 'production' | 'chain'>,
  chain: Pick<ChainAdapter, 'simulatedCoins'>,
): void {
  if (!config.production || config.chain.simulatedInProduction || chain.simulatedCoins.length === 0) return;
  throw new SimulatedChainInProductionError(
    `Refusing to run the simulated chain in production (${chain.simulatedCoins.join(', ')}): its ` +
      'deposit addresses belong to nobody and nothing sent to them arrives, so a user sending real coin ' +
      'would lose it. Choose a real chain for each network (CHAIN_BTC, CHAIN_LTC, CHAIN_EVM) and ' +
      'CHAIN_XMR=off, or, for a staging server with production settings and demo money, set ' +
      'SIMULATED_CHAIN_IN_PRODUCTION=true: every deposit and send screen then says it is a demo network.',
  );
}

export class SimulatedChainInProductionError extends Error {}
