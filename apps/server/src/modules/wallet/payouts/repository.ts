import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { chainPayoutInputs, chainPayoutLocks, chainPayouts, withdrawals } from '../tables.js';

export type PayoutRow = typeof chainPayouts.$inferSelect;
export type PayoutWithdrawalRow = typeof withdrawals.$inferSelect;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** SQL of the hot wallet's payouts (decision 0057); every write takes the caller's transaction. */
/** An external withdrawal of the network that is ready for the chain and in no payout yet. */
const readyToSend = (network: string) =>
  and(
    eq(withdrawals.status, 'pending'),
    eq(withdrawals.kind, 'external'),
    eq(withdrawals.cryptoCode, network),
    isNull(withdrawals.payoutId),
  );

export const payoutsRepository = {
  /**
   * The network's batch lock: the row, locked, or undefined while another instance holds it (SKIP
   * LOCKED: the other batcher skips its pass instead of waiting).
   */
  async tryLockNetwork(tx: DbOrTx, network: string): Promise<boolean> {
    await tx.insert(chainPayoutLocks).values({ network }).onConflictDoNothing();
    const [row] = await tx
      .select({ network: chainPayoutLocks.network })
      .from(chainPayoutLocks)
      .where(eq(chainPayoutLocks.network, network))
      .for('update', { skipLocked: true });
    return row !== undefined;
  },

  async markBatchRan(tx: DbOrTx, network: string, at: Date) {
    await tx.update(chainPayoutLocks).set({ lastBatchAt: at }).where(eq(chainPayoutLocks.network, network));
  },

  async lastBatchAt(db: DbOrTx, network: string): Promise<Date | null> {
    const [row] = await db
      .select({ at: chainPayoutLocks.lastBatchAt })
      .from(chainPayoutLocks)
      .where(eq(chainPayoutLocks.network, network));
    return row?.at ?? null;
  },

  /** The network's external withdrawals ready to send (not yet in a payout), oldest first, locked. */
  async claimReady(tx: DbOrTx, network: string, limit: number) {
    return tx
      .select()
      .from(withdrawals)
      .where(readyToSend(network))
      .orderBy(asc(withdrawals.id))
      .limit(limit)
      .for('update', { skipLocked: true });
  },

  /** The same, unlocked: what the console lists as waiting. */
  async ready(db: DbOrTx, network: string, limit: number) {
    return db
      .select()
      .from(withdrawals)
      .where(readyToSend(network))
      .orderBy(asc(withdrawals.id))
      .limit(limit);
  },

  /** Base units the hot wallet sent in live or confirmed payouts since `since` (the day limit). */
  async paidSince(db: DbOrTx, network: string, since: Date): Promise<bigint> {
    const [row] = rowsOf<{ total: string }>(
      await db.execute(sql`
        SELECT coalesce(sum(w.amount), 0)::text AS total
        FROM ${withdrawals} w JOIN ${chainPayouts} p ON p.id = w.payout_id
        WHERE p.network = ${network} AND p.status IN ('broadcast', 'confirmed')
          AND p.created_at > ${since.toISOString()}`),
    );
    return BigInt(row?.total ?? '0');
  },

  /** Which of these outputs a payout already spends (or spent). */
  async reservedAmong(db: DbOrTx, network: string, txids: string[]): Promise<Set<string>> {
    if (txids.length === 0) return new Set();
    const rows = await db
      .select({ txid: chainPayoutInputs.txid, vout: chainPayoutInputs.vout })
      .from(chainPayoutInputs)
      .where(and(eq(chainPayoutInputs.network, network), inArray(chainPayoutInputs.txid, txids)));
    return new Set(rows.map((r) => `${r.txid}:${r.vout}`));
  },

  async insertPayout(tx: DbOrTx, row: typeof chainPayouts.$inferInsert): Promise<PayoutRow> {
    const [created] = await tx.insert(chainPayouts).values(row).returning();
    return created!;
  },

  /** Reserves the outputs; the unique key throws (and rolls the batch back) if one is already taken. */
  async reserveInputs(
    tx: DbOrTx,
    network: string,
    payoutId: number,
    inputs: { txid: string; vout: number; value: bigint }[],
  ) {
    await tx
      .insert(chainPayoutInputs)
      .values(
        inputs.map((i) => ({ network, txid: i.txid, vout: i.vout, value: i.value.toString(), payoutId })),
      );
  },

  async inputsOf(db: DbOrTx, rootPayoutId: number) {
    const rows = await db
      .select()
      .from(chainPayoutInputs)
      .where(eq(chainPayoutInputs.payoutId, rootPayoutId))
      .orderBy(asc(chainPayoutInputs.createdAt));
    return rows.map((r) => ({ txid: r.txid, vout: r.vout, value: BigInt(r.value) }));
  },

  async releaseInputs(tx: DbOrTx, rootPayoutId: number) {
    await tx.delete(chainPayoutInputs).where(eq(chainPayoutInputs.payoutId, rootPayoutId));
  },

  async attach(tx: DbOrTx, withdrawalIds: number[], payout: { id: number; txid: string }) {
    await tx
      .update(withdrawals)
      .set({ payoutId: payout.id, txid: payout.txid })
      .where(inArray(withdrawals.id, withdrawalIds));
  },

  /** Moves the withdrawals of one payout to another (a replacement, or back after a refused one). */
  async move(tx: DbOrTx, fromPayoutIds: number[], to: { id: number; txid: string }) {
    await tx
      .update(withdrawals)
      .set({ payoutId: to.id, txid: to.txid })
      .where(and(inArray(withdrawals.payoutId, fromPayoutIds), eq(withdrawals.status, 'pending')));
  },

  /** Back to the queue: the withdrawals wait for the next batch. */
  async detach(tx: DbOrTx, payoutIds: number[]) {
    await tx
      .update(withdrawals)
      .set({ payoutId: null, txid: null })
      .where(and(inArray(withdrawals.payoutId, payoutIds), eq(withdrawals.status, 'pending')));
  },

  async lockWithdrawalsOf(tx: DbOrTx, payoutIds: number[]) {
    return tx
      .select()
      .from(withdrawals)
      .where(and(inArray(withdrawals.payoutId, payoutIds), eq(withdrawals.status, 'pending')))
      .orderBy(asc(withdrawals.id))
      .for('update');
  },

  async complete(tx: DbOrTx, ids: number[], at: Date) {
    if (ids.length === 0) return;
    await tx
      .update(withdrawals)
      .set({ status: 'completed', completedAt: at })
      .where(and(inArray(withdrawals.id, ids), eq(withdrawals.status, 'pending')));
  },

  async withdrawalsOf(db: DbOrTx, payoutIds: number[]) {
    if (payoutIds.length === 0) return [];
    return db
      .select()
      .from(withdrawals)
      .where(inArray(withdrawals.payoutId, payoutIds))
      .orderBy(asc(withdrawals.id));
  },

  async setStatus(tx: DbOrTx, id: number, status: PayoutRow['status'], confirmedAt?: Date) {
    await tx
      .update(chainPayouts)
      .set({ status, ...(confirmedAt ? { confirmedAt } : {}) })
      .where(eq(chainPayouts.id, id));
  },

  async byId(db: DbOrTx, id: number): Promise<PayoutRow | undefined> {
    const [row] = await db.select().from(chainPayouts).where(eq(chainPayouts.id, id));
    return row;
  },

  async lockByIds(tx: DbOrTx, ids: number[]): Promise<PayoutRow[]> {
    return tx
      .select()
      .from(chainPayouts)
      .where(inArray(chainPayouts.id, ids))
      .orderBy(asc(chainPayouts.id))
      .for('update');
  },

  /** The network's live payouts (broadcast, not yet confirmed), oldest first. */
  async open(db: DbOrTx, network: string) {
    return db
      .select()
      .from(chainPayouts)
      .where(and(eq(chainPayouts.network, network), eq(chainPayouts.status, 'broadcast')))
      .orderBy(asc(chainPayouts.id));
  },

  async recent(db: DbOrTx, network: string, since: Date, limit: number) {
    return db
      .select()
      .from(chainPayouts)
      .where(and(eq(chainPayouts.network, network), gt(chainPayouts.createdAt, since)))
      .orderBy(desc(chainPayouts.id))
      .limit(limit);
  },
};
