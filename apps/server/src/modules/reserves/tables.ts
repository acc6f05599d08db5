import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/db/schema.js';

/**
 * Proof of reserves (decision 0060, docs/proof-of-reserves.md). A snapshot is written in two steps:
 * the liabilities side (balances read in one repeatable-read transaction, the trees built and stored:
 * `building`), then the reserves side (each CustodyView's holdings and signed messages naming the roots:
 * `published`). Only published snapshots are shown. Snapshots are kept: the history list.
 */
export const RESERVES_SNAPSHOT_STATES = ['building', 'published'] as const;

export const reservesSnapshots = pgTable(
  'reserves_snapshots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    state: text('state', { enum: RESERVES_SNAPSHOT_STATES }).notNull().default('building'),
    /** When the balances were read (the repeatable-read transaction's moment). */
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    /** The message every ownership proof signs: names the roots and the time. */
    message: text('message').notNull().default(''),
    /** What went wrong on the reserves side (a network that did not answer), shown with the snapshot. */
    problems: jsonb('problems').$type<string[]>().notNull().default([]),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    index('reserves_snapshots_published_idx')
      .on(t.id)
      .where(sql`${t.state} = 'published'`),
    check('reserves_snapshots_state_check', sql`${t.state} IN ('building', 'published')`),
    check(
      'reserves_snapshots_published_check',
      sql`(${t.state} = 'published') = (${t.publishedAt} IS NOT NULL)`,
    ),
  ],
);

/** One tree per coin per snapshot: its root, total (the root's sum) and size. */
export const reservesTrees = pgTable(
  'reserves_trees',
  {
    snapshotId: bigint('snapshot_id', { mode: 'number' })
      .notNull()
      .references(() => reservesSnapshots.id),
    cryptoCode: text('crypto_code').notNull(),
    /** Hex of the root's SHA-256. */
    rootHash: text('root_hash').notNull(),
    /** The root's sum: every user's liability in the coin, base units. */
    total: numeric('total', { precision: 78, scale: 0 }).notNull(),
    leafCount: integer('leaf_count').notNull(),
    /**
     * Users whose deficit is larger than everything else they hold (they owe the platform after a
     * reorganisation): shown in the tree with balance 0, their debt here, never netted against others.
     */
    owedCount: integer('owed_count').notNull().default(0),
    owed: numeric('owed', { precision: 78, scale: 0 }).notNull().default('0'),
    /**
     * What backs the coin: `chain` (a real network's CustodyView: addresses listed), `simulated` (the
     * demo chain: nothing on any chain, nothing proved) or `none` (no custody view covers the coin).
     */
    custody: text('custody', { enum: ['chain', 'simulated', 'none'] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotId, t.cryptoCode] }),
    check('reserves_trees_custody_check', sql`${t.custody} IN ('chain', 'simulated', 'none')`),
    check('reserves_trees_amounts_check', sql`${t.total} >= 0 AND ${t.owed} >= 0 AND ${t.leafCount} > 0`),
  ],
);

/** Each user's leaf: what they need to check their inclusion (salt, balance, position). */
export const reservesLeaves = pgTable(
  'reserves_leaves',
  {
    snapshotId: bigint('snapshot_id', { mode: 'number' })
      .notNull()
      .references(() => reservesSnapshots.id),
    cryptoCode: text('crypto_code').notNull(),
    /** Position in the tree's leaf level (leaves are ordered by hash). */
    idx: integer('idx').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The account identifier hashed into the leaf: the username at the time of the snapshot. */
    account: text('account').notNull(),
    /** 32 random bytes, hex. */
    salt: text('salt').notNull(),
    balance: numeric('balance', { precision: 78, scale: 0 }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotId, t.cryptoCode, t.idx] }),
    index('reserves_leaves_user_idx').on(t.userId, t.snapshotId),
    check('reserves_leaves_balance_check', sql`${t.balance} >= 0`),
  ],
);

/**
 * The tree's inner nodes (level 1 up to the root), so a user's path is one indexed read of about
 * log2(n) rows rather than a rebuild of the whole tree per request (decision 0060 has the figures).
 */
export const reservesNodes = pgTable(
  'reserves_nodes',
  {
    snapshotId: bigint('snapshot_id', { mode: 'number' })
      .notNull()
      .references(() => reservesSnapshots.id),
    cryptoCode: text('crypto_code').notNull(),
    level: integer('level').notNull(),
    idx: integer('idx').notNull(),
    hash: text('hash').notNull(),
    sum: numeric('sum', { precision: 78, scale: 0 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.cryptoCode, t.level, t.idx] })],
);

/**
 * The reserves side: each address a CustodyView reported, where it sits (hot, deposit, cold, sweeping),
 * its balance on chain when the snapshot was published, and the signed message proving control when the
 * server could sign for it (null: the operator proves it offline; the page says so).
 */
export const reservesAddresses = pgTable(
  'reserves_addresses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    snapshotId: bigint('snapshot_id', { mode: 'number' })
      .notNull()
      .references(() => reservesSnapshots.id),
    network: text('network').notNull(),
    cryptoCode: text('crypto_code').notNull(),
    place: text('place').notNull(),
    address: text('address').notNull(),
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    scheme: text('scheme'),
    message: text('message'),
    signature: text('signature'),
  },
  (t) => [
    index('reserves_addresses_snapshot_idx').on(t.snapshotId, t.cryptoCode),
    check('reserves_addresses_amount_check', sql`${t.amount} >= 0`),
  ],
);
