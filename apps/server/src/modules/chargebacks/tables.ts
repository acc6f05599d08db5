import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/db/schema.js';
import { trades } from '../trades/tables.js';

/** The spec's chargeback statuses, as sent. */
export const CHARGEBACK_STATUSES = ['Pending', 'Dismissed', 'Confirmed'] as const;

/**
 * Chargeback reports (`POST /rest/v1/user-reports/chargeback`): a seller says the buyer reversed the fiat
 * payment of a completed trade (`id_hashed` is the trade hash). Staff dismiss or confirm it in the console;
 * a confirmed one marks the buyer's account. One report per trade and reporter.
 */
export const chargebackReports = pgTable(
  'chargeback_reports',
  {
    id: serial('id').primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id),
    /** The party the report is against (the trade's buyer), copied so the queue needs no join. */
    accusedId: integer('accused_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: CHARGEBACK_STATUSES }).notNull().default('Pending'),
    /** The reporter's values as validated (date of the reversal, amount, description...). */
    details: jsonb('details')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
  },
  (t) => [
    uniqueIndex('chargeback_reports_trade_reporter_key').on(t.tradeId, t.reporterId),
    index('chargeback_reports_status_idx').on(t.status, t.createdAt, t.id),
    index('chargeback_reports_accused_idx').on(t.accusedId),
    check('chargeback_reports_status_check', sql`${t.status} IN ('Pending', 'Dismissed', 'Confirmed')`),
  ],
);

export type ChargebackReportRow = typeof chargebackReports.$inferSelect;
