import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../db/schema.js';

/**
 * Every mail and SMS the platform sends (decision 0025). The row is written in the transaction of what
 * caused it (a sign-up, a password reset), so a message exists exactly when its cause committed; the
 * worker delivers `pending` rows outside any transaction and retries with backoff. Without a transport
 * the row is `kept`: staff read it in the console's outbox, so a self-hoster needs no mail server.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['email', 'sms', 'voice'] }).notNull(),
    recipient: text('recipient').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Which template rendered it (`email_verification`, `password_reset`, ...). */
    template: text('template').notNull(),
    locale: text('locale').notNull(),
    subject: text('subject'),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'kept'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When a pending row is due (a claim pushes it forward, so a crashed worker's claim comes back). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_messages_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('outbox_messages_recipient_idx').on(sql`lower(${t.recipient})`, t.id),
    check('outbox_messages_channel_check', sql`${t.channel} IN ('email', 'sms', 'voice')`),
    check('outbox_messages_status_check', sql`${t.status} IN ('pending', 'sent', 'failed', 'kept')`),
  ],
);

export type OutboxMessageRow = typeof outboxMessages.$inferSelect;
