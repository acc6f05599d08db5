import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';
import { bondHolds, chainDeposits, depositAddresses, withdrawals } from './tables.js';

export type ChainDepositRow = typeof chainDeposits.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;

export const walletRepository = {
  async findDepositAddress(db: DbOrTx, userId: number, cryptoCode: string) {
    const [row] = await db
      .select()
      .from(depositAddresses)
      .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.cryptoCode, cryptoCode)));
    return row;
  },

  /** Inserts unless the user already has one (a concurrent request won); returns the stored address. */
  async claimDepositAddress(db: DbOrTx, userId: number, cryptoCode: string, address: string) {
    await db.insert(depositAddresses).values({ userId, cryptoCode, address }).onConflictDoNothing();
    return this.findDepositAddress(db, userId, cryptoCode);
  },

  async insertDeposit(db: DbOrTx, row: typeof chainDeposits.$inferInsert): Promise<ChainDepositRow> {
    const [created] = await db.insert(chainDeposits).values(row).returning();
    return created!;
  },

  /** Pending deposits, locked for this block; another instance's block skips them (SKIP LOCKED). */
  async lockPendingDeposits(db: DbOrTx, limit = 500) {
    return db
      .select()
      .from(chainDeposits)
      .where(eq(chainDeposits.status, 'pending'))
      .orderBy(asc(chainDeposits.id))
      .limit(limit)
      .for('update', { skipLocked: true });
  },

  async lockDeposit(db: DbOrTx, id: number) {
    const [row] = await db.select().from(chainDeposits).where(eq(chainDeposits.id, id)).for('update');
    return row;
  },

  async updateDeposit(db: DbOrTx, id: number, values: Partial<typeof chainDeposits.$inferInsert>) {
    await db.update(chainDeposits).set(values).where(eq(chainDeposits.id, id));
  },

  async pendingDepositTotals(db: DbOrTx, userId: number) {
    return db
      .select({
        cryptoCode: chainDeposits.cryptoCode,
        total: sql<string>`sum(${chainDeposits.amount})::text`,
      })
      .from(chainDeposits)
      .where(and(eq(chainDeposits.userId, userId), eq(chainDeposits.status, 'pending')))
      .groupBy(chainDeposits.cryptoCode);
  },

  async depositsOfUser(db: DbOrTx, userId: number, limit: number) {
    return db
      .select()
      .from(chainDeposits)
      .where(eq(chainDeposits.userId, userId))
      .orderBy(desc(chainDeposits.id))
      .limit(limit);
  },

  /** Locks the user's row against their other send-outs (NO KEY UPDATE: references are not blocked). */
  async lockUser(tx: DbOrTx, userId: number): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  },

  /** The USD value of what the user sent out (every withdrawal, failed ones aside) since `since`. */
  async sentOutUsdSince(db: DbOrTx, userId: number, since: Date): Promise<string> {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${withdrawals.amountUsd}), 0)::text` })
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.userId, userId),
          gte(withdrawals.createdAt, since),
          ne(withdrawals.status, 'failed'),
        ),
      );
    return row?.total ?? '0';
  },

  async insertWithdrawal(
    db: DbOrTx,
    row: typeof withdrawals.$inferInsert,
  ): Promise<WithdrawalRow | undefined> {
    const [created] = await db.insert(withdrawals).values(row).onConflictDoNothing().returning();
    return created;
  },

  async findWithdrawalByClientKey(db: DbOrTx, userId: number, clientKey: string) {
    const [row] = await db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, userId), eq(withdrawals.clientKey, clientKey)));
    return row;
  },

  /**
   * Pending external withdrawals for this block; `broadcast` picks those without a txid yet. Only the
   * simulated chain's `coins`: a real network's withdrawals are the hot wallet's payouts (decision 0057).
   */
  async lockPendingWithdrawals(db: DbOrTx, broadcast: boolean, coins: readonly string[], limit = 500) {
    if (coins.length === 0) return [];
    return db
      .select()
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.status, 'pending'),
          eq(withdrawals.kind, 'external'),
          inArray(withdrawals.cryptoCode, [...coins]),
          broadcast ? isNull(withdrawals.txid) : isNotNull(withdrawals.txid),
        ),
      )
      .orderBy(asc(withdrawals.id))
      .limit(limit)
      .for('update', { skipLocked: true });
  },

  async updateWithdrawal(db: DbOrTx, id: number, values: Partial<typeof withdrawals.$inferInsert>) {
    await db.update(withdrawals).set(values).where(eq(withdrawals.id, id));
  },

  async withdrawalsOfUser(db: DbOrTx, userId: number, options: { beforeId?: number; limit: number }) {
    return db
      .select({ withdrawal: withdrawals, recipientUsername: users.username })
      .from(withdrawals)
      .leftJoin(users, eq(users.id, withdrawals.recipientUserId))
      .where(
        and(
          eq(withdrawals.userId, userId),
          options.beforeId ? lt(withdrawals.id, options.beforeId) : undefined,
        ),
      )
      .orderBy(desc(withdrawals.id))
      .limit(options.limit);
  },

  async bondHoldsOf(db: DbOrTx, userId: number, now: Date) {
    return db
      .select()
      .from(bondHolds)
      .where(and(eq(bondHolds.userId, userId), gt(bondHolds.heldUntil, now)));
  },

  /** Extends (never shortens) the hold on a user's bond in a coin. */
  async holdBond(db: DbOrTx, userId: number, cryptoCode: string, heldUntil: Date) {
    await db
      .insert(bondHolds)
      .values({ userId, cryptoCode, heldUntil })
      .onConflictDoUpdate({
        target: [bondHolds.userId, bondHolds.cryptoCode],
        set: { heldUntil: sql`greatest(${bondHolds.heldUntil}, excluded.held_until)` },
      });
  },
};
