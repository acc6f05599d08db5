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

export const ACCOUNT_KINDS = ['available', 'escrow', 'bond', 'fees', 'world', 'outgoing'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The owner; null for platform accounts (fees, world, outgoing). */
    userId: integer('user_id').references(() => users.id),
    cryptoCode: text('crypto_code').notNull(),
    kind: text('kind', { enum: ACCOUNT_KINDS }).notNull(),
    /** The trade an escrow account belongs to; empty for every other kind. */
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
    check(
      'ledger_accounts_kind_check',
      sql`${t.kind} IN ('available', 'escrow', 'bond', 'fees', 'world', 'outgoing')`,
    ),
    // Only the outside world may go negative: its balance is minus what the platform holds in custody.
    check('ledger_accounts_balance_check', sql`${t.kind} = 'world' OR ${t.balance} >= 0`),
    check(
      'ledger_accounts_owner_check',
      sql`(${t.kind} IN ('available', 'escrow', 'bond')) = (${t.userId} IS NOT NULL)`,
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
  kind === 'available' || kind === 'escrow' || kind === 'bond';
