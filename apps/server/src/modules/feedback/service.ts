import {
  isCompletedTradeStatus,
  OFFER_FEEDBACK_PAGE_SIZE,
  type FeedbackRating,
  type OfferFeedbackQuery,
  type TradeStatus,
  type UserFeedbackQuery,
  USER_FEEDBACK_PAGE_SIZE,
} from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import type { EventBus } from '../../platform/events/bus.js';
import { AppError, fieldError, notFound } from '../../platform/http/errors.js';
import { contactsRepository } from '../contacts/index.js';
import type { TradesService } from '../trades/index.js';
import { usersRepository } from '../users/repository.js';
import { presentOfferFeedback, presentTradeFeedbackState, presentUserFeedback } from './presenter.js';
import { feedbackCountsOf, feedbackRepository } from './repository.js';
import { decideGive, decideReply, partnerOf, type GiveRefusal, type ReplyRefusal } from './rules.js';

export type FeedbackServiceOptions = {
  db: Db;
  trades: Pick<TradesService, 'participantsOf'>;
  events: EventBus;
};

const giveErrors: Record<GiveRefusal, () => AppError> = {
  not_completed: () =>
    new AppError(409, 'FEEDBACK_NOT_AVAILABLE', 'Feedback can be left once the trade is completed.'),
  already_given: () =>
    new AppError(409, 'FEEDBACK_ALREADY_GIVEN', 'You have already left feedback on this trade.'),
  message_required: () => fieldError('message', 'Tell the other trader what went wrong', 'message_required'),
};

const replyErrors: Record<ReplyRefusal, () => AppError> = {
  nothing_received: () =>
    new AppError(409, 'FEEDBACK_NOT_RECEIVED', 'Your trade partner has not left feedback to reply to.'),
  already_replied: () =>
    new AppError(409, 'FEEDBACK_ALREADY_REPLIED', 'You have already replied to this feedback.'),
};

/**
 * Feedback on trades (give, reply, read) and on offers (the owner's list), plus the counts every
 * profile shows. Who may act is decided by the trades module (`participantsOf`): anyone who is not a
 * party of the trade gets the same 404 as for a trade that does not exist.
 */
export function createFeedbackService({ db, trades, events }: FeedbackServiceOptions) {
  /** The trade as a party sees it; moderators and strangers get 404 (feedback is between the parties). */
  async function partyOf(hash: string, userId: number) {
    const trade = await trades.participantsOf(hash, userId);
    if (!trade || (trade.role !== 'buyer' && trade.role !== 'seller')) throw notFound('Trade not found');
    return { ...trade, role: trade.role, partnerId: partnerOf(trade, userId) };
  }

  async function stateOf(
    trade: {
      tradeId: number;
      tradeHash: string;
      status: TradeStatus;
      role: 'buyer' | 'seller';
      partnerId: number;
    },
    userId: number,
  ) {
    const rows = await feedbackRepository.ofTrade(db, trade.tradeId);
    const partner = await usersRepository.findById(db, trade.partnerId);
    const given = rows.find((r) => r.authorId === userId) ?? null;
    const received = rows.find((r) => r.recipientId === userId) ?? null;
    return presentTradeFeedbackState({
      tradeHash: trade.tradeHash,
      role: trade.role,
      partnerUsername: partner?.username ?? '',
      given,
      received,
      canGive: isCompletedTradeStatus(trade.status) && given === null,
      canReply: decideReply(received ?? undefined) === null,
    });
  }

  return {
    /** `GET /rest/v1/feedback/{id}`. */
    async ofTrade(userId: number, hash: string) {
      return stateOf(await partyOf(hash, userId), userId);
    },

    /** `POST /rest/v1/feedback/{id}/give`: once per party, only on a completed trade. */
    async give(userId: number, hash: string, input: { rating: FeedbackRating; message: string }) {
      const trade = await partyOf(hash, userId);
      const existing = await feedbackRepository.ofTrade(db, trade.tradeId);
      const refusal = decideGive({
        status: trade.status,
        alreadyGiven: existing.some((r) => r.authorId === userId),
        rating: input.rating,
        message: input.message,
      });
      if (refusal) throw giveErrors[refusal]();
      // The unique index decides between two racing requests: the loser stores nothing.
      const created = await feedbackRepository.insertOnce(db, {
        tradeId: trade.tradeId,
        authorId: userId,
        recipientId: trade.partnerId,
        rating: input.rating,
        message: input.message,
      });
      if (!created) throw giveErrors.already_given();
      const author = await usersRepository.findById(db, userId);
      // After the write is committed (it was its own statement): listeners never see a rolled-back row.
      events.publish({
        type: 'feedback.received',
        userIds: [trade.partnerId],
        tradeHash: trade.tradeHash,
        data: { tradeHash: trade.tradeHash, rating: created.rating, from: author?.username ?? '' },
      });
      return stateOf(trade, userId);
    },

    /** `POST /rest/v1/feedback/{id}/reply`: the recipient answers the feedback they received, once. */
    async reply(userId: number, hash: string, message: string) {
      const trade = await partyOf(hash, userId);
      const received = (await feedbackRepository.ofTrade(db, trade.tradeId)).find(
        (r) => r.recipientId === userId,
      );
      const refusal = decideReply(received);
      if (refusal || !received) throw replyErrors[refusal ?? 'nothing_received']();
      const updated = await feedbackRepository.replyOnce(db, received.id, message);
      if (!updated) throw replyErrors.already_replied();
      const replier = await usersRepository.findById(db, userId);
      events.publish({
        type: 'feedback.reply_received',
        userIds: [received.authorId],
        tradeHash: trade.tradeHash,
        data: { tradeHash: trade.tradeHash, from: replier?.username ?? '' },
      });
      return stateOf(trade, userId);
    },

    /**
     * `GET /rest/v1/offers/{hash}/feedback`: what the owner received on this offer, 10 a page. The offer
     * page's visibility applies: blocked either way, or a trusted-only offer for an untrusted viewer,
     * is a 404 here as there.
     */
    async ofOffer(viewerId: number | null, hash: string, q: OfferFeedbackQuery) {
      const offer = await feedbackRepository.offerByHash(db, hash);
      if (!offer) throw notFound('Offer not found');
      if (viewerId !== offer.userId) {
        const fromViewer =
          viewerId === null ? undefined : await contactsRepository.kindOf(db, viewerId, offer.userId);
        const fromOwner =
          viewerId === null ? undefined : await contactsRepository.kindOf(db, offer.userId, viewerId);
        if (fromViewer === 'blocked' || fromOwner === 'blocked') throw notFound('Offer not found');
        if (offer.isTrustedOnly && fromOwner !== 'trusted') throw notFound('Offer not found');
      }
      const rows = await feedbackRepository.pageOfOffer(db, {
        offerId: offer.id,
        ownerId: offer.userId,
        rating: q.rating,
        offset: (q.page - 1) * OFFER_FEEDBACK_PAGE_SIZE,
        limit: OFFER_FEEDBACK_PAGE_SIZE + 1,
      });
      const counts = await feedbackRepository.countsOfOffer(db, offer.id, offer.userId);
      return presentOfferFeedback({
        offerHash: offer.hash,
        query: q,
        rows: rows.slice(0, OFFER_FEEDBACK_PAGE_SIZE),
        hasMore: rows.length > OFFER_FEEDBACK_PAGE_SIZE,
        counts,
      });
    },

    /**
     * `GET /rest/v1/users/{username}/feedback`: what the user received on all their trades, 10 a page,
     * for the public profile (anyone may read it, as the profile's counts). A banned account shows no
     * activity (spec section 6, as its profile and offers): an empty list. 404 for an unknown username.
     */
    async ofUser(username: string, q: UserFeedbackQuery) {
      const user = await usersRepository.findByUsername(db, username);
      if (!user) throw notFound('User not found');
      if (user.accountState === 'banned') {
        return presentUserFeedback({
          username: user.username,
          query: q,
          rows: [],
          hasMore: false,
          counts: { positive: 0, negative: 0 },
        });
      }
      const rows = await feedbackRepository.pageOfRecipient(db, {
        recipientId: user.id,
        rating: q.rating,
        offset: (q.page - 1) * USER_FEEDBACK_PAGE_SIZE,
        limit: USER_FEEDBACK_PAGE_SIZE + 1,
      });
      const counts = (await feedbackCountsOf(db, [user.id])).get(user.id) ?? { positive: 0, negative: 0 };
      return presentUserFeedback({
        username: user.username,
        query: q,
        rows: rows.slice(0, USER_FEEDBACK_PAGE_SIZE),
        hasMore: rows.length > USER_FEEDBACK_PAGE_SIZE,
        counts,
      });
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
