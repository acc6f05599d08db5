import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/db/schema.js';

/**
 * The staff audit log: one row per moderator, supermod or admin action (who, as what role, did what to
 * what, when, why, from where, and the state before and after), written in the same transaction as the
 * action. Append-only: a trigger (migration 0014) raises on UPDATE, DELETE and TRUNCATE, so not even a
 * bug in the application can rewrite history. Decision 0019.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: the operator's command line or the system (no account behind the action). */
    actorId: integer('actor_id').references(() => users.id),
    /** The actor's role when they acted (roles change; the log keeps what it was). */
    actorRole: text('actor_role'),
    /** `<target type>.<verb>`, e.g. `user.ban`, `user.role_change`, `dispute.award`. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_at_idx').on(t.at),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
