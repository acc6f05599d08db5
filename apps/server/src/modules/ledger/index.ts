export { createLedger, insufficientFunds, TRANSACTION_KINDS } from './service.js';
export type {
  Ledger,
  TransferRequest,
  TransferResult,
  EscrowTrade,
  AccountRef,
  Leg,
  TransactionKind,
} from './service.js';
export { checkLedger, formatLedgerCheck, type LedgerCheckReport } from './check.js';
export { ledgerRepository } from './repository.js';
export type { AccountKind } from './tables.js';
