import {
  formatDecimal,
  parseDecimal,
  rescale,
  TRADE_HISTORY_FILTER_STATUSES,
  type Locale,
  type TradeHistoryQuery,
  type TradeRole,
} from '@app/contract';
import { notFound } from '../../platform/http/errors.js';
import { usersRepository } from '../users/repository.js';
import { presentSummary, presentTrade } from './presenter.js';
import { SharedWindow } from '../../platform/cache/shared-window.js';
import { tradesRepository, type TradeFacts, type TradePartyFacts, type TradeRow } from './repository.js';
import type { TradesContext } from './context.js';
import type { TradeRules, TradeViewer } from './rules.js';

/** How a trade and lists of trades look to each viewer (each call answers it, so it stays lean). */
export function createTradeViews(ctx: TradesContext, rules: TradeRules) {
  const { db, catalogue, kyc, now } = ctx;
  const { roleOf, access, accessWithFacts, flowStepOf, availableActions, chatStateFor } = rules;
  const { sellerCancelAvailableAt } = rules;

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

  /**
   * The parties' public numbers (trade counts, feedback, trust, last seen) as trade views show them,
   * shared for the marketplace's window (OFFER_SEARCH_CACHE_MS, decision 0031) per pair of parties: the
   * view of a busy trader's trades reads them once per window, not on every view and action. A release
   * changes them, so it forgets its pair's (`forgetParties`); anything else shows within the window.
   */
  const partiesWindow = new SharedWindow<Map<number, TradePartyFacts>>({
    ttlMs: ctx.partyFactsMs,
    maxEntries: 10_000,
  });
  const pairOf = (trade: Pick<TradeRow, 'buyerId' | 'sellerId'>) => `${trade.buyerId}:${trade.sellerId}`;
  const partiesOf = (trade: TradeRow, fresh = false) => {
    const read = () => tradesRepository.partyFacts(db, [trade.buyerId, trade.sellerId]);
    return fresh ? read() : partiesWindow.get(pairOf(trade), read);
  };

  /**
   * The hold of a decided dispute's award (decision 0048), if it has one. One whose date has come is
   * released first when the job has not reached it yet, so the page never says "held" about money the
   * winner already has.
   */
  async function awardHoldOf(trade: TradeRow, at: Date) {
    const hold = await ctx.ledger.holds.of(trade.cryptoCode, trade.hash);
    if (hold?.state !== 'held' || hold.releaseAt > at) return hold;
    await ctx.ledger.holds.releaseDue({ reference: trade.hash, asOf: at });
    return ctx.ledger.holds.of(trade.cryptoCode, trade.hash);
  }

  /**
   * The trade as `role` sees it, from its row, what was read with it (`facts`: its requirements, the
   * relations, chargeback and dispute, read by `accessWithFacts`, or known to the action that just
   * changed it) and the parties' shared numbers; the dispute is read when the trade has one. Offer
   * hashes and the catalogue are in memory.
   */
  async function view(
    trade: TradeRow,
    role: TradeRole,
    viewerId: number,
    locale: Locale,
    facts: TradeFacts,
    /** Read the parties' numbers now rather than from the shared window (an answer kept until they change). */
    freshParties = false,
  ) {
    const at = now();
    const [parties, data, offerHash] = await Promise.all([
      partiesOf(trade, freshParties),
      catalogue.data(),
      offerHashOf(trade.offerId),
    ]);
    const buyer = parties.get(trade.buyerId);
    const seller = parties.get(trade.sellerId);
    if (!buyer || !seller) throw notFound('Trade not found');
    const dispute = facts.hasDispute ? await tradesRepository.disputeOf(db, trade.id) : undefined;
    const hold = dispute?.resolution ? await awardHoldOf(trade, at) : undefined;
    const { requirements } = facts;
    const viewer = viewerId === buyer.id ? buyer : viewerId === seller.id ? seller : viewerId;
    return presentTrade({
      trade,
      offerHash,
      role,
      buyer,
      seller,
      requirements,
      relations: facts.relations,
      dispute,
      hold,
      // Only a trade whose crypto reached the buyer can have a chargeback.
      chargeback:
        trade.status === 'released' || trade.status === 'dispute_won_buyer' ? facts.chargeback : null,
      appeals: { enabled: ctx.features.disputeAppeal, windowHours: ctx.limits.appealWindowHours },
      data,
      locale,
      now: at,
      flowStep: flowStepOf(trade, requirements),
      availableActions: await availableActions(trade, role, at, requirements),
      cancelAvailableAt: sellerCancelAvailableAt(trade, role),
      chat: await chatStateFor(trade, role, viewer, { blocked: facts.blocked, dispute: dispute ?? null }),
    });
  }

  const views = {
    view,

    /** The trade as `role` sees it, read afresh with its facts (after a change the caller did not track). */
    async viewOf(hash: string, role: TradeRole, viewerId: number, locale: Locale) {
      const found = await tradesRepository.findWithFacts(db, hash);
      if (!found) throw notFound('Trade not found');
      return view(found.trade, role, viewerId, locale, found.facts);
    },

    /** A release changed the parties' numbers: their next view reads them (on this instance at once). */
    forgetParties: (trade: Pick<TradeRow, 'buyerId' | 'sellerId'>) => partiesWindow.delete(pairOf(trade)),

    /**
     * The trade as the viewer sees it, and its parties' ids (what the page shows of them: a change of
     * theirs changes it); records the viewer's IP (and the buyer's first visit).
     */
    async getWithParties(
      viewer: TradeViewer,
      hash: string,
      ctx: { ip: string; locale: Locale; freshParties?: boolean },
    ) {
      const { trade, role, facts } = await accessWithFacts(hash, viewer);
      // A level may not view trades at all (`view-trade`); the standing is read only if some level blocks it.
      if (role !== 'moderator' && kyc.blocksAnywhere('view-trade')) {
        kyc.assertAllowed(await kyc.standing(viewer.id), 'view-trade');
      }
      const touched =
        role === 'moderator' ? trade : await tradesRepository.touchParty(db, trade, role, ctx.ip, now());
      return {
        trade: await view(touched, role, viewer.id, ctx.locale, facts, ctx.freshParties),
        partyIds: [trade.buyerId, trade.sellerId],
      };
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
  };
  return {
    ...views,
    /** The trade as the viewer sees it; records their IP (and the buyer's first visit). */
    get: async (viewer: TradeViewer, hash: string, ctx: { ip: string; locale: Locale }) =>
      (await views.getWithParties(viewer, hash, ctx)).trade,
  };
}

export type TradeViews = ReturnType<typeof createTradeViews>;
