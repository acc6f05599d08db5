import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/db/schema.js';

/**
 * The trader's date of birth (decision 0054): one row, written once when the trader confirms it (18 or
 * older, checked by the service; the CHECK keeps typos of another century out even from a script).
 * Kept apart from `users`: it is personal data few reads need, and erasing it is deleting one row.
 */
export const userBirthDates = pgTable(
  'user_birth_dates',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('user_birth_dates_range_check', sql`${t.birthDate} >= DATE '1900-01-01'`)],
);
