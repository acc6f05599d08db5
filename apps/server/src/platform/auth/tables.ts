import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
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

/**
 * One-time codes sent to a user (one-time-codes.ts): e-mail verification, phone verification and the
 * two-factor step-up codes. Only a hash of the code is stored; a code is used once, expires, and dies
 * after a few wrong tries. Issuing a new code for a purpose retires the earlier ones.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    /** Where it was sent (an address or a phone number): a code proves that target, not another. */
    target: text('target').notNull(),
    channel: text('channel').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the code was used or retired by a newer one. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('one_time_codes_user_purpose_idx').on(t.userId, t.purpose, t.id),
    check('one_time_codes_channel_check', sql`${t.channel} IN ('email', 'sms', 'voice')`),
  ],
);
