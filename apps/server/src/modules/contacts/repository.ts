import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { usersChanged } from '../../platform/db/changes.js';
import { userRelations, type RelationKind } from './tables.js';

/** Both users' data changed: the target's public numbers (trusted by, blocked by) and the author's lists. */
const announce = (db: DbOrTx, userId: number, targetUserId: number) =>
  usersChanged(db, [userId, targetUserId]);

export const contactsRepository = {
  /** Sets (or replaces) what `userId` thinks of `targetUserId`. */
  async set(db: DbOrTx, userId: number, targetUserId: number, kind: RelationKind) {
    await db
      .insert(userRelations)
      .values({ userId, targetUserId, kind })
      .onConflictDoUpdate({
        target: [userRelations.userId, userRelations.targetUserId],
        // A changed relation counts from now in the lists (most recent first); the same one stays put.
        set: {
          kind,
          createdAt: sql`CASE WHEN ${userRelations.kind} = excluded.kind THEN ${userRelations.createdAt} ELSE now() END`,
        },
      });
    announce(db, userId, targetUserId);
  },

  /**
   * Removes the relation only if it is `kind`; answers the relation it left (undefined: none). The row
   * is locked first, so the answer is what this change left even when others change it at once.
   */
  async removeKind(
    tx: Tx,
    userId: number,
    targetUserId: number,
    kind: RelationKind,
  ): Promise<RelationKind | undefined> {
    const pair = and(eq(userRelations.userId, userId), eq(userRelations.targetUserId, targetUserId));
    const [row] = await tx.select({ kind: userRelations.kind }).from(userRelations).where(pair).for('update');
    if (row?.kind !== kind) return row?.kind;
    await tx.delete(userRelations).where(pair);
    announce(tx, userId, targetUserId);
    return undefined;
  },

  async remove(db: DbOrTx, userId: number, targetUserId: number) {
    await db
      .delete(userRelations)
      .where(and(eq(userRelations.userId, userId), eq(userRelations.targetUserId, targetUserId)));
    announce(db, userId, targetUserId);
  },

  async kindOf(db: DbOrTx, userId: number, targetUserId: number): Promise<RelationKind | undefined> {
    const [row] = await db
      .select({ kind: userRelations.kind })
      .from(userRelations)
      .where(and(eq(userRelations.userId, userId), eq(userRelations.targetUserId, targetUserId)));
    return row?.kind;
  },
};
