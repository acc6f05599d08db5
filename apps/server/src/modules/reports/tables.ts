import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { OFFER_REPORT_MESSAGE_MAX, offerReportReasons } from '@app/contract';
import { users } from '../../platform/db/schema.js';
import { offers } from '../offers/tables.js';

const reasonList = sql.raw(offerReportReasons.map((r) => `'${r}'`).join(', '));

/**
 * Offer reports for the moderators (docs/decisions/0008-offers.md, "Web: offer page, report, profile").
 * One report per reporter and offer (the unique index answers a second one with 409 ALREADY_REPORTED);
 * the reason is one of the contract's `offerReportReasons`.
 */
export const offerReports = pgTable(
  'offer_reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: offerReportReasons }).notNull(),
    message: text('message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The moderators' queue: `open` until a moderator dismisses it or acts on the offer. */
    status: text('status', { enum: ['open', 'dismissed', 'actioned'] })
      .notNull()
      .default('open'),
    handledBy: integer('handled_by').references(() => users.id),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    /** What the moderator did and why (the audit log keeps the full record). */
    resolution: text('resolution'),
  },
  (t) => [
    uniqueIndex('offer_reports_reporter_offer_key').on(t.reporterId, t.offerId),
    // The daily rate limit counts a reporter's recent reports.
    index('offer_reports_reporter_created_idx').on(t.reporterId, t.createdAt),
    // Moderators read the reports of one offer.
    index('offer_reports_offer_idx').on(t.offerId),
    index('offer_reports_open_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'open'`),
    check('offer_reports_reason_check', sql`${t.reason} IN (${reasonList})`),
    check('offer_reports_status_check', sql`${t.status} IN ('open', 'dismissed', 'actioned')`),
    check(
      'offer_reports_message_length_check',
      sql`char_length(${t.message}) <= ${sql.raw(String(OFFER_REPORT_MESSAGE_MAX))}`,
    ),
  ],
);

export type OfferReportRow = typeof offerReports.$inferSelect;
