import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Market rates. A row reads "one `base` is worth `rate` of `quote`": `BTC/USD 95000` or `USD/EUR 0.85`.
 * Crypto is quoted in USD and USD in every fiat currency; any crypto/fiat rate is the product of the two.
 * Rates are NUMERIC with 18 decimals (USD/XAU is about 0.00025; BTC in IRR has 13 integer digits).
 */

/** The live rate of every pair, with the anchor the simulated market walks around. */
export const currentRates = pgTable(
  'current_rates',
  {
    base: text('base').notNull(),
    quote: text('quote').notNull(),
    rate: numeric('rate', { precision: 38, scale: 18 }).notNull(),
    /** The walk's centre for the simulated market (the snapshot it started from). */
    anchor: numeric('anchor', { precision: 38, scale: 18 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.base, t.quote] }),
    check('current_rates_rate_positive', sql`${t.rate} > 0`),
  ],
);

/**
 * Closing rate per time bucket. Hourly buckets cover the last 30 days, daily buckets the last year (and
 * beyond, they are never pruned); a tick updates the bucket it falls in, so the chart's last point is live.
 */
export const rateHistory = pgTable(
  'rate_history',
  {
    base: text('base').notNull(),
    quote: text('quote').notNull(),
    granularity: text('granularity', { enum: ['hour', 'day'] }).notNull(),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    rate: numeric('rate', { precision: 38, scale: 18 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.base, t.quote, t.granularity, t.bucket] }),
    check('rate_history_granularity_check', sql`${t.granularity} IN ('hour', 'day')`),
    check('rate_history_rate_positive', sql`${t.rate} > 0`),
    index('rate_history_bucket_idx').on(t.granularity, t.bucket),
  ],
);

/**
 * One row: when the last tick ran and a version that every tick bumps. An instance claims a tick with a
 * conditional UPDATE on `last_tick_at`, so among several instances exactly one applies each tick; every
 * instance reloads its cache when it sees a new `version`.
 */
export const ratesState = pgTable(
  'rates_state',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    lastTickAt: timestamp('last_tick_at', { withTimezone: true }).notNull().defaultNow(),
    provider: text('provider').notNull().default('simulated'),
  },
  (t) => [check('rates_state_single_row', sql`${t.id} = 1`)],
);
