import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { corporateNameDisplays } from '@app/contract';
import { users } from '../../platform/db/schema.js';

/**
 * Corporate accounts (decision 0040): a trader account converted into a company's. The row exists while
 * the account is a company's; its application's status is its company verification's (kyc-requests), so
 * it is never stored twice. Converting back to personal deletes the row.
 */
export const corporateAccounts = pgTable(
  'corporate_accounts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    legalName: text('legal_name').notNull(),
    businessName: text('business_name').notNull().default(''),
    registrationNumber: text('registration_number').notNull(),
    countryIso3: text('country_iso3').notNull(),
    /** Which name the company shows beside its username: `legal_entity` or `business_name`. */
    nameDisplay: text('name_display', { enum: corporateNameDisplays }).notNull().default('legal_entity'),
    /** The owner put the company verification off until then: its reminder is hidden. */
    postponedUntil: timestamp('postponed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'corporate_accounts_name_display_check',
      sql`${t.nameDisplay} IN ('legal_entity', 'business_name')`,
    ),
  ],
);
