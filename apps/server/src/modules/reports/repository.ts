import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import type { OfferReportReason } from '@app/contract';
import type { DbOrTx } from '../../platform/db/client.js';
import { offerReports, type OfferReportRow } from './tables.js';

/** Advisory-lock namespace of "one reporter's reports" (the second key is the user id). */
const REPORTER_LOCK_NAMESPACE = 0x7265_7074; // "rept"

export const reportsRepository = {
  /**
   * Serialises one reporter's reports until the transaction ends, so two simultaneous reports cannot
   * both pass the daily limit. An advisory lock, not a row lock: nothing else waits on it.
   */
  async lockReporter(tx: DbOrTx, reporterId: number): Promise<void> {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(${REPORTER_LOCK_NAMESPACE}::int4, ${reporterId}::int4)`,
    );
  },

  /** The reporter's reports since `since`, oldest first (the first one frees a slot first). */
  async recentOf(
    tx: DbOrTx,
    reporterId: number,
    since: Date,
  ): Promise<{ count: number; oldest: Date | null }> {
    const [row] = await tx
      .select({ count: count(), oldest: sql<string | Date | null>`min(${offerReports.createdAt})` })
      .from(offerReports)
      .where(and(eq(offerReports.reporterId, reporterId), gt(offerReports.createdAt, since)));
    return { count: Number(row?.count ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
  },

  /** Inserts the report; undefined when this reporter already reported this offer. */
  async insert(
    tx: DbOrTx,
    row: { reporterId: number; offerId: number; reason: OfferReportReason; message: string; createdAt: Date },
  ): Promise<OfferReportRow | undefined> {
    const [created] = await tx
      .insert(offerReports)
      .values(row)
      .onConflictDoNothing({ target: [offerReports.reporterId, offerReports.offerId] })
      .returning();
    return created;
  },

  async findOf(db: DbOrTx, reporterId: number, offerId: number): Promise<OfferReportRow | undefined> {
    const [row] = await db
      .select()
      .from(offerReports)
      .where(and(eq(offerReports.reporterId, reporterId), eq(offerReports.offerId, offerId)));
    return row;
  },

  /** An offer's reports, oldest first (for moderators and tests). */
  async listOfOffer(db: DbOrTx, offerId: number): Promise<OfferReportRow[]> {
    return db
      .select()
      .from(offerReports)
      .where(eq(offerReports.offerId, offerId))
      .orderBy(asc(offerReports.createdAt), asc(offerReports.id));
  },
};
