import { randomInt } from 'node:crypto';
import { gt } from 'drizzle-orm';
import {
  compareDecimals,
  DISPUTE_REASONS,
  divide,
  formatBaseUnitsTrimmed,
  formatDecimal,
  isActiveTradeStatus,
  isCancelledTradeStatus,
  isCompletedTradeStatus,
  offerFiatPrice,
  parseAmount,
  parseDecimal,
  requirementsSatisfied,
  rescale,
  subtract,
  TRADE_HISTORY_FILTER_STATUSES,
  tradeActionsFor,
  tradeActors,
  tradeTransition,
  type AccountState,
  type ChatBlockReason,
  type FlowStep,
  type Locale,
  type TradeAction,
  type TradeActor,
  type TradeGuard,
  type TradeHistoryQuery,
  type TradeMessage,
  type TradeMessageKind,
  type TradeRole,
  type TradeStartBody,
  type TradeStatus,
  type UserRole,
} from '@app/contract';
import type { Config } from '../../platform/config.js';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.js';
import type { EventBus } from '../../platform/events/bus.js';
import { isAllowed, assertAllowed } from '../../platform/auth/account-policy.js';
import { AppError, fieldError, notFound } from '../../platform/http/errors.js';
import type { CatalogueService } from '../catalogue/index.js';
import { contactsRepository } from '../contacts/index.js';
import { feedbackCountsOf } from '../feedback/index.js';
import type { Ledger } from '../ledger/index.js';
import { offersRepository, type OffersService } from '../offers/index.js';
import { fiatPerUnit, type RatesService } from '../rates/index.js';
import { usersRepository } from '../users/repository.js';
import type { WalletService } from '../wallet/index.js';
import { presentMessage, presentSummary, presentTrade, requirementLists } from './presenter.js';
import { tradesRepository, type MessageRow, type RequirementRow, type TradeRow } from './repository.js';
import type { UserRow } from '../users/index.js';
import { trades as tradesTable } from './tables.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** A random, opaque public id (62^16 ~ 5e28): never a sequence, never guessable. */
export const newTradeHash = (): string => Array.from({ length: 16 }, () => BASE62[randomInt(62)]).join('');

/** Who is looking: the session's user (role decides whether a moderator may see any trade). */
export type TradeViewer = { id: number; role: UserRole };

export type TradesServiceOptions = {
  db: Db;
  ledger: Ledger;
  catalogue: CatalogueService;
  rates: RatesService;
  wallet: Pick<WalletService, 'holdBond'>;
  offers: Pick<OffersService, 'isBondInsufficient' | 'bondGroupIds'>;
  events: EventBus;
  config: Pick<Config, 'trades'>;
  now?: () => Date;
};

const isModerator = (role: UserRole) => role === 'moderator' || role === 'admin';

/** The spec's start-trade refusals that concern the amount: 422 with the detail on `fiat_amount`. */
const amountRefusal = (code: string, message: string) =>
  new AppError(422, code, message, [{ field: 'fiat_amount', message, code }]);

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

/** Requirements the offer's tags ask of the buyer. */
const TAG_REQUIREMENTS: Record<
  string,
  { type: RequirementRow['type']; step: RequirementRow['step']; optional: boolean }
> = {
  'photo-id-required': { type: 'photo_id', step: 'beforeRevealPaymentDetails', optional: false },
  'receipt-required': { type: 'receipt', step: 'beforeMarkAsPaid', optional: false },
  'with-receipt': { type: 'receipt', step: 'beforeMarkAsPaid', optional: true },
};

/**
 * Trades: start (price fixed, escrow locked in the creating transaction), the lifecycle through the
 * contract's state machine (every change one conditional UPDATE plus its money movement in one
 * transaction), the expiry job, disputes, the chat. Events are published after commit.
 */
export function createTradesService(options: TradesServiceOptions) {
  const { db, ledger, catalogue, rates, wallet, offers, events, config } = options;
  const limits = config.trades;
  const now = options.now ?? (() => new Date());

  // --- who may see and do what ---------------------------------------------------------------------

  function roleOf(trade: TradeRow, viewer: TradeViewer): TradeRole | null {
    if (viewer.id === trade.buyerId) return 'buyer';
    if (viewer.id === trade.sellerId) return 'seller';
    return isModerator(viewer.role) ? 'moderator' : null;
  }

  /** The trade by hash if the viewer may see it; anyone else gets the same 404 as a missing trade. */
  async function access(hash: string, viewer: TradeViewer) {
    const trade = await tradesRepository.findByHash(db, hash);
    const role = trade ? roleOf(trade, viewer) : null;
    if (!trade || !role) throw notFound('Trade not found');
    return { trade, role };
  }

  const flowStepOf = (trade: TradeRow, requirements: RequirementRow[]): FlowStep => {
    const lists = requirementLists(requirements);
    if (!requirementsSatisfied(lists.beforeRevealPaymentDetails)) return 'beforeRevealPaymentDetails';
    return trade.status === 'active_funded' ? 'beforeMarkAsPaid' : 'done';
  };

  /**
   * Chat rules (docs/decisions/0009-trades.md):
   * - ChatNotAvailableYet: the escrow is not funded yet, or a moderator before a dispute is open.
   * - ChatBlocked: one party blocked the other, or the author's account state forbids chatting.
   * - ChatBlockedAfterTradeIsCanceled / ChatNotAvailableAfterTradeCompleted: the trade ended more than
   *   TRADE_CHAT_GRACE_HOURS ago (the grace lets a buyer whose window ran out explain, and both say bye).
   */
  function chatBlockReason(
    trade: TradeRow,
    role: TradeRole,
    facts: { accountState: AccountState; blocked: boolean },
    at: Date,
  ): ChatBlockReason | null {
    if (['not_funded', 'funds_processing', 'funds_processed'].includes(trade.status)) {
      return 'ChatNotAvailableYet';
    }
    if (role === 'moderator') return trade.status === 'dispute_open' ? null : 'ChatNotAvailableYet';
    if (facts.blocked || !isAllowed(facts.accountState, 'chat')) return 'ChatBlocked';
    const ended = trade.completedAt ?? trade.cancelledAt;
    const graceOver = ended !== null && at.getTime() - ended.getTime() > limits.chatGraceHours * 3_600_000;
    if (graceOver && isCancelledTradeStatus(trade.status)) return 'ChatBlockedAfterTradeIsCanceled';
    if (graceOver && isCompletedTradeStatus(trade.status)) return 'ChatNotAvailableAfterTradeCompleted';
    return null;
  }

  /** The viewer's chat state; pass their user row when it is at hand (saves a query). */
  async function chatStateFor(
    trade: TradeRow,
    role: TradeRole,
    viewer: number | Pick<UserRow, 'accountState'>,
    dbOrTx: DbOrTx = db,
  ) {
    const user = typeof viewer === 'number' ? await usersRepository.findById(dbOrTx, viewer) : viewer;
    const blocked =
      role === 'moderator'
        ? false
        : await tradesRepository.blockedEitherWay(dbOrTx, trade.buyerId, trade.sellerId);
    const reason = chatBlockReason(
      trade,
      role,
      { accountState: user?.accountState ?? 'banned', blocked },
      now(),
    );
    return { canPost: reason === null, blockReason: reason };
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

  /** Offer hashes never change: kept in memory so a trade view needs no offers query. */
  const offerHashes = new Map<number, string>();
  async function offerHashOf(offerId: number) {
    const known = offerHashes.get(offerId);
    if (known) return known;
    const offer = await tradesRepository.offerById(db, offerId);
    if (offerHashes.size > 50_000) offerHashes.clear();
    if (offer) offerHashes.set(offerId, offer.hash);
    return offer?.hash ?? '';
  }

  /** The trade as `role` sees it: everything loaded once (each call answers it, so it must stay lean). */
  async function view(trade: TradeRow, role: TradeRole, viewerId: number, locale: Locale) {
    const at = now();
    const ids = [trade.buyerId, trade.sellerId];
    const [buyer, seller, requirements, dispute, data, offerHash, stats, feedback] = await Promise.all([
      usersRepository.findById(db, trade.buyerId),
      usersRepository.findById(db, trade.sellerId),
      tradesRepository.requirementsOf(db, trade.id),
      // A dispute needs "paid" first: unpaid trades have none.
      trade.paidAt ? tradesRepository.disputeOf(db, trade.id) : undefined,
      catalogue.data(),
      offerHashOf(trade.offerId),
      tradesRepository.partyStats(db, ids),
      feedbackCountsOf(db, ids),
    ]);
    if (!buyer || !seller) throw notFound('Trade not found');
    const viewer = viewerId === buyer.id ? buyer : viewerId === seller.id ? seller : viewerId;
    return presentTrade({
      trade,
      offerHash,
      role,
      buyer,
      seller,
      stats,
      feedback,
      requirements,
      dispute,
      data,
      locale,
      now: at,
      flowStep: flowStepOf(trade, requirements),
      availableActions: await availableActions(trade, role, at, requirements),
      chat: await chatStateFor(trade, role, viewer),
    });
  }

  // --- messages and events ---------------------------------------------------------------------------

  async function insertMessage(
    tx: DbOrTx,
    trade: TradeRow,
    input: {
      authorId: number | null;
      kind: TradeMessageKind;
      text: string;
      attachmentId?: number | null;
      systemEvent?: string;
      systemStatus?: TradeStatus | null;
    },
  ): Promise<TradeMessage> {
    const row: MessageRow = await tradesRepository.insertMessage(tx, {
      tradeId: trade.id,
      authorId: input.authorId,
      kind: input.kind,
      text: input.text,
      attachmentId: input.attachmentId ?? null,
      systemEvent: input.systemEvent ?? null,
      systemStatus: input.systemStatus ?? null,
    });
    const author = input.authorId === null ? undefined : await usersRepository.findById(tx, input.authorId);
    return presentMessage(trade, { ...row, authorUsername: author?.username ?? null });
  }

  const systemMessage = (
    tx: DbOrTx,
    trade: TradeRow,
    event: string,
    status: TradeStatus | null,
    text: string,
  ) =>
    insertMessage(tx, trade, {
      authorId: null,
      kind: 'system',
      text,
      systemEvent: event,
      systemStatus: status,
    });

  function publishMessage(trade: Pick<TradeRow, 'hash' | 'buyerId' | 'sellerId'>, message: TradeMessage) {
    events.publish({
      type: 'trade.message',
      userIds: [trade.buyerId, trade.sellerId],
      tradeHash: trade.hash,
      data: message,
    });
  }

  function publishStatus(
    trade: TradeRow,
    type: 'trade.status' | 'trade.started',
    previous: TradeStatus | null,
    action: TradeAction | 'start',
    at: Date,
  ) {
    events.publish({
      type,
      userIds: [trade.buyerId, trade.sellerId],
      tradeHash: trade.hash,
      data: {
        tradeHash: trade.hash,
        status: trade.status,
        previousStatus: previous,
        action,
        at: at.toISOString(),
      },
    });
  }

  /** Trades on offers whose method needs the bond keep the owner's bond held (decision 0007). */
  async function holdOwnerBond(trade: TradeRow) {
    const method = (await catalogue.data()).methodById.get(trade.paymentMethodId);
    if (method && (await offers.bondGroupIds()).includes(method.groupId)) {
      await wallet.holdBond(trade.ownerId, trade.cryptoCode);
    }
  }

  // --- the lifecycle ---------------------------------------------------------------------------------

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
      values.disputeAvailableAt = new Date(at.getTime() + limits.disputeAfterPaidMinutes * 60_000);
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
    },
  ): Promise<Transitioned | null> {
    const cell = tradeTransition(trade.status, action, actor);
    if (!cell.ok) return null;
    const row = await tradesRepository.transition(
      tx,
      trade.id,
      trade.status,
      { status: cell.next, ...valuesFor(cell.next, actor, ctx.at, ctx.ip) },
      // Marking paid also needs the window open: a payment claimed after it ends does not count.
      action === 'mark_paid' ? gt(tradesTable.expiresAt, ctx.at) : undefined,
    );
    if (!row) return null;
    if (cell.effect === 'release_escrow') await ledger.releaseEscrow(escrowOf(row), tx);
    if (cell.effect === 'refund_escrow') await ledger.refundEscrow(escrowOf(row), tx);
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
      STATUS_MESSAGES[cell.next] ?? `The trade is now ${cell.next.replace(/_/g, ' ')}.`,
    );
    // The decision's reason in the parties' own chat: the text is the moderator's, verbatim.
    const decision = ctx.decision
      ? await systemMessage(tx, row, 'dispute_decision', cell.next, ctx.decision.reason)
      : undefined;
    return { row, previous: trade.status, action, message, decision, at: ctx.at };
  }

  /** After commit: tell both parties, extend the bond hold when the trade ended. */
  async function afterTransition(done: Transitioned) {
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
    const { trade, role } = await access(hash, viewer);
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
      const problem = await guardError(cell.guard, trade, at);
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
    return view(done.row, role, viewer.id, ctx.locale);
  }

  /**
   * Settles a dispute for the buyer (release) or the seller (refund) through the table's `award_*` cells,
   * by a moderator (`moderatorId`) or by the operator's command line (null). Exactly once: the same
   * conditional UPDATE and settle key as every transition, so of two awards, or an award and the seller's
   * release, one wins and the other is refused with the status it found.
   */
  async function award(
    hash: string,
    input: { winner: 'buyer' | 'seller'; reason: string; moderatorId: number | null },
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
    });
    if (!done) {
      const fresh = await tradesRepository.findById(db, trade.id);
      throw notInDispute(fresh?.status ?? trade.status);
    }
    await afterTransition(done);
    return done.row;
  }

  // --- start -----------------------------------------------------------------------------------------

  /**
   * KYC levels and ID verification arrive with the verification issue; until then every account is
   * level 0 with an unverified ID, so the "not verified" limits apply to everyone (as the offers and
   * wallet modules do with their KYC settings).
   */
  const kycOf = (_user: { id: number }) => ({ level: 0, idVerified: false });

  async function start(viewer: TradeViewer, body: TradeStartBody, ctx: { ip: string; locale: Locale }) {
    const taker = await usersRepository.findById(db, viewer.id);
    if (!taker) throw notFound('User not found');
    assertAllowed(taker.accountState, 'start_trade');
    const offer = await offersRepository.findByHash(db, body.offer_hash);
    if (!offer) throw notFound('Offer not found');
    if (offer.userId === taker.id) {
      throw new AppError(
        409,
        'TRADE_WITH_YOURSELF',
        'This is your own offer: you cannot trade with yourself.',
      );
    }
    const owner = await usersRepository.findById(db, offer.userId);
    if (!owner) throw notFound('Offer not found');
    // Blocked either way, or trusted-only for someone the owner does not trust: as on the offer page,
    // the offer does not exist for this user (no hint that they were blocked).
    const fromOwner = await contactsRepository.kindOf(db, owner.id, taker.id);
    const fromTaker = await contactsRepository.kindOf(db, taker.id, owner.id);
    if (fromOwner === 'blocked' || fromTaker === 'blocked') throw notFound('Offer not found');
    if (offer.isTrustedOnly && fromOwner !== 'trusted') throw notFound('Offer not found');
    if (!offer.isActive || owner.accountState !== 'active' || (await offers.isBondInsufficient(offer))) {
      throw new AppError(409, 'OFFER_NOT_AVAILABLE', 'This offer is not available for trading right now.');
    }
    if (!(await tradesRepository.isOfferOpen(db, offer.id, now()))) {
      throw new AppError(409, 'OFFER_CLOSED_NOW', "This offer is outside its owner's opening hours.");
    }
    const takerCountry = taker.countryIso;
    const countryAllowed =
      offer.countryListMode === 'all' ||
      (takerCountry !== null &&
        (offer.countryListMode === 'allow') === offer.countries.includes(takerCountry));
    if (!countryAllowed) {
      throw new AppError(403, 'OFFER_COUNTRY_NOT_ALLOWED', 'This offer is not available in your country.');
    }
    const kyc = kycOf(taker);
    const unmet: { field: string; message: string; code: string }[] = [];
    if (offer.requireVerifiedId && !kyc.idVerified) {
      unmet.push({ field: 'requirements', message: 'The offer requires a verified ID.', code: 'VerifyId' });
    }
    if (offer.requireFullName) {
      // Full names arrive with verification: nobody can show one yet, so the requirement is unmet.
      unmet.push({
        field: 'requirements',
        message: 'The offer requires your full name to be shown.',
        code: 'ShowFullName',
      });
    }
    if (offer.requireMinPastTrades !== null) {
      const past = await tradesRepository.countReleased(db, taker.id);
      if (past < offer.requireMinPastTrades) {
        unmet.push({
          field: 'requirements',
          message: `The offer requires at least ${offer.requireMinPastTrades} completed trades (you have ${past}).`,
          code: 'RemainingTrades',
        });
      }
    }
    if (unmet.length > 0) {
      throw new AppError(
        403,
        'OFFER_REQUIREMENTS_NOT_MET',
        "You do not meet the offer's requirements.",
        unmet,
      );
    }

    // The amount: the currency's precision, within the offer's limits.
    const data = await catalogue.data();
    const crypto = data.cryptoByCode.get(offer.cryptoCode);
    const currency = data.currencyByCode.get(offer.fiatCurrencyCode);
    if (!crypto || !currency) throw new AppError(409, 'OFFER_NOT_AVAILABLE', 'This offer is not available.');
    const parsed = parseAmount(body.fiat_amount, currency.precision);
    if (!parsed.ok) throw fieldError('fiat_amount', parsed.message, parsed.code);
    const fiat = { units: parsed.units, scale: currency.precision };
    const fiatString = formatDecimal(fiat);
    const cmp = (a: string, b: string) => compareDecimals(parseDecimal(a), parseDecimal(b));
    const withinLimits =
      offer.amountMode === 'predefined'
        ? offer.predefinedAmounts.some((amount) => cmp(amount, fiatString) === 0)
        : cmp(fiatString, offer.rangeMin) >= 0 && cmp(fiatString, offer.rangeMax) <= 0;
    if (!withinLimits) {
      const shown = (v: string) => formatDecimal(rescale(parseDecimal(v), currency.precision));
      throw amountRefusal(
        'TradeLimit',
        offer.amountMode === 'predefined'
          ? `Choose one of the offer's amounts: ${offer.predefinedAmounts.map(shown).join(', ')} ${currency.code}.`
          : `The amount must be between ${shown(offer.rangeMin)} and ${shown(offer.rangeMax)} ${currency.code}.`,
      );
    }
    const sellerId = offer.type === 'sell' ? owner.id : taker.id;
    const buyerId = offer.type === 'sell' ? taker.id : owner.id;
    if (offer.type === 'sell' && offer.newBuyerMax !== null && cmp(fiatString, offer.newBuyerMax) > 0) {
      if (!(await tradesRepository.hasBoughtFrom(db, buyerId, sellerId))) {
        throw amountRefusal(
          'NewBuyerTradeLimit',
          `Your first trade with ${owner.username} may be at most ${formatDecimal(rescale(parseDecimal(offer.newBuyerMax), currency.precision))} ${currency.code}.`,
        );
      }
    }

    // The price, fixed now from the current rates; the limits are in USD.
    const live = await rates.view();
    const market = fiatPerUnit(live, crypto.code, currency.code);
    const usdFiat = live.usdFiat.get(currency.code);
    if ((!market && offer.fixedPrice === null) || !usdFiat) {
      throw new AppError(503, 'SERVICE_UNAVAILABLE', 'No market rate is available for this offer right now.');
    }
    const price = offerFiatPrice({
      market: market ?? '0',
      margin: offer.margin,
      fixedPrice: offer.fixedPrice,
      fiatPrecision: currency.precision,
    });
    const amountUsd = divide(fiat, parseDecimal(usdFiat), 8);
    const usd = (n: number) => parseDecimal(String(n));
    if (!kyc.idVerified && compareDecimals(amountUsd, usd(limits.maxPerTradeUsd)) > 0) {
      throw amountRefusal(
        'max_per_trade_limit',
        `Until your ID is verified a trade may be worth at most ${limits.maxPerTradeUsd} USD.`,
      );
    }
    /**
     * The taker's own limits: active trades, the last 24 hours, the lifetime volume. Checked inside the
     * start's transaction under the taker's row lock, so concurrent starts by one taker queue and the
     * limits hold exactly.
     */
    const checkTakerLimits = async (tx: DbOrTx) => {
      await tradesRepository.lockUser(tx, taker.id);
      if (
        !kyc.idVerified &&
        (await tradesRepository.countActive(tx, taker.id)) >= limits.maxActiveIdNotVerified
      ) {
        throw new AppError(
          409,
          'max_2_active_trades_id_not_verified',
          `Until your ID is verified you may have at most ${limits.maxActiveIdNotVerified} active trades. Finish one first.`,
        );
      }
      const day = await tradesRepository.usdVolume(tx, taker.id, new Date(now().getTime() - 86_400_000));
      if (compareDecimals(addDecimal(parseDecimal(day), amountUsd), usd(limits.dailyLimitUsd)) > 0) {
        throw amountRefusal(
          'reached_daily_compliance_limit',
          `Your trades of the last 24 hours may add up to at most ${limits.dailyLimitUsd} USD.`,
        );
      }
      const kycLimit = limits.kycVolumeLimitsUsd[kyc.level];
      if (kycLimit !== undefined) {
        const lifetime = await tradesRepository.usdVolume(tx, taker.id, null);
        if (compareDecimals(addDecimal(parseDecimal(lifetime), amountUsd), usd(kycLimit)) > 0) {
          throw amountRefusal(
            'KycTradeLimit',
            `Your verification level allows trades worth ${kycLimit} USD in total. Verify further to trade more.`,
          );
        }
      }
    };

    // Crypto: fiat / price rounded DOWN to the base unit; the fee (offer owner pays) rounded down too.
    const cryptoUnits = divide(fiat, parseDecimal(price), crypto.decimals, 'down').units;
    if (cryptoUnits <= 0n) {
      throw amountRefusal('TradeLimit', 'The amount is too small to buy any crypto at this price.');
    }
    const pct = parseDecimal(limits.feePercent.toFixed(4));
    const feeUnits = (cryptoUnits * pct.units) / (100n * 10n ** BigInt(pct.scale));
    const ownerSells = offer.type === 'sell';
    const buyerReceives = ownerSells ? cryptoUnits : cryptoUnits - feeUnits;
    const escrowUnits = buyerReceives + feeUnits;
    const requirements = await requirementsOfOffer(offer.id);
    const at = now();
    const hash = newTradeHash();

    let created: { trade: TradeRow; message: TradeMessage };
    try {
      created = await db.transaction(async (tx) => {
        // The offer's row lock orders concurrent starts on one offer, so the cap is consumed exactly.
        const locked = await tradesRepository.lockOffer(tx, offer.id);
        if (!locked?.isActive) {
          throw new AppError(
            409,
            'OFFER_NOT_AVAILABLE',
            'This offer is not available for trading right now.',
          );
        }
        await checkTakerLimits(tx);
        if (locked.capActive && locked.capAmount !== null) {
          const used = await tradesRepository.capUsed(tx, offer.id);
          const remaining = subtract(parseDecimal(locked.capAmount), parseDecimal(used));
          if (compareDecimals(fiat, remaining) > 0) {
            throw new AppError(
              409,
              'OFFER_CAP_REACHED',
              `This offer has ${formatDecimal(rescale(remaining, currency.precision))} ${currency.code} left of its cap.`,
              [
                {
                  field: 'fiat_amount',
                  message: 'Above what is left of the offer cap',
                  code: 'OFFER_CAP_REACHED',
                },
              ],
            );
          }
        }
        const trade = await tradesRepository.insert(tx, {
          hash,
          offerId: offer.id,
          ownerId: owner.id,
          buyerId,
          sellerId,
          offerType: offer.type,
          cryptoCode: crypto.code,
          fiatCurrencyCode: currency.code,
          paymentMethodId: offer.paymentMethodId,
          paymentMethodLabel: offer.paymentMethodLabel,
          flowType: offer.flowType,
          fiatAmount: fiatString,
          fiatPrice: price,
          fiatAmountUsd: formatDecimal(amountUsd),
          cryptoAmount: cryptoUnits.toString(),
          feePercent: formatDecimal(pct),
          feeAmount: feeUnits.toString(),
          escrowAmount: escrowUnits.toString(),
          buyerReceives: buyerReceives.toString(),
          status: 'active_funded',
          paymentWindow: offer.paymentWindow,
          offerTerms: offer.offerTerms,
          paymentDetails: offer.tradeDetails,
          startedAt: at,
          expiresAt: new Date(at.getTime() + offer.paymentWindow * 60_000),
          buyerIp: buyerId === taker.id ? ctx.ip : null,
          sellerIp: sellerId === taker.id ? ctx.ip : null,
          buyerSeenAt: buyerId === taker.id ? at : null,
        });
        await ledger.lockEscrow(
          { tradeId: hash, cryptoCode: crypto.code, sellerId, buyerId, amount: buyerReceives, fee: feeUnits },
          tx,
        );
        await tradesRepository.insertRequirements(
          tx,
          requirements.map((r) => ({ tradeId: trade.id, ...r })),
        );
        const message = await systemMessage(
          tx,
          trade,
          'trade_started',
          'active_funded',
          `Trade started: ${formatBaseUnitsTrimmed(escrowUnits, crypto.decimals)} ${crypto.code} are locked in escrow. The buyer has ${offer.paymentWindow} minutes to pay ${fiatString} ${currency.code} and mark the payment as sent.`,
        );
        return { trade, message };
      });
    } catch (error) {
      // The ledger checks the seller's balance under its row lock (the only reliable moment to check):
      // its refusal is the spec's LowBalance.
      if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') {
        throw lowBalance(sellerId === taker.id, crypto.code);
      }
      throw error;
    }
    publishStatus(created.trade, 'trade.started', null, 'start', at);
    publishMessage(created.trade, created.message);
    await holdOwnerBond(created.trade);
    return view(created.trade, buyerId === taker.id ? 'buyer' : 'seller', taker.id, ctx.locale);
  }

  const lowBalance = (takerSells: boolean, code: string) =>
    amountRefusal(
      'LowBalance',
      takerSells
        ? `Your available ${code} balance does not cover this amount and the escrow fee.`
        : `The seller's available ${code} balance does not cover this amount right now.`,
    );

  async function requirementsOfOffer(offerId: number) {
    const data = await catalogue.data();
    const tagIds = (await offersRepository.tagsOf(db, [offerId])).get(offerId) ?? [];
    const byType = new Map<
      string,
      { type: RequirementRow['type']; step: RequirementRow['step']; optional: boolean }
    >();
    for (const id of tagIds) {
      const slug = data.tags.find((t) => t.id === id)?.slug;
      const requirement = slug ? TAG_REQUIREMENTS[slug] : undefined;
      if (!requirement) continue;
      // A required receipt wins over an optional one when an offer carries both tags.
      const existing = byType.get(requirement.type);
      if (!existing || (existing.optional && !requirement.optional)) {
        byType.set(requirement.type, requirement);
      }
    }
    return [...byType.values()];
  }

  // --- the public API --------------------------------------------------------------------------------

  return {
    start,

    /** The trade as the viewer sees it; records their IP (and the buyer's first visit). */
    async get(viewer: TradeViewer, hash: string, ctx: { ip: string; locale: Locale }) {
      const { trade, role } = await access(hash, viewer);
      const touched =
        role === 'moderator' ? trade : await tradesRepository.touchParty(db, trade, role, ctx.ip, now());
      return view(touched, role, viewer.id, ctx.locale);
    },

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
      if (!isModerator(moderator.role)) throw notFound('Trade not found');
      const row = await award(hash, { winner, reason, moderatorId: moderator.id });
      return view(row, 'moderator', moderator.id, 'en');
    },

    /** The operator's award (`npm run admin -- dispute:award`): no moderator account behind it. */
    awardDispute: (hash: string, input: { winner: 'buyer' | 'seller'; reason: string }) =>
      award(hash, { ...input, moderatorId: null }),

    /** Switches an automated flow (gcc-auto, bt-auto, lite) back to the manual default flow. */
    async fallback(viewer: TradeViewer, hash: string, ctx: { ip: string; locale: Locale }) {
      const { trade, role } = await access(hash, viewer);
      if (role === 'moderator') {
        throw new AppError(403, 'TRADE_FORBIDDEN_ACTION', 'Only the parties can do this.');
      }
      if (!isActiveTradeStatus(trade.status)) {
        throw new AppError(409, 'TRADE_INVALID_STATUS', 'This trade has ended.');
      }
      if (trade.flowType === 'default') return view(trade, role, viewer.id, ctx.locale);
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
      return view(result.row, role, viewer.id, ctx.locale);
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
      return view(trade, role, viewer.id, ctx.locale);
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

    // --- chat ------------------------------------------------------------------------------------------

    async messages(viewer: TradeViewer, hash: string, q: { after?: number; before?: number; limit: number }) {
      const { trade } = await access(hash, viewer);
      const page = await tradesRepository.messages(db, trade.id, q);
      return { messages: page.rows.map((m) => presentMessage(trade, m)), hasMore: page.hasMore };
    },

    async postMessage(viewer: TradeViewer, hash: string, text: string) {
      const { trade, role } = await access(hash, viewer);
      const chat = await chatStateFor(trade, role, viewer.id);
      if (chat.blockReason) throw new AppError(400, chat.blockReason, chatBlockMessage(chat.blockReason));
      const message = await db.transaction((tx) =>
        insertMessage(tx, trade, { authorId: viewer.id, kind: 'user', text }),
      );
      publishMessage(trade, message);
      return message;
    },

    /**
     * For other modules (realtime, attachments): the trade's parties when the viewer may see it, with
     * the viewer's role and whether they may post in its chat; null otherwise (treat as 404).
     */
    async participantsOf(tradeHash: string, viewerUserId: number) {
      const trade = await tradesRepository.findByHash(db, tradeHash);
      if (!trade) return null;
      const viewer = await usersRepository.findById(db, viewerUserId);
      if (!viewer) return null;
      const role = roleOf(trade, { id: viewer.id, role: viewer.role });
      if (!role) return null;
      const chat = await chatStateFor(trade, role, viewer.id);
      return {
        tradeId: trade.id,
        tradeHash: trade.hash,
        buyerId: trade.buyerId,
        sellerId: trade.sellerId,
        status: trade.status,
        role,
        chat,
      };
    },

    /**
     * Adds a message to a trade's chat and returns it as `GET .../messages` shows it. Without `tx` it
     * commits and publishes `trade.message` itself. With `tx` (the caller's transaction) nothing is
     * published yet: call `publishMessage(result)` after that transaction commits.
     */
    async appendMessage(
      tx: Tx | undefined,
      input: {
        tradeId: number;
        authorId: number | null;
        kind: TradeMessageKind;
        text: string;
        attachmentId?: number | null;
      },
    ): Promise<TradeMessage> {
      const work = async (t: DbOrTx) => {
        const trade = await tradesRepository.findById(t, input.tradeId);
        if (!trade) throw notFound('Trade not found');
        return { trade, message: await insertMessage(t, trade, input) };
      };
      if (tx) return (await work(tx)).message;
      const { trade, message } = await db.transaction(work);
      publishMessage(trade, message);
      return message;
    },

    /** Publishes a message appended inside the caller's transaction, once it has committed. */
    async publishMessage(message: TradeMessage) {
      const trade = await tradesRepository.findByHash(db, message.tradeHash);
      if (trade) publishMessage(trade, message);
    },

    // --- lists -----------------------------------------------------------------------------------------

    async history(viewer: TradeViewer, q: TradeHistoryQuery) {
      const statuses = q.status === 'all' ? undefined : TRADE_HISTORY_FILTER_STATUSES[q.status];
      const rows = await tradesRepository.listOfUser(db, viewer.id, {
        statuses,
        offset: (q.page - 1) * q.limit,
        limit: q.limit + 1,
      });
      const data = await catalogue.data();
      return {
        trades: rows.slice(0, q.limit).map((row) => presentSummary(row, viewer.id, data)),
        page: q.page,
        nextPage: rows.length > q.limit ? q.page + 1 : null,
      };
    },

    async active(viewer: TradeViewer) {
      const rows = await tradesRepository.listOfUser(db, viewer.id, {
        statuses: ['active_funded', 'paid', 'dispute_open'],
        offset: 0,
        limit: 200,
      });
      const data = await catalogue.data();
      return { trades: rows.map((row) => presentSummary(row, viewer.id, data)) };
    },

    /** The offer of a trade as the notification widget reads it: the trade's own locked price. */
    async offerOfTrade(viewer: TradeViewer, hash: string) {
      const { trade } = await access(hash, viewer);
      const offer = await tradesRepository.offerById(db, trade.offerId);
      const data = await catalogue.data();
      const method = data.methodById.get(trade.paymentMethodId);
      const price = formatDecimal(
        rescale(
          parseDecimal(trade.fiatPrice),
          data.currencyByCode.get(trade.fiatCurrencyCode)?.precision ?? 2,
        ),
      );
      return {
        hash: offer?.hash ?? '',
        url: offer ? `/offer/${offer.hash}` : '',
        type: trade.offerType,
        cryptoCurrency: { code: trade.cryptoCode },
        fiatCurrency: { code: trade.fiatCurrencyCode, rate: { [trade.cryptoCode.toLowerCase()]: price } },
        paymentMethod: {
          id: trade.paymentMethodId,
          slug: method?.slug ?? '',
          name: method?.originalName ?? '',
        },
      };
    },

    /** Whether the user has a trade holding escrow (the current user's `hasActiveTrades`). */
    hasActiveTrades: (userId: number) => tradesRepository.hasActive(db, userId),

    /** Per-owner median release seconds (offers' release-time sort and owner cards). */
    medianReleaseSeconds: (ownerIds: number[]) => tradesRepository.medianReleaseSeconds(db, ownerIds),

    expireDue,
  };
}

const chatBlockMessage = (reason: ChatBlockReason): string =>
  ({
    ChatBlocked: 'You cannot write in this chat.',
    ChatBlockedAfterTradeIsCanceled: 'This trade was cancelled; its chat is closed.',
    ChatNotAvailableYet: 'The chat is not open yet.',
    ChatNotAvailableAfterTradeCompleted: 'This trade is complete; its chat is closed.',
  })[reason];

const addDecimal = (a: ReturnType<typeof parseDecimal>, b: ReturnType<typeof parseDecimal>) => {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale).units + rescale(b, scale).units, scale };
};

export type TradesService = ReturnType<typeof createTradesService>;
