import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountStates, userRoles } from '@app/contract';

/**
 * The database schema, one table per `pgTable`. drizzle-kit generates the SQL migrations in
 * `apps/server/migrations/` from this file; migrations are never edited after they land.
 */

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    externalId: uuid('external_id').notNull().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: userRoles }).notNull().default('user'),
    accountState: text('account_state', { enum: accountStates }).notNull().default('active'),
    /** The spec's account notice (0 balance problem, 1 account closed, 2 payment support); null: none. */
    accountNotice: smallint('account_notice'),
    locale: text('locale').notNull().default('en'),
    timezone: text('timezone').notNull().default('UTC'),
    countryIso: text('country_iso'),
    currencyCode: text('currency_code').notNull().default('USD'),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    isDemoAccount: boolean('is_demo_account').notNull().default(false),
    // Settings (decision 0029).
    bio: text('bio').notNull().default(''),
    notifyTradeMessagesInterval: smallint('notify_trade_messages_interval').notNull().default(10),
    fullNameVisibility: text('full_name_visibility').notNull().default('nobody'),
    fullNameDisplay: text('full_name_display').notNull().default('first_name_initial'),
    usernameChanged: boolean('username_changed').notNull().default(false),
    /** The avatar's key in the file store (`avatars/<random>`); null: none. */
    avatarKey: text('avatar_key'),
    /** Set when the owner closed the account: no login from then on (decision 0029). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The verified phone number, E.164 (decision 0030); one account per number. */
    phone: text('phone'),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    // Uniqueness is case-insensitive: "Alice" and "alice" are the same trader.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_external_id_key').on(t.externalId),
    uniqueIndex('users_phone_key').on(t.phone),
    check('users_role_check', sql`${t.role} IN ('user', 'moderator', 'supermod', 'admin')`),
    check(
      'users_account_state_check',
      sql`${t.accountState} IN ('active', 'banned', 'suspended', 'on_hold', 'frozen', 'restricted', 'compromised', 'compliance_hold')`,
    ),
    check('users_account_notice_check', sql`${t.accountNotice} IS NULL OR ${t.accountNotice} IN (0, 1, 2)`),
  ],
);

/**
 * Server-side sessions of logged-in users. The cookie holds a random token; only its SHA-256 is stored,
 * so a database leak does not hand out live sessions. Anonymous visitors have no row (their CSRF token is
 * a double-submit cookie); rows with a null user_id are left from before issue 10 and expire.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/**
 * Failed-login counters per key (`source:<account>|ip:<addr>`, `source:<account>|device:<hash>`,
 * `account:<account>`, `ip:<addr>`; `<account>` is `id:<user id>` or `login:<lowercased text>`), in
 * PostgreSQL so every server instance sees the same counts (platform/auth/login-throttle.ts).
 */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

/** One row per seed step that has run, so demo and reference data load exactly once. */
export const appliedSeeds = pgTable('applied_seeds', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
