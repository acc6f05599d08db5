/**
 * The trade-records module: every trade's tamper-evident record, a hash chain over its status changes,
 * chat messages and attachment digests (format and verifier: packages/contract/src/trade-record.ts).
 *
 * For other modules:
 * - `recordLiveMessages(tx, [{ trade, messages, parties?, digests? }, ...])`: chain the chat messages a
 *   transaction just wrote (one trade's or a batch's), from the rows in hand; app.ts hands it to the
 *   trades service as `recordMessages`, which calls it after every message it inserts.
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
