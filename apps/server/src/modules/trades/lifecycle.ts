import {
  appealClosesAt,
  DISPUTE_REASONS,
  isActiveTradeStatus,
  isCancelledTradeStatus,
  isCompletedTradeStatus,
  isStaffRole,
  tradeActors,
  tradeTransition,
  type Locale,
  type TradeAction,
  type TradeActor,
  type TradeMessage,
  type TradeStatus,
} from '@app/contract';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { AppError, fieldError, notFound } from '../../platform/http/errors.js';
import { tradesRepository, type TradeRow } from './repository.js';
import type { TradesContext } from './context.js';
import type { TradeChat } from './chat.js';
import type { TradeRules, TradeViewer } from './rules.js';
import type { TradeViews } from './views.js';

const invalidStatus = (status: TradeStatus, action: TradeAction) =>
  new AppError(
    409,
    'TRADE_INVALID_STATUS',
    `This trade is ${status.replace(/_/g, ' ')}: "${action.replace(/_/g, ' ')}" is not possible now.`,
  );

/** The wording of each status change in the chat (English; the web words it from `system.status`). */
const STATUS_MESSAGES: Partial<Record<TradeStatus, string>> = {
  paid: 'The buyer marked the payment as sent.',
  released: 'The seller released the crypto to the buyer. The trade is complete.',
  cancelled_buyer: 'The buyer cancelled the trade. The crypto went back to the seller.',
  cancelled_seller:
    'The seller cancelled the trade because the buyer did not open it in time. The crypto went back to the seller.',
  cancelled_system:
    'The payment window ended before the buyer marked the payment as sent. The trade was cancelled and the crypto went back to the seller.',
  dispute_open: 'A dispute was opened. The escrow is frozen until a moderator decides.',
  dispute_won_buyer: 'A moderator decided the dispute for the buyer: the crypto was released to the buyer.',
  dispute_won_seller: 'A moderator decided the dispute for the seller: the crypto went back to the seller.',
};

/** The same for an award held while it can be appealed (decision 0048). */
const HELD_AWARD_MESSAGES: Partial<Record<TradeStatus, string>> = {
  dispute_won_buyer:
    'A moderator decided the dispute for the buyer: the crypto is held for the buyer until the appeal window closes.',
  dispute_won_seller:
    'A moderator decided the dispute for the seller: the crypto is held for the seller until the appeal window closes.',
};

/**
 * The lifecycle through the contract's state machine: every change one conditional UPDATE plus its money
 * movement, dispute record and system message in one transaction; events after commit.
 */
export function createTradeLifecycle(
  ctx: TradesContext,
  rules: TradeRules,
  chat: TradeChat,
  views: TradeViews,
) {
  const { db, ledger, catalogue, wallet, offers, limits, features, now } = ctx;
  const { access, accessWithFacts, guardError } = rules;
  const { systemMessage, publishMessage, publishStatus } = chat;
  const { view, viewOf, forgetParties } = views;

  /** Trades on offers whose method needs the bond keep the owner's bond held (decision 0007). */
  async function holdOwnerBond(trade: TradeRow) {
    const method = (await catalogue.data()).methodById.get(trade.paymentMethodId);
    if (method && (await offers.bondGroupIds()).includes(method.groupId)) {
      await wallet.holdBond(trade.ownerId, trade.cryptoCode);
    }
  }

  const escrowOf = (trade: TradeRow) => ({
    tradeId: trade.hash,
    cryptoCode: trade.cryptoCode,
    sellerId: trade.sellerId,
    buyerId: trade.buyerId,
    amount: BigInt(trade.buyerReceives),
    fee: BigInt(trade.feeAmount),
  });

  /** Columns a status change sets besides the status (timestamps, the actor's IP). */
  function valuesFor(next: TradeStatus, actor: TradeActor, at: Date, ip: string | null): Partial<TradeRow> {
    const values: Partial<TradeRow> = {};
    if (actor === 'buyer' && ip) values.buyerIp = ip;
    if (actor === 'seller' && ip) values.sellerIp = ip;
    if (next === 'paid') {
      values.paidAt = at;
      values.disputeAvailableAt = new Date(at.getTime() + limits.disputeAfterPaidSeconds * 1000);
    }
    if (isCompletedTradeStatus(next) || isCancelledTradeStatus(next)) values.completedAt = at;
    if (isCancelledTradeStatus(next)) values.cancelledAt = at;
    return values;
  }

  type Transitioned = {
    row: TradeRow;
    previous: TradeStatus;
    action: TradeAction;
    message: TradeMessage;
    /** The moderator's reason as a second system message (awards only). */
    decision?: TradeMessage;
    at: Date;
  };

  /**
   * Applies one cell of the state machine inside `tx`: the conditional UPDATE (only while the trade
   * still has the status we saw), then the money, the dispute record and the system message. Returns
   * null when another request changed the status first.
   */
  /**
   * One transition in its own transaction; null when a racing request that committed first settled the
   * escrow (its status moved on too), so the caller answers with the status it finds now.
   */
  async function applyOnce(
    trade: TradeRow,
    action: TradeAction,
    actor: TradeActor,
    ctx: Parameters<typeof applyIn>[4],
  ): Promise<Transitioned | null> {
    try {
      return await db.transaction((tx) => applyIn(tx, trade, action, actor, ctx));
    } catch (error) {
      if (
        error instanceof AppError &&
        (error.code === 'ESCROW_ALREADY_SETTLED' || error.code === 'IDEMPOTENCY_KEY_REUSED')
      ) {
        return null;
      }
      throw error;
    }
  }

  async function applyIn(
    tx: Tx,
    trade: TradeRow,
    action: TradeAction,
    actor: TradeActor,
    ctx: {
      at: Date;
      ip: string | null;
      actorId: number | null;
      dispute?: { reasonId: number; text: string };
      /** A moderator's award: why, stored on the dispute and told to both parties in the chat. */
      decision?: { reason: string };
      /** The award is held until then (it can be appealed until then; decision 0048). */
      holdUntil?: Date;
      /** More writes that commit or roll back with this transition (the console's audit row). */
      alongside?: (tx: Tx, row: TradeRow) => Promise<void>;
    },
  ): Promise<Transitioned | null> {
    const cell = tradeTransition(trade.status, action, actor);
    if (!cell.ok) return null;
    const moved = await tradesRepository.transition(
      tx,
      trade.id,
      trade.status,
      { status: cell.next, ...valuesFor(cell.next, actor, ctx.at, ctx.ip) },
      // Marking paid also needs the window open: a payment claimed after it ends does not count.
      action === 'mark_paid' ? { openAt: ctx.at } : {},
    );
    if (!moved) return null;
    const { row, lock } = moved;
    if (
      action === 'open_dispute' &&
      ctx.dispute &&
      ctx.actorId !== null &&
      (actor === 'buyer' || actor === 'seller')
    ) {
      await tradesRepository.insertDispute(tx, {
        tradeId: row.id,
        openedBy: ctx.actorId,
        openerRole: actor,
        reasonId: ctx.dispute.reasonId,
        reasonText: ctx.dispute.text,
      });
    }
    if (trade.status === 'dispute_open' && cell.next !== 'dispute_open') {
      await tradesRepository.resolveDispute(tx, row.id, {
        resolution:
          action === 'award_buyer' ? 'buyer' : action === 'award_seller' ? 'seller' : 'released_by_seller',
        moderatorId: actor === 'moderator' ? ctx.actorId : null,
        reason: ctx.decision?.reason ?? null,
        at: ctx.at,
      });
    }
    const message = await systemMessage(
      tx,
      row,
      action === 'open_dispute' ? 'dispute_opened' : 'status_changed',
      cell.next,
      (ctx.holdUntil ? HELD_AWARD_MESSAGES[cell.next] : undefined) ??
        STATUS_MESSAGES[cell.next] ??
        `The trade is now ${cell.next.replace(/_/g, ' ')}.`,
      // The UPDATE locked the chain, read its head and drew the message's id. A second message (the
      // decision) follows the entry the first one wrote, so it takes the (re-entrant) lock itself.
      { lock },
    );
    // The decision's reason in the parties' own chat: the text is the moderator's, verbatim.
    const decision = ctx.decision
      ? await systemMessage(tx, row, 'dispute_decision', cell.next, ctx.decision.reason)
      : undefined;
    // The money moves last: a release locks the platform's fee account, which every release shares, so
    // the fewer statements between that lock and the commit, the more releases the platform can make
    // at once. The transaction is one unit either way: a refused movement rolls everything back.
    const settle = { holdUntil: ctx.holdUntil };
    if (cell.effect === 'release_escrow') await ledger.releaseEscrow(escrowOf(row), tx, settle);
    if (cell.effect === 'refund_escrow') await ledger.refundEscrow(escrowOf(row), tx, settle);
    if (ctx.alongside) await ctx.alongside(tx, row);
    return { row, previous: trade.status, action, message, decision, at: ctx.at };
  }

  /** After commit: tell both parties, extend the bond hold when the trade ended. */
  async function afterTransition(done: Transitioned) {
    // The crypto reached the buyer: both parties' trade counts moved (user_trade_stats).
    if (isCompletedTradeStatus(done.row.status)) forgetParties(done.row);
    publishStatus(done.row, 'trade.status', done.previous, done.action, done.at);
    publishMessage(done.row, done.message);
    if (done.decision) publishMessage(done.row, done.decision);
    if (!isActiveTradeStatus(done.row.status)) await holdOwnerBond(done.row);
  }

  /**
   * Expires unpaid trades past their window: batches locked with SKIP LOCKED, one transaction each.
   * `asOf` judges "past" at another time than now (tests race a sweeper against a live request).
   */
  async function expireDue(options: { batch?: number; tradeId?: number; asOf?: Date } = {}): Promise<number> {
    const batch = options.batch ?? 25;
    let total = 0;
    for (;;) {
      const at = now();
      const done = await db.transaction(async (tx) => {
        const due = await tradesRepository.lockDueForExpiry(tx, options.asOf ?? at, batch, options.tradeId);
        const out: Transitioned[] = [];
        for (const trade of due) {
          const result = await applyIn(tx, trade, 'expire', 'system', { at, ip: null, actorId: null });
          if (result) out.push(result);
        }
        return { found: due.length, out };
      });
      for (const item of done.out) await afterTransition(item);
      total += done.out.length;
      if (done.found < batch || options.tradeId !== undefined) return total;
    }
  }

  /** One party's action through the state machine (HTTP handlers call this). */
  async function act(
    viewer: TradeViewer,
    hash: string,
    action: TradeAction,
    ctx: { ip: string; locale: Locale; dispute?: { reasonId: number; text: string } },
  ) {
    // The trade with what its guards check (the requirements) and its view shows: the answer is built
    // from them and the changed row, without reading the trade again.
    const { trade, role, facts } = await accessWithFacts(hash, viewer);
    const cell = tradeTransition(trade.status, action, role);
    if (!cell.ok) {
      if (cell.reason === 'wrong_actor') {
        const who = tradeActors.filter((actor) => tradeTransition(trade.status, action, actor).ok);
        throw new AppError(
          403,
          'TRADE_FORBIDDEN_ACTION',
          `Only the ${who.join(' or ')} can ${action.replace(/_/g, ' ')} this trade now.`,
        );
      }
      throw invalidStatus(trade.status, action);
    }
    const at = now();
    if (action === 'mark_paid' && trade.expiresAt <= at) {
      // The window has run out but the job has not swept it yet: expire it now, then refuse.
      await expireDue({ tradeId: trade.id });
      throw new AppError(
        409,
        'TRADE_INVALID_STATUS',
        'The payment window has ended; the trade was cancelled.',
      );
    }
    if (cell.guard) {
      const problem = await guardError(cell.guard, trade, at, facts.requirements);
      if (problem) throw problem;
    }
    const done = await applyOnce(trade, action, role, {
      at,
      ip: ctx.ip,
      actorId: viewer.id,
      dispute: ctx.dispute,
    });
    if (!done) {
      const fresh = await tradesRepository.findById(db, trade.id);
      throw invalidStatus(fresh?.status ?? trade.status, action);
    }
    await afterTransition(done);
    return view(done.row, role, viewer.id, ctx.locale, {
      ...facts,
      hasDispute: facts.hasDispute || action === 'open_dispute',
    });
  }

  /**
   * Settles a dispute for the buyer (release) or the seller (refund) through the table's `award_*` cells,
   * by a moderator (`moderatorId`) or by the operator's command line (null). Exactly once: the same
   * conditional UPDATE and settle key as every transition, so of two awards, or an award and the seller's
   * release, one wins and the other is refused with the status it found. With appeals on, the winner's
   * share is held until the appeal window closes (decision 0048), so an upheld appeal always finds it;
   * with appeals off nothing can undo the award and it is paid at once.
   */
  async function award(
    hash: string,
    input: {
      winner: 'buyer' | 'seller';
      reason: string;
      moderatorId: number | null;
      alongside?: (tx: Tx, row: TradeRow) => Promise<void>;
    },
  ): Promise<TradeRow> {
    const reason = input.reason.trim();
    if (!reason) throw fieldError('reason', 'Say why the dispute is decided this way', 'required');
    const trade = await tradesRepository.findByHash(db, hash);
    if (!trade) throw notFound('Trade not found');
    const action: TradeAction = input.winner === 'buyer' ? 'award_buyer' : 'award_seller';
    const notInDispute = (status: TradeStatus) =>
      new AppError(
        409,
        'TRADE_INVALID_STATUS',
        `Trade ${hash} is not in dispute (it is ${status.replace(/_/g, ' ')}): only a disputed trade can be awarded.`,
      );
    if (input.moderatorId === trade.buyerId || input.moderatorId === trade.sellerId) {
      throw new AppError(
        403,
        'TRADE_FORBIDDEN_ACTION',
        'A moderator cannot decide a dispute in their own trade.',
      );
    }
    if (!tradeTransition(trade.status, action, 'moderator').ok) throw notInDispute(trade.status);
    const at = now();
    const done = await applyOnce(trade, action, 'moderator', {
      at,
      ip: null,
      actorId: input.moderatorId,
      decision: { reason },
      holdUntil: features.disputeAppeal
        ? (appealClosesAt(at, limits.appealWindowHours) ?? undefined)
        : undefined,
      alongside: input.alongside,
    });
    if (!done) {
      const fresh = await tradesRepository.findById(db, trade.id);
      throw notInDispute(fresh?.status ?? trade.status);
    }
    await afterTransition(done);
    return done.row;
  }

  return {
    holdOwnerBond,
    expireDue,
    award,

    markPaid: (viewer: TradeViewer, hash: string, ctx: { ip: string; locale: Locale }) =>
      act(viewer, hash, 'mark_paid', ctx),
    release: (viewer: TradeViewer, hash: string, ctx: { ip: string; locale: Locale }) =>
      act(viewer, hash, 'release', ctx),
    cancel: (viewer: TradeViewer, hash: string, ctx: { ip: string; locale: Locale }) =>
      act(viewer, hash, 'cancel', ctx),

    async openDispute(
      viewer: TradeViewer,
      hash: string,
      body: { dispute_reason_id: number; dispute_reason_text: string },
      ctx: { ip: string; locale: Locale },
    ) {
      const { trade, role } = await access(hash, viewer);
      const reason = DISPUTE_REASONS.find((r) => r.id === body.dispute_reason_id);
      if (!reason || (role !== 'moderator' && reason.role !== role)) {
        throw fieldError('dispute_reason_id', 'Choose one of the reasons offered to you', 'unknown_reason');
      }
      if (reason.requiresText && body.dispute_reason_text.length === 0) {
        throw fieldError('dispute_reason_text', 'Describe the problem', 'required');
      }
      return act(viewer, trade.hash, 'open_dispute', {
        ...ctx,
        dispute: { reasonId: reason.id, text: body.dispute_reason_text },
      });
    },

    /**
     * A moderator settles a dispute with a reason both parties read (the moderator screens are a later
     * issue; tests drive it). Others get the same 404 as a missing trade.
     */
    async resolveDispute(moderator: TradeViewer, hash: string, winner: 'buyer' | 'seller', reason: string) {
      if (!isStaffRole(moderator.role)) throw notFound('Trade not found');
      await award(hash, { winner, reason, moderatorId: moderator.id });
      return viewOf(hash, 'moderator', moderator.id, 'en');
    },

    /** The operator's award (`npm run admin -- dispute:award`): no moderator account behind it. */
    awardDispute: (hash: string, input: { winner: 'buyer' | 'seller'; reason: string }) =>
      award(hash, { ...input, moderatorId: null }),

    /** Switches an automated flow (gcc-auto, bt-auto, lite) back to the manual default flow. */
    async fallback(viewer: TradeViewer, hash: string, ctx: { ip: string; locale: Locale }) {
      const { trade, role, facts } = await accessWithFacts(hash, viewer);
      if (role === 'moderator') {
        throw new AppError(403, 'TRADE_FORBIDDEN_ACTION', 'Only the parties can do this.');
      }
      if (!isActiveTradeStatus(trade.status)) {
        throw new AppError(409, 'TRADE_INVALID_STATUS', 'This trade has ended.');
      }
      if (trade.flowType === 'default') return view(trade, role, viewer.id, ctx.locale, facts);
      const result = await db.transaction(async (tx) => {
        const row = await tradesRepository.update(tx, trade.id, { flowType: 'default' });
        if (!row) throw notFound('Trade not found');
        const message = await systemMessage(
          tx,
          row,
          'flow_fallback',
          null,
          'The trade continues in the manual flow: follow the payment details and the chat.',
        );
        return { row, message };
      });
      publishMessage(result.row, result.message);
      return view(result.row, role, viewer.id, ctx.locale, facts);
    },

    /** Records that a party opened a link from the offer terms; answers the link to open. */
    async policyRead(viewer: TradeViewer, hash: string, url: string) {
      const { trade } = await access(hash, viewer);
      // Only links the offer itself shows: the endpoint must not become an open redirect.
      if (!trade.offerTerms.includes(url) && !trade.paymentDetails.includes(url)) {
        throw fieldError('url', 'This link is not part of the offer terms', 'url_not_in_terms');
      }
      await tradesRepository.recordPolicyRead(db, trade.id, viewer.id, url);
      return { url };
    },

    /** The seller approves or rejects what the buyer uploaded for a requirement. */
    async reviewRequirement(
      viewer: TradeViewer,
      hash: string,
      body: { requirement_id: number; status: 'approved' | 'rejected' },
      ctx: { ip: string; locale: Locale },
    ) {
      const { trade, role } = await access(hash, viewer);
      if (role !== 'seller') {
        throw new AppError(403, 'TRADE_FORBIDDEN_ACTION', 'Only the seller reviews what the buyer uploads.');
      }
      if (!isActiveTradeStatus(trade.status)) {
        throw new AppError(409, 'TRADE_INVALID_STATUS', 'This trade has ended.');
      }
      const result = await db.transaction(async (tx) => {
        const row = await tradesRepository.setRequirementStatus(
          tx,
          trade.id,
          body.requirement_id,
          body.status,
          ['uploaded', 'approved', 'rejected'],
        );
        if (!row) {
          throw fieldError('requirement_id', 'Nothing was uploaded for this requirement yet', 'not_uploaded');
        }
        const message = await systemMessage(
          tx,
          trade,
          'requirement_changed',
          null,
          `The seller ${body.status} the ${row.type === 'photo_id' ? 'photo ID' : 'receipt'}.`,
        );
        return message;
      });
      publishMessage(trade, result);
      // The requirement changed: the view reads the trade's facts again.
      return viewOf(trade.hash, role, viewer.id, ctx.locale);
    },

    /**
     * For the attachments module: an upload for a requirement marks it uploaded (or corrupted when the
     * file was broken). Pass the upload's transaction; returns false when the requirement is not the
     * trade's or is already approved.
     */
    async setRequirementUploaded(
      tx: Tx | undefined,
      input: { tradeId: number; requirementId: number; status: 'uploaded' | 'corrupted' },
    ): Promise<boolean> {
      const work = (t: DbOrTx) =>
        tradesRepository.setRequirementStatus(t, input.tradeId, input.requirementId, input.status, [
          'pending',
          'uploaded',
          'rejected',
          'corrupted',
        ]);
      return Boolean(tx ? await work(tx) : await db.transaction(work));
    },
  };
}

export type TradeLifecycle = ReturnType<typeof createTradeLifecycle>;
