import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/db/schema.js';

/**
 * A trader's webhook (decision 0043): one URL per account, as the spec's settings page has one. The
 * signing secret is kept whole, since every delivery is signed with it (like a TOTP secret); `enabled`
 * is false until the URL passed the challenge, and again once deliveries failed for a whole day.
 */
export const webhooks = pgTable('webhooks', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  secret: text('secret').notNull(),
  enabled: boolean('enabled').notNull().default(false),
  /** Why it is disabled (`webhookErrorKeys`), null while enabled. */
  errorKey: text('error_key'),
  /** The ticked events (`webhookEventNames`). */
  events: text('events').array().notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every event queued for a webhook, and the outcome of its attempts: the durable queue (a restart
 * loses nothing; the worker claims due rows with `FOR UPDATE SKIP LOCKED`) and the owner's delivery
 * log. `event_key` names the happening (a trade's status at a moment, a message's id): with the unique
 * index, every instance that hears the same bus event queues it once between them.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventKey: text('event_key').notNull(),
    /** The `webhook-id` header: the same on every attempt and on "send again". */
    messageId: text('message_id').notNull(),
    event: text('event').notNull(),
    /** The body as sent, byte for byte (it is signed): `{type, payload, time}` in JSON. */
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull(),
    /** Every attempt, shown in the log. */
    attempts: integer('attempts').notNull().default(0),
    /** Failed attempts since it was (re)queued: the retry schedule's step ("send again" restarts it). */
    failures: integer('failures').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    latencyMs: integer('latency_ms'),
    responseExcerpt: text('response_excerpt'),
    errorKey: text('error_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_key_idx').on(t.webhookId, t.eventKey),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_log_idx').on(t.webhookId, t.id),
    check('webhook_deliveries_status_check', sql`${t.status} IN ('pending', 'delivered', 'failed')`),
  ],
);

export type WebhookRow = typeof webhooks.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
