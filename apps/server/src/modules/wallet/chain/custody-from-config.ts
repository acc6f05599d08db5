import type { Config } from '../../../platform/config.js';
import type { CustodyView, Holding, OwnershipProof } from './custody.js';
import { chainFromConfig } from './from-config.js';

/**
 * The simulated chain's custody (decision 0047): demo money, on no chain at all. It holds nothing
 * anywhere and signs nothing, and says so (`simulated`): proof of reserves shows its coins as
 * "simulated, nothing proved", reconciliation says there is no chain to compare with.
 */
export class SimulatedCustodyView implements CustodyView {
  readonly network = 'SIMULATED';
  readonly simulated = true;
  constructor(readonly coins: readonly string[]) {}
  holdings(): Promise<Holding[]> {
    return Promise.resolve([]);
  }
  proveOwnership(): Promise<OwnershipProof[]> {
    return Promise.resolve([]);
  }
}

/** Whether a custody view is the simulated chain's (nothing on chain to compare or prove). */
export const isSimulatedCustody = (view: CustodyView): boolean =>
  (view as Partial<SimulatedCustodyView>).simulated === true;

/**
 * Every CustodyView the configuration selects: one per real network (CHAIN_BTC, CHAIN_EVM; plugged in
 * beside their adapters) and the simulated chain's for the coins it still runs. Reconciliation, the
 * console's hot and cold balances and proof of reserves read the custody through this list only.
 */
export function custodyViewsFromConfig(config: Pick<Config, 'wallet' | 'chain'>): CustodyView[] {
  const chain = chainFromConfig(config);
  return chain.simulatedCoins.length > 0 ? [new SimulatedCustodyView(chain.simulatedCoins)] : [];
}
