import { asc, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';
import { withdrawalApprovals, withdrawals } from './tables.js';
import type { WithdrawalRow } from './repository.js';

/** SQL of the four-eyes queue (decision 0058): the waiting withdrawals and their approvals. */
export const approvalsRepository = {
  /** The withdrawal, locked against every other approval, rejection and sender until the transaction ends. */
  async lockByPublicId(tx: DbOrTx, publicId: string): Promise<WithdrawalRow | undefined> {
    const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.publicId, publicId)).for('update');
    return row;
  },

  async approvalsOf(db: DbOrTx, withdrawalIds: number[]) {
    if (withdrawalIds.length === 0) return [];
    return db
      .select({
        withdrawalId: withdrawalApprovals.withdrawalId,
        staffId: withdrawalApprovals.staffId,
        staff: users.username,
        createdAt: withdrawalApprovals.createdAt,
      })
      .from(withdrawalApprovals)
      .leftJoin(users, eq(users.id, withdrawalApprovals.staffId))
      .where(inArray(withdrawalApprovals.withdrawalId, withdrawalIds))
      .orderBy(asc(withdrawalApprovals.id));
  },

  async insertApproval(tx: DbOrTx, withdrawalId: number, staffId: number, at: Date) {
    await tx.insert(withdrawalApprovals).values({ withdrawalId, staffId, createdAt: at });
  },

  /** The waiting withdrawals, oldest first, with the withdrawing user's name. */
  async waiting(db: DbOrTx, limit: number) {
    return db
      .select({ withdrawal: withdrawals, username: users.username })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(eq(withdrawals.status, 'awaiting_approval'))
      .orderBy(asc(withdrawals.id))
      .limit(limit);
  },

  async waitingCount(db: DbOrTx): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(withdrawals)
      .where(eq(withdrawals.status, 'awaiting_approval'));
    return row?.n ?? 0;
  },

  async usernameOf(db: DbOrTx, userId: number): Promise<string> {
    const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
    return row?.username ?? '';
  },
};
