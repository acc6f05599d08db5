import {
  isCancelledTradeStatus,
  isCompletedTradeStatus,
  isStaffRole,
  requirementsSatisfied,
  tradeActionsFor,
  tradeTransition,
  type AccountState,
  type ChatBlockReason,
  type FlowStep,
  type TradeAction,
  type TradeActor,
  type TradeGuard,
  type TradeChatState,
  type TradeRole,
  type UserRole,
} from '@app/contract';
import type { DbOrTx } from '../../platform/db/client.js';
import { isAllowed } from '../../platform/auth/account-policy.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { usersRepository } from '../users/repository.js';
import type { UserRow } from '../users/index.js';
import { requirementLists, timestampOf } from './presenter.js';
import { tradesRepository, type DisputeView, type RequirementRow, type TradeRow } from './repository.js';
import { chatClosesAt, staffChatRefusal } from './staff-chat.js';
import type { TradesContext } from './context.js';

/** What the staff chat rule reads of a trade's dispute (staff-chat.ts). */
export type StaffChatDispute = Pick<DisputeView, 'assignedTo' | 'moderatorId' | 'resolvedAt'>;

/** Who is looking: the session's user (role decides whether staff may see any trade). */
export type TradeViewer = { id: number; role: UserRole };

/**
 * Who may see a trade and do what on it now: the viewer's role, the chat's state, the guards of the
 * state machine's cells.
 */
export function createTradeRules(ctx: TradesContext) {
  const { db, limits, now } = ctx;

  function roleOf(trade: TradeRow, viewer: TradeViewer): TradeRole | null {
    if (viewer.id === trade.buyerId) return 'buyer';
    if (viewer.id === trade.sellerId) return 'seller';
    return isStaffRole(viewer.role) ? 'moderator' : null;
  }

  /** The viewer's role on what was found; anyone else gets the same 404 as a missing trade. */
  function visibleTo<T extends { trade: TradeRow }>(found: T | undefined, viewer: TradeViewer) {
    const role = found ? roleOf(found.trade, viewer) : null;
    if (!found || !role) throw notFound('Trade not found');
    return { ...found, role };
  }

  /** The trade by hash if the viewer may see it. */
  async function access(hash: string, viewer: TradeViewer) {
    const trade = await tradesRepository.findByHash(db, hash);
    return visibleTo(trade && { trade }, viewer);
  }

  /**
   * `access` with what the trade's view and its actions need of it read in the same statement (its
   * requirements, the parties' relations, chargeback, dispute): a view or an action answers from it.
   */
  async function accessWithFacts(hash: string, viewer: TradeViewer) {
    return visibleTo(await tradesRepository.findWithFacts(db, hash), viewer);
  }

  const flowStepOf = (trade: TradeRow, requirements: RequirementRow[]): FlowStep => {
    const lists = requirementLists(requirements);
    if (!requirementsSatisfied(lists.beforeRevealPaymentDetails)) return 'beforeRevealPaymentDetails';
    return trade.status === 'active_funded' ? 'beforeMarkAsPaid' : 'done';
  };

  /**
   * Chat rules (docs/decisions/0009-trades.md, 0052):
   * - ChatNotAvailableYet: the escrow is not funded yet, or staff on a trade without a dispute.
   * - ChatBlocked: one party blocked the other, or the author's account state forbids chatting; staff
   *   who are not the dispute's voice (staff-chat.ts).
   * - ChatBlockedAfterTradeIsCanceled / ChatNotAvailableAfterTradeCompleted: the trade ended more than
   *   TRADE_CHAT_GRACE_HOURS ago (the grace lets a buyer whose window ran out explain, and both say bye);
   *   for staff as for the parties.
   */
  function chatBlockReason(
    trade: TradeRow,
    role: TradeRole,
    facts: {
      accountState: AccountState;
      blocked: boolean;
      staff: { id: number; role: UserRole } | null;
      dispute: StaffChatDispute | null;
    },
    at: Date,
  ): ChatBlockReason | null {
    if (['not_funded', 'funds_processing', 'funds_processed'].includes(trade.status)) {
      return 'ChatNotAvailableYet';
    }
    const ended = trade.completedAt ?? trade.cancelledAt;
    const closedReason = (): ChatBlockReason =>
      isCancelledTradeStatus(trade.status)
        ? 'ChatBlockedAfterTradeIsCanceled'
        : 'ChatNotAvailableAfterTradeCompleted';
    if (role === 'moderator') {
      if (!facts.staff) return 'ChatBlocked';
      const refusal = staffChatRefusal({
        staff: facts.staff,
        dispute: facts.dispute,
        endedAt: ended,
        graceHours: limits.chatGraceHours,
        at,
      });
      if (refusal === 'no_dispute') return 'ChatNotAvailableYet';
      if (refusal === 'closed') return closedReason();
      return refusal === 'not_holder' ? 'ChatBlocked' : null;
    }
    if (facts.blocked || !isAllowed(facts.accountState, 'chat')) return 'ChatBlocked';
    const graceOver = ended !== null && at.getTime() - ended.getTime() > limits.chatGraceHours * 3_600_000;
    if (graceOver && (isCancelledTradeStatus(trade.status) || isCompletedTradeStatus(trade.status))) {
      return closedReason();
    }
    return null;
  }

  /**
   * The viewer's chat state. Pass their user row, and what the caller already read (whether either
   * party blocked the other, the dispute), when at hand: each saves a query.
   */
  async function chatStateFor(
    trade: TradeRow,
    role: TradeRole,
    // A party's facts carry no role (staff's chat needs it: they are passed by id, never by facts).
    viewer: number | (Pick<UserRow, 'id' | 'accountState'> & { role?: UserRole }),
    known: { blocked?: boolean; dispute?: StaffChatDispute | null } = {},
    // Inside a transaction pass it: on PGlite a read outside it would wait for it to end, for ever.
    dbOrTx: DbOrTx = db,
  ): Promise<TradeChatState> {
    const user = typeof viewer === 'number' ? await usersRepository.findById(dbOrTx, viewer) : viewer;
    // Staff's chat depends on the dispute (who holds it, who decided it, when): read only for them.
    const dispute =
      role === 'moderator' && user !== undefined
        ? known.dispute !== undefined
          ? known.dispute
          : ((await tradesRepository.disputeOf(dbOrTx, trade.id)) ?? null)
        : null;
    const blocked =
      role === 'moderator'
        ? false
        : (known.blocked ?? (await tradesRepository.blockedEitherWay(dbOrTx, trade.buyerId, trade.sellerId)));
    const reason = chatBlockReason(
      trade,
      role,
      {
        accountState: user?.accountState ?? 'banned',
        blocked,
        staff: user?.role ? { id: user.id, role: user.role } : null,
        dispute,
      },
      now(),
    );
    const closesAt = chatClosesAt(trade.completedAt ?? trade.cancelledAt, limits.chatGraceHours);
    return {
      canPost: reason === null,
      blockReason: reason,
      closesAt: closesAt ? timestampOf(closesAt) : null,
    };
  }

  /** Whether a guard holds now; the error explains why not. `requirements` when already loaded. */
  async function guardError(
    guard: TradeGuard,
    trade: TradeRow,
    at: Date,
    requirements?: RequirementRow[],
  ): Promise<AppError | null> {
    switch (guard) {
      case 'dispute_available':
        return trade.disputeAvailableAt && at >= trade.disputeAvailableAt
          ? null
          : new AppError(
              409,
              'DISPUTE_NOT_AVAILABLE_YET',
              trade.disputeAvailableAt
                ? `A dispute can be opened from ${trade.disputeAvailableAt.toISOString()}.`
                : 'A dispute can be opened once the buyer has marked the payment as sent.',
            );
      case 'buyer_unresponsive': {
        const waited = at.getTime() - trade.startedAt.getTime() >= limits.sellerCancelMinutes * 60_000;
        return trade.buyerId === trade.ownerId && trade.buyerSeenAt === null && waited
          ? null
          : new AppError(
              409,
              'SELLER_CANCEL_NOT_AVAILABLE',
              `The seller may only cancel when the buyer owns the offer and has not opened the trade within ${limits.sellerCancelMinutes} minutes.`,
            );
      }
      case 'requirements_met': {
        const lists = requirementLists(requirements ?? (await tradesRepository.requirementsOf(db, trade.id)));
        return requirementsSatisfied(lists.beforeRevealPaymentDetails) &&
          requirementsSatisfied(lists.beforeMarkAsPaid)
          ? null
          : new AppError(
              409,
              'TRADE_REQUIREMENTS_PENDING',
              'Upload what the offer requires (see the trade steps) before marking the payment as sent.',
            );
      }
    }
  }

  /**
   * When the seller may cancel a trade on the buyer's own offer that the buyer has not opened (the
   * `buyer_unresponsive` guard's moment), for the seller's page to offer it then; null otherwise.
   */
  function sellerCancelAvailableAt(trade: TradeRow, role: TradeRole): Date | null {
    if (role !== 'seller' || trade.status !== 'active_funded') return null;
    if (trade.buyerId !== trade.ownerId || trade.buyerSeenAt !== null) return null;
    return new Date(trade.startedAt.getTime() + limits.sellerCancelMinutes * 60_000);
  }

  /** The actions the viewer may take now: the table for their role, guards evaluated. */
  async function availableActions(
    trade: TradeRow,
    role: TradeRole,
    at: Date,
    requirements: RequirementRow[],
  ): Promise<TradeAction[]> {
    const actor: TradeActor = role;
    const result: TradeAction[] = [];
    for (const action of tradeActionsFor(trade.status, actor)) {
      const cell = tradeTransition(trade.status, action, actor);
      if (!cell.ok) continue;
      if (action === 'mark_paid' && trade.expiresAt <= at) continue;
      if (cell.guard && (await guardError(cell.guard, trade, at, requirements))) continue;
      result.push(action);
    }
    return result;
  }

  return {
    roleOf,
    access,
    accessWithFacts,
    flowStepOf,
    chatStateFor,
    guardError,
    availableActions,
    sellerCancelAvailableAt,
  };
}

export type TradeRules = ReturnType<typeof createTradeRules>;
