import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';
import {
  bondHolds,
  chainDeposits,
  depositAddressIndexes,
  depositAddresses,
  withdrawalApprovals,
  withdrawals,
} from './tables.js';
import { usersChanged } from '../../platform/db/changes.js';

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
  async claimDepositAddress(
    db: DbOrTx,
    userId: number,
    cryptoCode: string,
    address: string,
    derivationIndex: number | null = null,
  ) {
    await db
      .insert(depositAddresses)
      .values({ userId, cryptoCode, address, derivationIndex })
      .onConflictDoNothing();
    return this.findDepositAddress(db, userId, cryptoCode);
  },

  /**
   * The user's derivation index on a chain network, allocated on first use: the next of the network's
   * indexes, under a transaction-scoped advisory lock on the network, so indexes are gap-free, one per
   * user, and two first requests at once (of one user or of two) are served one after the other.
   */
  async derivationIndex(tx: Tx, network: string, userId: number): Promise<number> {
    const mine = async () =>
      (
        await tx
          .select({ index: depositAddressIndexes.derivationIndex })
          .from(depositAddressIndexes)
          .where(and(eq(depositAddressIndexes.network, network), eq(depositAddressIndexes.userId, userId)))
      )[0]?.index;
    const known = await mine();
    if (known !== undefined) return known;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`deposit-index:${network}`}))`);
    const raced = await mine();
    if (raced !== undefined) return raced;
    const [next] = await tx
      .select({ index: sql<number>`coalesce(max(${depositAddressIndexes.derivationIndex}) + 1, 0)::int` })
      .from(depositAddressIndexes)
      .where(eq(depositAddressIndexes.network, network));
    const index = Number(next?.index ?? 0);
    await tx.insert(depositAddressIndexes).values({ network, userId, derivationIndex: index });
    return index;
  },

  async insertDeposit(db: DbOrTx, row: typeof chainDeposits.$inferInsert): Promise<ChainDepositRow> {
    const [created] = await db.insert(chainDeposits).values(row).returning();
    usersChanged(db, [row.userId]);
    return created!;
  },

  /**
   * Pending deposits of the simulated coins, locked for this block; another instance's block skips them
   * (SKIP LOCKED). A followed chain's deposits confirm by its follower, never here.
   */
  async lockPendingDeposits(db: DbOrTx, coins: readonly string[], limit = 500) {
    if (coins.length === 0) return [];
    return db
      .select()
      .from(chainDeposits)
      .where(and(eq(chainDeposits.status, 'pending'), inArray(chainDeposits.cryptoCode, [...coins])))
      .orderBy(asc(chainDeposits.id))
      .limit(limit)
      .for('update', { skipLocked: true });
  },

  async lockDeposit(db: DbOrTx, id: number) {
    const [row] = await db.select().from(chainDeposits).where(eq(chainDeposits.id, id)).for('update');
    return row;
  },

  async updateDeposit(db: DbOrTx, id: number, values: Partial<typeof chainDeposits.$inferInsert>) {
    const rows = await db
      .update(chainDeposits)
      .set(values)
      .where(eq(chainDeposits.id, id))
      .returning({ userId: chainDeposits.userId });
    usersChanged(
      db,
      rows.map((row) => row.userId),
    );
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

  /** Deposits whose credit a reorganisation took back, newest first, with their owner. */
  async reversedDeposits(db: DbOrTx, limit: number) {
    const rows = await db
      .select({ deposit: chainDeposits, username: users.username })
      .from(chainDeposits)
      .innerJoin(users, eq(users.id, chainDeposits.userId))
      .where(isNotNull(chainDeposits.reversedAt))
      .orderBy(desc(chainDeposits.reversedAt), desc(chainDeposits.id))
      .limit(limit);
    return rows.map((r) => ({ ...r.deposit, reversedAt: r.deposit.reversedAt!, username: r.username }));
  },

  /** Users' deficit accounts below zero, the largest debt first, with the available balance beside. */
  async deficitAccounts(db: DbOrTx, limit: number) {
    const result = await db.execute(sql`
      SELECT u.username, d.crypto_code, d.balance::text AS balance, u.account_notice,
        coalesce((SELECT a.balance FROM ledger_accounts a WHERE a.user_id = d.user_id
          AND a.crypto_code = d.crypto_code AND a.kind = 'available' AND a.reference = ''), 0)::text AS available
      FROM ledger_accounts d JOIN users u ON u.id = d.user_id
      WHERE d.kind = 'deficit' AND d.balance < 0
      ORDER BY d.balance ASC, d.id LIMIT ${limit}`);
    return (
      result as unknown as {
        rows: {
          username: string;
          crypto_code: string;
          balance: string;
          available: string;
          account_notice: number | null;
        }[];
      }
    ).rows.map((r) => ({
      username: r.username,
      cryptoCode: r.crypto_code,
      balance: r.balance,
      available: r.available,
      accountNotice: r.account_notice === null ? null : Number(r.account_notice),
    }));
  },

  /** Locks the user's row against their other send-outs (NO KEY UPDATE: references are not blocked). */
  async lockUser(tx: DbOrTx, userId: number): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  },

  /**
   * The USD value of what the user sent out (every withdrawal, failed ones and those staff rejected aside:
   * their amount came back) since `since`. One still awaiting approval counts: it may leave.
   */
  async sentOutUsdSince(db: DbOrTx, userId: number, since: Date): Promise<string> {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${withdrawals.amountUsd}), 0)::text` })
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.userId, userId),
          gte(withdrawals.createdAt, since),
          notInArray(withdrawals.status, ['failed', 'rejected']),
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
   * Pending external withdrawals of the simulated coins for this block; `broadcast` picks those without
   * a txid yet. A real chain's withdrawals are its payout's business, never the simulated miner's.
   */
  async lockPendingWithdrawals(db: DbOrTx, broadcast: boolean, coins: readonly string[], limit = 500) {
    if (coins.length === 0) return [];
    return db
      .select()
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.status, 'pending'),
          inArray(withdrawals.cryptoCode, [...coins]),
          eq(withdrawals.kind, 'external'),
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
      .select({
        withdrawal: withdrawals,
        recipientUsername: users.username,
        approvalCount: sql<number>`(select count(*)::int from ${withdrawalApprovals} where ${withdrawalApprovals.withdrawalId} = ${withdrawals.id})`,
      })
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
