import type {
  FeedbackCounts,
  OfferFeedbackPage,
  OfferFeedbackQuery,
  TradeFeedback,
  TradeFeedbackState,
  UserFeedbackPage,
  UserFeedbackQuery,
} from '@app/contract';
import { avatarUrlOf } from '../users/index.js';
import type { FeedbackWithAuthor, FeedbackWithAuthorCard } from './repository.js';

/** Row -> the spec's "Feedback (trade)": rating, message, reply, plus author and times. */
export function presentTradeFeedback(row: FeedbackWithAuthor): TradeFeedback {
  return {
    rating: row.rating,
    message: row.message,
    reply: row.reply,
    author: { username: row.authorUsername },
    createdAt: row.createdAt.toISOString(),
    repliedAt: row.repliedAt?.toISOString() ?? null,
  };
}

export function presentTradeFeedbackState(input: {
  tradeHash: string;
  role: 'buyer' | 'seller';
  partnerUsername: string;
  given: FeedbackWithAuthor | null;
  received: FeedbackWithAuthor | null;
  canGive: boolean;
  canReply: boolean;
}): TradeFeedbackState {
  return {
    tradeHash: input.tradeHash,
    role: input.role,
    partner: { username: input.partnerUsername },
    given: input.given && presentTradeFeedback(input.given),
    received: input.received && presentTradeFeedback(input.received),
    canGive: input.canGive,
    canReply: input.canReply,
  };
}

/** A feedback list's next page: the same filter, `page` last (the spec's client reads it from the end). */
function nextPageUrl(path: string, query: { rating?: string | undefined; page: number }): string {
  const next = new URLSearchParams();
  if (query.rating) next.set('rating', query.rating);
  next.set('page', String(query.page + 1));
  return `${path}?${next.toString()}`;
}

const pageTotals = (counts: FeedbackCounts) => ({
  positiveCount: counts.positive,
  negativeCount: counts.negative,
  totalCount: counts.positive + counts.negative,
});

/**
 * The spec's "Feedback (offer)". `paginationNextPage` is the next page's URL with `page` as its last
 * parameter: the spec's client reads the page number from the URL's end.
 */
export function presentOfferFeedback(input: {
  offerHash: string;
  query: OfferFeedbackQuery;
  rows: FeedbackWithAuthor[];
  hasMore: boolean;
  counts: FeedbackCounts;
}): OfferFeedbackPage {
  return {
    items: input.rows.map((row) => ({
      rating: row.rating,
      message: row.message,
      reply: row.reply,
      author: { username: row.authorUsername, avatarUrl: null },
      createdAt: row.createdAt.toISOString(),
    })),
    ...pageTotals(input.counts),
    paginationNextPage: input.hasMore
      ? nextPageUrl(`/rest/v1/offers/${encodeURIComponent(input.offerHash)}/feedback`, input.query)
      : null,
  };
}

/**
 * A user's received feedback (the profile's list), in the offer list's shape; `paginationNextPage` ends
 * with the page number the same way.
 */
export function presentUserFeedback(input: {
  username: string;
  query: UserFeedbackQuery;
  rows: FeedbackWithAuthorCard[];
  hasMore: boolean;
  counts: FeedbackCounts;
}): UserFeedbackPage {
  return {
    items: input.rows.map((row) => ({
      rating: row.rating,
      message: row.message,
      reply: row.reply,
      author: {
        username: row.authorUsername,
        avatarUrl: avatarUrlOf({ username: row.authorUsername, avatarKey: row.authorAvatarKey }),
      },
      createdAt: row.createdAt.toISOString(),
    })),
    ...pageTotals(input.counts),
    paginationNextPage: input.hasMore
      ? nextPageUrl(`/rest/v1/users/${encodeURIComponent(input.username)}/feedback`, input.query)
      : null,
  };
}
