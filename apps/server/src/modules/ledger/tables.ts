import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/db/schema.js';

/**
 * The double-entry ledger (docs/decisions/0006-ledger.md). Amounts are NUMERIC(78,0) base units, read
 * as strings and turned into bigint; never a JS number. Entries and transactions are append-only
 * (triggers in migration 0002_ledger_guards) and every transaction's entries sum to zero per coin
 * (a deferred constraint trigger checks it at commit).
 */

/**
 * `deficit` (a user's, never above zero) is what the user owes after a chain reorganisation took away a
 * deposit they had already spent; `network_costs` (the platform's, never above zero) is what the operator
 * paid in chain fees beyond what send-outs were charged. Both are the only kinds besides `world` that go
 * below zero (decision 0055). `operator` (the platform's) is the operator's own coins put in custody, such
 * as the ETH a hot wallet spends on gas: on chain, owed to nobody, so reconciliation counts it (0060).
 */
export const ACCOUNT_KINDS = [
  'available',
  'escrow',
  'bond',
  'held',
  'deficit',
  'fees',
  'world',
  'outgoing',
  'network_costs',
  'operator',
] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The owner; null for platform accounts (fees, world, outgoing). */
    userId: integer('user_id').references(() => users.id),
    cryptoCode: text('crypto_code').notNull(),
    kind: text('kind', { enum: ACCOUNT_KINDS }).notNull(),
    /** The trade an escrow or held account belongs to; empty for every other kind. */
    reference: text('reference').notNull().default(''),
    /** Cached sum of the account's entries, updated in the same transaction as the entries. */
    balance: numeric('balance', { precision: 78, scale: 0 }).notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_identity_key').on(
      sql`coalesce(${t.userId}, 0)`,
      t.cryptoCode,
      t.kind,
      t.reference,
    ),
    index('ledger_accounts_user_idx').on(t.userId),
    // The console's accounts that owe after a reorganisation (few): the predicate and column are never
    // updated, so balance updates stay HOT; an index on `balance` would cost every ledger write.
    index('ledger_accounts_deficit_idx')
      .on(t.id)
      .where(sql`${t.kind} = 'deficit'`),
    check(
      'ledger_accounts_kind_check',
      sql`${t.kind} IN ('available', 'escrow', 'bond', 'held', 'deficit', 'fees', 'world', 'outgoing', 'network_costs', 'operator')`,
    ),
    // The outside world's balance is minus what the platform holds in custody; a user's deficit and the
    // operator's network costs only go down; every other account only holds what it was given.
    check(
      'ledger_accounts_balance_check',
      sql`CASE ${t.kind} WHEN 'world' THEN true WHEN 'deficit' THEN ${t.balance} <= 0 WHEN 'network_costs' THEN ${t.balance} <= 0 ELSE ${t.balance} >= 0 END`,
    ),
    check(
      'ledger_accounts_owner_check',
      sql`(${t.kind} IN ('available', 'escrow', 'bond', 'held', 'deficit')) = (${t.userId} IS NOT NULL)`,
    ),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    cryptoCode: text('crypto_code').notNull(),
    referenceType: text('reference_type').notNull(),
    referenceId: text('reference_id').notNull(),
    /** At most one transaction per key: the unique index, not application code, guarantees it. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** Hash of what was asked; the same key with a different request is refused. */
    requestHash: text('request_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_idempotency_key').on(t.idempotencyKey),
    index('ledger_transactions_reference_idx').on(t.referenceType, t.referenceId),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    cryptoCode: text('crypto_code').notNull(),
    /** Signed: negative debits the account, positive credits it. */
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    check('ledger_entries_nonzero_check', sql`${t.amount} <> 0`),
  ],
);

/** Whether a kind of account belongs to a user (as opposed to the platform). */
export const isUserAccountKind = (kind: AccountKind): boolean =>
  kind === 'available' || kind === 'escrow' || kind === 'bond' || kind === 'held' || kind === 'deficit';

/** Kinds whose balance may not rise above zero (what is owed), as the balance CHECK says (0055). */
export const isNonPositiveAccountKind = (kind: AccountKind): boolean =>
  kind === 'deficit' || kind === 'network_costs';

/** Kinds whose accounts are one per trade, named by the trade's hash (`reference`). */
export const isPerTradeAccountKind = (kind: AccountKind): boolean => kind === 'escrow' || kind === 'held';

/**
 * A hold's life (decision 0048): `held` until `release_at`, then `released` to the owner's available
 * balance; `contested` while a claim on it waits (a dispute appeal), which ends `released` or `reversed`
 * (paid out to others by the claim). Released and reversed are final.
 */
export const HOLD_STATES = ['held', 'contested', 'released', 'reversed'] as const;
export type HoldState = (typeof HOLD_STATES)[number];

/**
 * Money of a user kept out of reach until a date: a dispute award while it can still be appealed
 * (decision 0048). The money itself is the balance of the owner's `held` account with the same
 * reference (the trade hash); this row says until when, and what became of it. One hold per account.
 * States only move forward and settled rows never change (trigger `ledger_holds_guard`, migration award_holds).
 */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    cryptoCode: text('crypto_code').notNull(),
    /** The `held` account's reference: the trade whose award this is. */
    reference: text('reference').notNull(),
    /** What went into the hold, base units. */
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    /** When it becomes available, unless contested then (the appeal window's end). */
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull(),
    state: text('state', { enum: HOLD_STATES }).notNull().default('held'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it was released or reversed. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ledger_holds_account_key').on(t.userId, t.cryptoCode, t.reference),
    // The release job's queue: only holds waiting for their date.
    index('ledger_holds_due_idx')
      .on(t.releaseAt, t.id)
      .where(sql`${t.state} = 'held'`),
    // A user's open holds (the wallet's balances).
    index('ledger_holds_open_user_idx')
      .on(t.userId)
      .where(sql`${t.state} IN ('held', 'contested')`),
    index('ledger_holds_reference_idx').on(t.reference),
    check('ledger_holds_state_check', sql`${t.state} IN ('held', 'contested', 'released', 'reversed')`),
    check('ledger_holds_amount_check', sql`${t.amount} > 0`),
    check(
      'ledger_holds_settled_check',
      sql`(${t.state} IN ('released', 'reversed')) = (${t.settledAt} IS NOT NULL)`,
    ),
  ],
);
