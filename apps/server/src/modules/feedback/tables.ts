import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { feedbackRatings } from '@app/contract';
import { users } from '../../platform/db/schema.js';
import { offers } from '../offers/tables.js';
import { trades } from '../trades/tables.js';

/**
 * Feedback after a completed trade (docs/decisions/0010-feedback-and-attachments.md): one row per
 * author per trade (the unique index makes "once" hold under concurrent requests), the recipient's one
 * reply on the same row. `offer_id` is copied from the trade so an offer's list needs no join.
 */
export const tradeFeedback = pgTable(
  'trade_feedback',
  {
    id: serial('id').primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id),
    rating: text('rating', { enum: feedbackRatings }).notNull(),
    message: text('message').notNull().default(''),
    reply: text('reply'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('trade_feedback_trade_author_key').on(t.tradeId, t.authorId),
    // Profile counts: every card on a marketplace page asks for its owners' counts.
    index('trade_feedback_recipient_idx').on(t.recipientId, t.rating),
    // An offer's list, newest first, optionally one rating.
    index('trade_feedback_offer_idx').on(t.offerId, t.recipientId, t.rating, t.id),
    check('trade_feedback_rating_check', sql`${t.rating} IN ('positive', 'negative')`),
    check('trade_feedback_parties_check', sql`${t.authorId} <> ${t.recipientId}`),
    // The rule the service enforces, held by the database too: a negative rating says why.
    check('trade_feedback_negative_message_check', sql`${t.rating} = 'positive' OR ${t.message} <> ''`),
    check('trade_feedback_reply_check', sql`(${t.reply} IS NULL) = (${t.repliedAt} IS NULL)`),
  ],
);
