import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { userRelations, type RelationKind } from './tables.js';

export const contactsRepository = {
  /** Sets (or replaces) what `userId` thinks of `targetUserId`. */
  async set(db: DbOrTx, userId: number, targetUserId: number, kind: RelationKind) {
    await db
      .insert(userRelations)
      .values({ userId, targetUserId, kind })
      .onConflictDoUpdate({ target: [userRelations.userId, userRelations.targetUserId], set: { kind } });
  },

  async remove(db: DbOrTx, userId: number, targetUserId: number) {
    await db
      .delete(userRelations)
      .where(and(eq(userRelations.userId, userId), eq(userRelations.targetUserId, targetUserId)));
  },

  async kindOf(db: DbOrTx, userId: number, targetUserId: number): Promise<RelationKind | undefined> {
    const [row] = await db
      .select({ kind: userRelations.kind })
      .from(userRelations)
      .where(and(eq(userRelations.userId, userId), eq(userRelations.targetUserId, targetUserId)));
    return row?.kind;
  },
};
