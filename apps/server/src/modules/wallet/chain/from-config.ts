import type { Config } from '../../../platform/config.js';
import { SimulatedChain, type ChainAdapter } from './adapter.js';

/**
 * The chain adapter the configuration selects: the server, the admin commands and the demo seeds all
 * build theirs here, so a real adapter added later (chosen per coin family in `config.chain`) reaches
 * every one of them. Only the simulated chain exists in this version (decision 0047).
 */
export function chainFromConfig(config: Pick<Config, 'wallet' | 'chain'>): ChainAdapter {
  return new SimulatedChain(config.wallet.confirmations);
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
      'would lose it. This version has no real chain adapter. For a staging server with production ' +
      'settings and demo money, set SIMULATED_CHAIN_IN_PRODUCTION=true: every deposit and send screen ' +
      'then says it is a demo network.',
  );
}

export class SimulatedChainInProductionError extends Error {}
