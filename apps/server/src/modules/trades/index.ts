/**
 * The trades module: start (escrow locked in the creating transaction), the lifecycle through the
 * contract's state machine, the expiry job, disputes, the chat's REST calls, history.
 *
 * For other modules, through the service (`app.trades`):
 * - `participantsOf(tradeHash, viewerUserId)` -> `{ tradeId, tradeHash, buyerId, sellerId, status, role,
 *   chat: { canPost, blockReason } } | null` (null: the viewer may not see the trade; answer 404).
 * - `appendMessage(tx?, { tradeId, authorId, kind, text, attachmentId })` -> the presented message;
 *   without `tx` it commits and publishes `trade.message`; with `tx`, call `publishMessage(message)`
 *   after your transaction commits.
 * - `setRequirementUploaded(tx?, { tradeId, requirementId, status: 'uploaded' | 'corrupted' })`.
 * - `hasActiveTrades(userId)` (one probe of each partial index of running trades), `tradingFactsOf(userId)`
 *   (the current user's running trade, lifetime numbers and offers in one statement; decision 0050).
 *
 * Trades depends on offers, users, catalogue, rates, ledger and wallet, never on a module that depends on
 * it (feedback, attachments, trade-records, staff): what it needs from those arrives as options
 * (`recordMessages`), decision 0020; their tables are read by SQL name where a view needs them.
 */
import type { TradesService } from './service.js';

export {
  createTradesService,
  newTradeHash,
  type ChainLock,
  type MessagesToWrite,
  type TradesService,
  type TradeViewer,
  type WrittenMessage,
} from './service.js';
export { tradesRoutes } from './routes.js';
export { startTradeExpiry } from './expiry.js';
export { chainLockOf, tradesRepository, type TradingFacts } from './repository.js';
export { staffChatRefusal, chatClosesAt, type StaffChatRefusal } from './staff-chat.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The trades service: `main.ts` runs its expiry job; the realtime and attachments modules use it. */
    trades: TradesService;
  }
}
