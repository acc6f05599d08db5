/**
 * The trade-records module: every trade's tamper-evident record, a hash chain over its status changes,
 * chat messages and attachment digests (format and verifier: packages/contract/src/trade-record.ts).
 *
 * For other modules:
 * - `recordLiveMessages(tx, [{ trade, messages, parties?, digests? }, ...], { lock?, opens? })`: write the
 *   chat messages of a transaction (one trade's or a batch's) together with their record entries; app.ts
 *   hands it to the trades service as `recordMessages`, the one way a message is written.
 * - `recordTradeMessages(tx, tradeId, { live, digests })`: the same with the backfill options.
 * - `appendTradeRecordEntry(tx, tradeId, entry)`: the low-level append (per-trade lock, hash).
 * - `buildTradeRecord(db, tradeHash, store)`, `checkTradeRecords(db, store)`.
 */
export {
  appendTradeRecordEntry,
  buildTradeRecord,
  recordLiveMessages,
  recordTradeMessages,
  type AttachmentBytes,
  type NewTradeRecordEntry,
} from './record.js';
export { checkTradeRecords, type TradeRecordsReport } from './check.js';
export { renderTradeRecordPdf } from './pdf.js';
export { tradeRecordsRoutes } from './routes.js';
