import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/db/schema.js';
import { tradeDisputes, trades } from '../trades/tables.js';

/**
 * Appeals against a dispute decision (the `disputeAppeal` flag). One appeal per dispute, by the losing
 * party, inside the appeal window; a second moderator (never the one who decided) upholds or rejects it.
 * `appealed` is the spec's trade appeal status while it waits; `upheld` / `rejected` are the outcomes.
 * An upheld appeal reverses the award through the ledger: `reversed_units` is what moved back from the
 * first winner, `shortfall_units` what was missing (docs/decisions, dispute appeals).
 */
export const disputeAppeals = pgTable(
  'dispute_appeals',
  {
    id: serial('id').primaryKey(),
    disputeId: integer('dispute_id')
      .notNull()
      .references(() => tradeDisputes.id, { onDelete: 'cascade' }),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    appellantId: integer('appellant_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['appealed', 'upheld', 'rejected'] })
      .notNull()
      .default('appealed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    assignedTo: integer('assigned_to').references(() => users.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    reversedUnits: numeric('reversed_units', { precision: 78, scale: 0 }),
    shortfallUnits: numeric('shortfall_units', { precision: 78, scale: 0 }),
  },
  (t) => [
    uniqueIndex('dispute_appeals_dispute_key').on(t.disputeId),
    index('dispute_appeals_open_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'appealed'`),
    check('dispute_appeals_status_check', sql`${t.status} IN ('appealed', 'upheld', 'rejected')`),
    check('dispute_appeals_reason_length_check', sql`char_length(${t.reason}) BETWEEN 1 AND 2000`),
  ],
);

export type DisputeAppealRow = typeof disputeAppeals.$inferSelect;
