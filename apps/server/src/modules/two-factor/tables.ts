import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/db/schema.js';

/**
 * A user's two-factor authentication (decision 0028). `type` is set once enabled; `pending_secret` holds
 * an authenticator key between setup and the first code. `last_totp_step` is the newest 30-second step a
 * code was accepted for: a code is never accepted twice, nor an older one.
 */
export const userTwoFactor = pgTable(
  'user_two_factor',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['ga', 'email'] }),
    totpSecret: text('totp_secret'),
    pendingSecret: text('pending_secret'),
    enabledAt: timestamp('enabled_at', { withTimezone: true }),
    login: boolean('login').notNull().default(true),
    release: boolean('release').notNull().default(true),
    sendout: boolean('sendout').notNull().default(true),
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('user_two_factor_type_check', sql`${t.type} IS NULL OR ${t.type} IN ('ga', 'email')`)],
);

/** Recovery codes: shown once at enabling, only their hashes kept, each usable once. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId)],
);

/**
 * A login whose password was right and whose second step is due: the browser holds a random token in
 * a short cookie (only its hash here); five wrong codes or five minutes end it.
 */
export const pendingLogins = pgTable(
  'pending_logins',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('pending_logins_expires_idx').on(t.expiresAt)],
);
