import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { ledgerHolds, type HoldState } from './tables.js';
import { usersChanged } from '../../platform/db/changes.js';

export type HoldRow = typeof ledgerHolds.$inferSelect;

/** The holds' SQL (decision 0048). Every state change is conditional on the state it leaves. */
export const holdsRepository = {
  /** The hold of an award; a second insert for the same account is ignored (a replayed settlement). */
  async insert(
    tx: DbOrTx,
    row: Pick<HoldRow, 'userId' | 'cryptoCode' | 'reference' | 'amount' | 'releaseAt'>,
  ) {
    await tx.insert(ledgerHolds).values(row).onConflictDoNothing();
    usersChanged(tx, [row.userId]);
  },

  /** The hold named by its reference (a trade hash) in one coin, if any. */
  async byReference(db: DbOrTx, cryptoCode: string, reference: string): Promise<HoldRow | undefined> {
    const [row] = await db
      .select()
      .from(ledgerHolds)
      .where(and(eq(ledgerHolds.cryptoCode, cryptoCode), eq(ledgerHolds.reference, reference)))
      .orderBy(asc(ledgerHolds.id))
      .limit(1);
    return row;
  },

  /** A user's holds that still keep money out of reach (held or contested), soonest first. */
  async openOf(db: DbOrTx, userId: number): Promise<HoldRow[]> {
    return db
      .select()
      .from(ledgerHolds)
      .where(and(eq(ledgerHolds.userId, userId), inArray(ledgerHolds.state, ['held', 'contested'])))
      .orderBy(asc(ledgerHolds.releaseAt), asc(ledgerHolds.id));
  },

  /**
   * Holds whose date has come, locked for release. `SKIP LOCKED`: a hold another worker (or a request)
   * is releasing or contesting right now is left to it, so two workers never wait on each other and the
   * conditional UPDATE after the lock decides the rest.
   */
  async lockDue(
    tx: DbOrTx,
    asOf: Date,
    limit: number,
    filter: { userId?: number; reference?: string } = {},
  ): Promise<HoldRow[]> {
    return tx
      .select()
      .from(ledgerHolds)
      .where(
        and(
          eq(ledgerHolds.state, 'held'),
          lte(ledgerHolds.releaseAt, asOf),
          filter.userId !== undefined ? eq(ledgerHolds.userId, filter.userId) : undefined,
          filter.reference !== undefined ? eq(ledgerHolds.reference, filter.reference) : undefined,
        ),
      )
      .orderBy(asc(ledgerHolds.releaseAt), asc(ledgerHolds.id))
      .limit(limit)
      .for('update', { skipLocked: true });
  },

  /** Moves a hold from `from` to `to`; undefined when it was no longer in `from` (someone else moved it). */
  async move(tx: DbOrTx, id: number, from: HoldState, to: HoldState, at: Date): Promise<HoldRow | undefined> {
    const settled = to === 'released' || to === 'reversed';
    const [row] = await tx
      .update(ledgerHolds)
      .set({ state: to, ...(settled ? { settledAt: at } : {}) })
      .where(and(eq(ledgerHolds.id, id), eq(ledgerHolds.state, from)))
      .returning();
    if (row) usersChanged(tx, [row.userId]);
    return row;
  },
};
