export { createWalletService, DEFAULT_BOND_AMOUNTS, DEFAULT_NETWORK_FEES } from './service.js';
export type { WalletService, WalletHooks } from './service.js';
export { walletRoutes } from './routes.js';
export { SimulatedChain, DEFAULT_CONFIRMATIONS, type ChainAdapter } from './chain/adapter.js';
export {
  assertChainAllowed,
  chainFromConfig,
  ChainNotAvailableError,
  CompositeChain,
  SimulatedChainInProductionError,
} from './chain/from-config.js';
export {
  assertBitcoinReady,
  bitcoinFromConfig,
  BitcoinConfigError,
  checkBitcoinNodes,
  type BitcoinSetup,
} from './chain/bitcoin/from-config.js';
export { convertSimulatedAddressesToTestForm } from './chain/test-form-addresses.js';
export { startChainMiner } from './chain/miner.js';
export { lockBondsOf } from './bond-lock.js';
export { walletRepository } from './repository.js';
export { startHoldRelease } from './hold-release.js';
export {
  createChainFollower,
  followersFromConfig,
  startChainFollowers,
  startConfiguredFollowers,
  type ChainFollower,
  type FollowerPass,
} from './chain/follower.js';
export { createDepositBook, type DepositBook } from './chain/deposit-book.js';
export { blockSourcesFromConfig, chainNetworkOf, coinsOfNetwork, CHAIN_NETWORKS } from './chain/networks.js';
export { custodyInFlight, type InFlight } from './in-flight.js';
export {
  custodyViewsFromConfig,
  isSimulatedCustody,
  SimulatedCustodyView,
} from './chain/custody-from-config.js';
export type { CustodyView, CustodyPlace, Holding, OwnershipProof } from './chain/custody.js';
export { createWithdrawalApprovals, type WithdrawalApprovals } from './approvals.js';
export { withdrawalApprovalRoutes } from './approvals-routes.js';
export { payoutsAdminRoutes } from './payouts/admin-routes.js';
export { assertEvmStartable, evmFromConfig, EvmConfigError, type EvmParts } from './chain/evm/from-config.js';
export { startConfiguredEvmHotWallet, startEvmHotWallet } from './chain/evm/hot-wallet-loop.js';
export { bitcoinPayoutsFromConfig, startConfiguredPayouts } from './payouts/from-config.js';
