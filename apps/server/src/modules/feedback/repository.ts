import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FeedbackCounts, FeedbackRating } from '@app/contract';
import type { DbOrTx } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';
import { offers } from '../offers/tables.js';
import { trades } from '../trades/tables.js';
import { tradeFeedback } from './tables.js';

export type FeedbackRow = typeof tradeFeedback.$inferSelect;
/** A feedback row with its author's username, as every answer shows it. */
export type FeedbackWithAuthor = FeedbackRow & { authorUsername: string };

/** A received-feedback row with what the profile's list shows of its author. */
export type FeedbackWithAuthorCard = FeedbackWithAuthor & { authorAvatarKey: string | null };

const author = alias(users, 'author');

/**
 * Positive and negative counts of each user (feedback they received), for every profile card. Users
 * without feedback are in the map with zeros, so callers never guess. One grouped query per page.
 */
export async function feedbackCountsOf(
  db: DbOrTx,
  userIds: readonly number[],
): Promise<Map<number, FeedbackCounts>> {
  const ids = [...new Set(userIds)];
  const counts = new Map<number, FeedbackCounts>(ids.map((id) => [id, { positive: 0, negative: 0 }]));
  if (ids.length === 0) return counts;
  const rows = await db
    .select({
      userId: tradeFeedback.recipientId,
      positive: sql<number>`count(*) FILTER (WHERE ${tradeFeedback.rating} = 'positive')::int`,
      negative: sql<number>`count(*) FILTER (WHERE ${tradeFeedback.rating} = 'negative')::int`,
    })
    .from(tradeFeedback)
    .where(inArray(tradeFeedback.recipientId, ids))
    .groupBy(tradeFeedback.recipientId);
  for (const row of rows) {
    counts.set(row.userId, { positive: Number(row.positive), negative: Number(row.negative) });
  }
  return counts;
}

export const feedbackRepository = {
  /**
   * The offer an offer-feedback list belongs to: what the visibility check needs. Read from the offers
   * table directly (not through the offers module) so that module can import the counts without a cycle.
   */
  async offerByHash(db: DbOrTx, hash: string) {
    const [row] = await db
      .select({
        id: offers.id,
        hash: offers.hash,
        userId: offers.userId,
        isTrustedOnly: offers.isTrustedOnly,
      })
      .from(offers)
      .where(eq(offers.hash, hash));
    return row;
  },

  /**
   * Stores a party's feedback once: a second attempt (or a concurrent one) hits the unique index and
   * gets undefined. The offer is copied from the trade in the same statement.
   */
  async insertOnce(
    db: DbOrTx,
    row: { tradeId: number; authorId: number; recipientId: number; rating: FeedbackRating; message: string },
  ): Promise<FeedbackRow | undefined> {
    const [created] = await db
      .insert(tradeFeedback)
      .values({
        ...row,
        offerId: sql`(SELECT ${trades.offerId} FROM ${trades} WHERE ${trades.id} = ${row.tradeId})`,
      })
      .onConflictDoNothing({ target: [tradeFeedback.tradeId, tradeFeedback.authorId] })
      .returning();
    return created;
  },

  /** The recipient's one reply: only while there is none, so two racing replies store one. */
  async replyOnce(db: DbOrTx, id: number, reply: string): Promise<FeedbackRow | undefined> {
    const [updated] = await db
      .update(tradeFeedback)
      .set({ reply, repliedAt: new Date() })
      .where(and(eq(tradeFeedback.id, id), isNull(tradeFeedback.reply)))
      .returning();
    return updated;
  },

  /** Both feedback rows of a trade (at most one per party). */
  async ofTrade(db: DbOrTx, tradeId: number): Promise<FeedbackWithAuthor[]> {
    const rows = await db
      .select({ feedback: tradeFeedback, authorUsername: author.username })
      .from(tradeFeedback)
      .innerJoin(author, eq(author.id, tradeFeedback.authorId))
      .where(eq(tradeFeedback.tradeId, tradeId));
    return rows.map((r) => ({ ...r.feedback, authorUsername: r.authorUsername }));
  },

  /** One page of the feedback an offer's owner received on it, newest first. */
  async pageOfOffer(
    db: DbOrTx,
    p: { offerId: number; ownerId: number; rating?: FeedbackRating; offset: number; limit: number },
  ): Promise<FeedbackWithAuthor[]> {
    const rows = await db
      .select({ feedback: tradeFeedback, authorUsername: author.username })
      .from(tradeFeedback)
      .innerJoin(author, eq(author.id, tradeFeedback.authorId))
      .where(
        and(
          eq(tradeFeedback.offerId, p.offerId),
          eq(tradeFeedback.recipientId, p.ownerId),
          p.rating ? eq(tradeFeedback.rating, p.rating) : undefined,
        ),
      )
      .orderBy(desc(tradeFeedback.id))
      .offset(p.offset)
      .limit(p.limit);
    return rows.map((r) => ({ ...r.feedback, authorUsername: r.authorUsername }));
  },

  /**
   * One page of the feedback a user received on all their trades, newest first, for the public profile.
   * The author's avatar facts come along: the list shows the other trader as a profile card does (no
   * picture for a closed or banned account).
   */
  async pageOfRecipient(
    db: DbOrTx,
    p: { recipientId: number; rating?: FeedbackRating; offset: number; limit: number },
  ): Promise<FeedbackWithAuthorCard[]> {
    const rows = await db
      .select({
        feedback: tradeFeedback,
        authorUsername: author.username,
        authorAvatarKey: author.avatarKey,
        authorHidden: sql<boolean>`(${author.closedAt} IS NOT NULL OR ${author.accountState} = 'banned')`,
      })
      .from(tradeFeedback)
      .innerJoin(author, eq(author.id, tradeFeedback.authorId))
      .where(
        and(
          eq(tradeFeedback.recipientId, p.recipientId),
          p.rating ? eq(tradeFeedback.rating, p.rating) : undefined,
        ),
      )
      .orderBy(desc(tradeFeedback.id))
      .offset(p.offset)
      .limit(p.limit);
    return rows.map((r) => ({
      ...r.feedback,
      authorUsername: r.authorUsername,
      authorAvatarKey: r.authorHidden ? null : r.authorAvatarKey,
    }));
  },

  /** The offer's totals (what its owner received on it), whatever a list filters. */
  async countsOfOffer(db: DbOrTx, offerId: number, ownerId: number): Promise<FeedbackCounts> {
    const [row] = await db
      .select({
        positive: sql<number>`count(*) FILTER (WHERE ${tradeFeedback.rating} = 'positive')::int`,
        negative: sql<number>`count(*) FILTER (WHERE ${tradeFeedback.rating} = 'negative')::int`,
      })
      .from(tradeFeedback)
      .where(and(eq(tradeFeedback.offerId, offerId), eq(tradeFeedback.recipientId, ownerId)));
    return { positive: Number(row?.positive ?? 0), negative: Number(row?.negative ?? 0) };
  },
};
