import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request counters for the rate limits (platform/rate-limit), one row per key (`<rule>:<subject>`, e.g.
 * `register:ip:203.0.113.7`, `chat:user:42`) and fixed window. Kept in PostgreSQL so every server
 * instance counts against the same numbers; housekeeping deletes rows whose window has ended.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_window_ends_at_idx').on(t.windowEndsAt)],
);
