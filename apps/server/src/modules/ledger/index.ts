export { createLedger, insufficientFunds, NO_BALANCES, TRANSACTION_KINDS } from './service.js';
export type {
  Ledger,
  TransferRequest,
  TransferResult,
  EscrowTrade,
  AccountRef,
  Leg,
  SettleOptions,
  TransactionKind,
  UserBalances,
} from './service.js';
export type { Hold, Holds } from './holds.js';
export { checkLedger, formatLedgerCheck, type LedgerCheckReport } from './check.js';
export { ledgerRepository } from './repository.js';
export type { AccountKind, HoldState } from './tables.js';
export { balancesByKind, coinsInLedger, userLiabilities } from './liabilities.js';
