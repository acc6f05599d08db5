import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { attachmentKinds } from '@app/contract';
import { users } from '../../platform/db/schema.js';
import { tradeRequirements, trades } from '../trades/tables.js';

/**
 * Trade chat attachments (docs/decisions/0010-feedback-and-attachments.md). The bytes live in the file
 * store under `storage_key` (server-generated, never from the request); this row is what the server
 * knows about them, all of it read from the content itself. The serial id is what chat messages carry.
 */
export const tradeAttachments = pgTable(
  'trade_attachments',
  {
    id: serial('id').primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    uploaderId: integer('uploader_id')
      .notNull()
      .references(() => users.id),
    /** The trade-flow requirement this file answers (photo ID, receipt), or null for a chat attachment. */
    requirementId: integer('requirement_id').references(() => tradeRequirements.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: attachmentKinds }).notNull(),
    mime: text('mime').notNull(),
    /** Bytes as stored. */
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    pages: integer('pages'),
    /** The uploader's name for it, cleaned, with the extension of the real type. */
    originalName: text('original_name').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trade_attachments_storage_key_key').on(t.storageKey),
    // The per-party count and the trade's list.
    index('trade_attachments_trade_idx').on(t.tradeId, t.uploaderId),
    check('trade_attachments_kind_check', sql`${t.kind} IN ('image', 'pdf')`),
    check(
      'trade_attachments_mime_check',
      sql`${t.mime} IN ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')`,
    ),
    check('trade_attachments_size_check', sql`${t.size} > 0`),
    check(
      'trade_attachments_shape_check',
      sql`CASE ${t.kind} WHEN 'image' THEN ${t.width} > 0 AND ${t.height} > 0 AND ${t.pages} IS NULL
        ELSE ${t.pages} > 0 AND ${t.width} IS NULL AND ${t.height} IS NULL END`,
    ),
  ],
);
