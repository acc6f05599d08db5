/**
 * The trade-records module: every trade's tamper-evident record, a hash chain over its status changes,
 * chat messages and attachment digests (format and verifier: packages/contract/src/trade-record.ts).
 *
 * For other modules:
 * - `recordTradeMessages(tx, tradeId, { live, digests })`: chain the trade's new chat messages inside
 *   the transaction that wrote them (the trades module calls it after every message it inserts; `live`
 *   in the transaction that creates the trade; `digests`: attachment id -> SHA-256 of the bytes).
 * - `appendTradeRecordEntry(tx, tradeId, entry)`: the low-level append (per-trade lock, hash).
 * - `buildTradeRecord(db, tradeHash, store)`, `checkTradeRecords(db, store)`.
 */
export {
  appendTradeRecordEntry,
  buildTradeRecord,
  recordTradeMessages,
  type AttachmentBytes,
  type NewTradeRecordEntry,
} from './record.js';
export { checkTradeRecords, type TradeRecordsReport } from './check.js';
export { renderTradeRecordPdf } from './pdf.js';
export { tradeRecordsRoutes } from './routes.js';
