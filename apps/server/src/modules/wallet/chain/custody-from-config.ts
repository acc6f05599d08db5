import type { Config } from '../../../platform/config.js';
import type { Db } from '../../../platform/db/client.js';
import { createLedger } from '../../ledger/index.js';
import { BitcoinCustody, depositAddressesOf } from './bitcoin/custody.js';
import type { CustodyView, Holding, OwnershipProof } from './custody.js';
import { forwarderIndexesOf } from './evm/custody.js';
import { evmFromConfig } from './evm/from-config.js';
import { chainFromConfig } from './from-config.js';
import type { BitcoinCoin } from './bitcoin/networks.js';
import { bitcoinSetupOf, CHAIN_NETWORKS, type ChainNetwork } from './networks.js';

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
 * The real custody views of this build, per network and configured kind, beside `REAL_CHAIN_ADAPTERS`:
 * each is built from the same setup as the network's adapter (Bitcoin and Litecoin on Esplora:
 * `BitcoinCustody` over the node, the descriptor and the hot wallet key; the EVM chain on JSON-RPC:
 * `EvmCustody` over the hot wallet and the users' forwarders). A test that registers a stand-in adapter
 * registers its view here too (or none: reconciliation then says no view covers the coin).
 */
export const REAL_CUSTODY_VIEWS: Partial<
  Record<ChainNetwork, Partial<Record<string, (config: Config, db: Db) => CustodyView[]>>>
> = {
  BTC: { esplora: (config, db) => bitcoinCustodyViews(config, db, 'BTC') },
  LTC: { esplora: (config, db) => bitcoinCustodyViews(config, db, 'LTC') },
  EVM: {
    rpc: (config, db) => [
      evmFromConfig(config, { db, ledger: createLedger(db), forwarderIndexes: forwarderIndexesOf(db) })
        .custody,
    ],
  },
};

function bitcoinCustodyViews(config: Config, db: Db, coin: BitcoinCoin): CustodyView[] {
  const runtime = bitcoinSetupOf(config).coins[coin];
  if (!runtime) return [];
  return [
    new BitcoinCustody({
      network: runtime.network,
      node: runtime.client,
      hotWallet: runtime.hotWallet,
      deposits: runtime.deposits,
      depositAddresses: depositAddressesOf(db, coin),
    }),
  ];
}

/**
 * Every CustodyView the configuration selects: one per real network (`REAL_CUSTODY_VIEWS`) and the
 * simulated chain's for the coins it still runs. Reconciliation, the console's hot and cold balances and
 * proof of reserves read the custody through this list only. Nothing is read here: the views ask the
 * chain, and `deposit_addresses` through `db`, when they are asked.
 */
export function custodyViewsFromConfig(
  config: Pick<Config, 'wallet' | 'chain' | 'production'>,
  db: Db,
): CustodyView[] {
  const views: CustodyView[] = [];
  for (const network of CHAIN_NETWORKS) {
    const kind = config.chain.networks[network];
    if (kind === 'simulated' || kind === 'off') continue;
    views.push(...(REAL_CUSTODY_VIEWS[network]?.[kind]?.(config as Config, db) ?? []));
  }
  const chain = chainFromConfig(config);
  if (chain.simulatedCoins.length > 0) views.push(new SimulatedCustodyView(chain.simulatedCoins));
  return views;
}
