import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../db/schema.js';

/**
 * Browsers a user has logged in from (the login throttle's "known devices", decision 0001). The cookie
 * holds 256 random bits; only their SHA-256 is stored. One browser may be known to several accounts
 * (a shared computer), hence the pair key.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tokenHash, t.userId] }),
    index('known_devices_user_id_idx').on(t.userId),
    index('known_devices_last_login_at_idx').on(t.lastLoginAt),
  ],
);
