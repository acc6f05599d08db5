import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/db/schema.js';

export const RELATION_KINDS = ['trusted', 'blocked'] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

/**
 * What one user thinks of another: trusted (sees my trusted-only offers, listed first) or blocked
 * (offers hidden in both directions). One row per ordered pair; the contacts issue adds the routes.
 */
export const userRelations = pgTable(
  'user_relations',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetUserId: integer('target_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: RELATION_KINDS }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.targetUserId] }),
    index('user_relations_target_idx').on(t.targetUserId, t.kind),
    check('user_relations_kind_check', sql`${t.kind} IN ('trusted', 'blocked')`),
    check('user_relations_not_self_check', sql`${t.userId} <> ${t.targetUserId}`),
  ],
);
