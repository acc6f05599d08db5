import { z } from 'zod';
import { textString } from './strings.js';

/**
 * Feedback: after a completed trade each party rates the other once (positive or negative, a message
 * required for a negative), and the one who received a rating may reply once. Offers list the feedback
 * their owner received on them. Decisions: docs/decisions/0010-feedback-and-attachments.md.
 */

export const feedbackRatings = ['positive', 'negative'] as const;
export const feedbackRatingSchema = z.enum(feedbackRatings);
export type FeedbackRating = z.infer<typeof feedbackRatingSchema>;

/** Longest feedback message and reply, in characters (after trimming). */
export const FEEDBACK_MESSAGE_MAX = 500;
/** Items per page of an offer's feedback list (the domain's `feedback/list` pages by 10). */
export const OFFER_FEEDBACK_PAGE_SIZE = 10;

/**
 * A rating as the give call accepts it: the words, or the `1` / `-1` of the exchanges this product
 * replaces (the domain reference's API), as a number or a string. Always answered as the word.
 */
export const feedbackRatingInputSchema = z
  .union([feedbackRatingSchema, z.literal(1), z.literal(-1), z.literal('1'), z.literal('-1')], {
    error: 'Choose positive or negative',
  })
  .transform((value): FeedbackRating =>
    value === 1 || value === '1' ? 'positive' : value === -1 || value === '-1' ? 'negative' : value,
  );

const messageSchema = textString()
  .trim()
  .max(FEEDBACK_MESSAGE_MAX, `At most ${FEEDBACK_MESSAGE_MAX} characters`);

/** A negative rating must say what went wrong; a positive one may come without words. */
export const isFeedbackMessageMissing = (rating: FeedbackRating, message: string): boolean =>
  rating === 'negative' && message.trim() === '';

/** `POST /rest/v1/feedback/{id}/give`. The server answers a negative without message with `message_required`. */
export const giveFeedbackBodySchema = z.object({
  rating: feedbackRatingInputSchema,
  message: messageSchema.default(''),
});
export type GiveFeedbackBody = z.input<typeof giveFeedbackBodySchema>;

/** The give form: the body plus the negative-needs-a-message rule, so the form says it before sending. */
export const giveFeedbackFormSchema = giveFeedbackBodySchema.superRefine((body, ctx) => {
  if (isFeedbackMessageMissing(body.rating, body.message)) {
    ctx.addIssue({ code: 'custom', path: ['message'], message: 'Tell the other trader what went wrong' });
  }
});

/** `POST /rest/v1/feedback/{id}/reply`: the one who received the feedback answers it, once. */
export const replyFeedbackBodySchema = z.object({
  message: messageSchema.min(1, 'Write a reply'),
});
export type ReplyFeedbackBody = z.input<typeof replyFeedbackBodySchema>;

/** The spec's "Feedback (trade)": rating, message, reply; plus who wrote it and when. */
export const tradeFeedbackSchema = z.object({
  rating: feedbackRatingSchema,
  /** Empty when a positive rating came without words. */
  message: z.string(),
  /** The recipient's answer, or null while there is none. */
  reply: z.string().nullable(),
  author: z.object({ username: z.string() }),
  createdAt: z.string(),
  repliedAt: z.string().nullable(),
});
export type TradeFeedback = z.infer<typeof tradeFeedbackSchema>;

/** `GET /rest/v1/feedback/{id}` (and the answer of give and reply): the trade's feedback as one party sees it. */
export const tradeFeedbackStateSchema = z.object({
  tradeHash: z.string(),
  role: z.enum(['buyer', 'seller']),
  partner: z.object({ username: z.string() }),
  /** What I said about my partner. */
  given: tradeFeedbackSchema.nullable(),
  /** What my partner said about me. */
  received: tradeFeedbackSchema.nullable(),
  /** The trade is completed and I have not rated my partner yet. */
  canGive: z.boolean(),
  /** My partner rated me and I have not replied yet. */
  canReply: z.boolean(),
});
export type TradeFeedbackState = z.infer<typeof tradeFeedbackStateSchema>;

/** `GET /rest/v1/offers/{hash}/feedback?page=N&rating=positive|negative`. */
export const offerFeedbackQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  rating: feedbackRatingSchema.optional(),
});
export type OfferFeedbackQuery = z.infer<typeof offerFeedbackQuerySchema>;

export const offerFeedbackItemSchema = z.object({
  rating: feedbackRatingSchema,
  message: z.string(),
  reply: z.string().nullable(),
  author: z.object({ username: z.string(), avatarUrl: z.string().nullable() }),
  createdAt: z.string(),
});
export type OfferFeedbackItem = z.infer<typeof offerFeedbackItemSchema>;

/**
 * The spec's "Feedback (offer)". The counts are the offer's totals whatever `rating` filters, so the
 * tabs can show them; `paginationNextPage` is the next page's URL (it ends with the page number, as the
 * spec's client reads it) or null on the last page.
 */
export const offerFeedbackPageSchema = z.object({
  items: z.array(offerFeedbackItemSchema),
  positiveCount: z.number().int(),
  negativeCount: z.number().int(),
  totalCount: z.number().int(),
  paginationNextPage: z.string().nullable(),
});
export type OfferFeedbackPage = z.infer<typeof offerFeedbackPageSchema>;

/**
 * `GET /rest/v1/users/{username}/feedback?page=N&rating=positive|negative` (path ours: the spec lists no
 * user feedback call): the feedback a user received on all their trades, for the public profile. The same
 * query, items and paging as an offer's list; the counts are the user's totals whatever `rating` filters,
 * the same numbers as the profile's `feedback`. Each item's `author` is the other trader.
 */
export const userFeedbackQuerySchema = offerFeedbackQuerySchema;
export type UserFeedbackQuery = OfferFeedbackQuery;
export const userFeedbackPageSchema = offerFeedbackPageSchema;
export type UserFeedbackPage = OfferFeedbackPage;
/** Items per page of a user's list: the same 10 as an offer's. */
export const USER_FEEDBACK_PAGE_SIZE = OFFER_FEEDBACK_PAGE_SIZE;

/**
 * The page number a `paginationNextPage` URL points at. The spec's client takes the URL's last
 * character, which breaks from page 10 on; this reads all trailing digits.
 */
export function nextFeedbackPage(paginationNextPage: string | null): number | null {
  if (!paginationNextPage) return null;
  const match = /(\d+)$/.exec(paginationNextPage);
  return match ? Number(match[1]) : null;
}

/** A user's feedback counts as every profile card shows them. */
export const feedbackCountsSchema = z.object({ positive: z.number().int(), negative: z.number().int() });
export type FeedbackCounts = z.infer<typeof feedbackCountsSchema>;
