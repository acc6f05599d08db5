import { tradesRepository } from './repository.js';
import { createTradeChat } from './chat.js';
import { tradesContext, type TradesServiceOptions } from './context.js';
import { createTradeLifecycle } from './lifecycle.js';
import { createTradeRules } from './rules.js';
import { createTradeStart } from './start.js';
import { createTradeViews } from './views.js';

export { newTradeHash } from './start.js';
export type { TradeViewer } from './rules.js';
export type { ChainLock, MessagesToWrite, TradesServiceOptions, WrittenMessage } from './context.js';

/**
 * Trades, composed from one part per job: the rules (who sees and does what), the chat, the views, the
 * lifecycle through the contract's state machine, and starting a trade. Each part gets the shared context;
 * this object is what the rest of the server sees (`app.trades`).
 */
export function createTradesService(options: TradesServiceOptions) {
  const ctx = tradesContext(options);
  const rules = createTradeRules(ctx);
  const chat = createTradeChat(ctx, rules);
  const views = createTradeViews(ctx, rules);
  const lifecycle = createTradeLifecycle(ctx, rules, chat, views);
  const { start } = createTradeStart(ctx, chat, views, lifecycle);

  return {
    start,
    get: views.get,
    getWithParties: views.getWithParties,
    markPaid: lifecycle.markPaid,
    release: lifecycle.release,
    cancel: lifecycle.cancel,
    openDispute: lifecycle.openDispute,
    resolveDispute: lifecycle.resolveDispute,
    awardDispute: lifecycle.awardDispute,
    /** The moderator's award with the console's own writes in its transaction (the disputes module). */
    award: lifecycle.award,
    fallback: lifecycle.fallback,
    policyRead: lifecycle.policyRead,
    reviewRequirement: lifecycle.reviewRequirement,
    setRequirementUploaded: lifecycle.setRequirementUploaded,
    expireDue: lifecycle.expireDue,

    messages: chat.messages,
    postMessage: chat.postMessage,
    appendMessage: chat.appendMessage,
    /** Publishes a message appended inside the caller's transaction, once it has committed. */
    publishMessage: chat.publishAppended,
    participantsOf: views.participantsOf,

    history: views.history,
    active: views.active,
    offerOfTrade: views.offerOfTrade,

    /** Whether the user has a trade holding escrow (the wallet's and the account closing's guard). */
    hasActiveTrades: (userId: number) => tradesRepository.hasActive(ctx.db, userId),
    /** The current user's trading numbers and offers, with `hasActiveTrades`, in one statement. */
    tradingFactsOf: (userId: number) => tradesRepository.tradingFactsOf(ctx.db, userId),
  };
}

export type TradesService = ReturnType<typeof createTradesService>;
