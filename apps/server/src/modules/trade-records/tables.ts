import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tradeRecordKinds } from '@app/contract';
import { trades } from '../trades/tables.js';

const kindList = sql.raw(tradeRecordKinds.map((k) => `'${k}'`).join(', '));

/**
 * The trades' hash chains (packages/contract/src/trade-record.ts; decision "tamper-evident trade
 * record"). Append-only: one row per event, `seq` 1, 2, ... per trade under a per-trade advisory lock.
 * `payload` is the canonical JSON that was hashed and `at` the exact ISO text that was hashed, so the
 * hash can be recomputed byte for byte. `message_id` names the chat message the entry was made from;
 * no foreign key on purpose: a deleted message must leave its entry behind, which is what
 * `trades:check` reports.
 */
export const tradeRecordEntries = pgTable(
  'trade_record_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id),
    seq: integer('seq').notNull(),
    kind: text('kind', { enum: tradeRecordKinds }).notNull(),
    messageId: bigint('message_id', { mode: 'number' }),
    at: text('at').notNull(),
    payload: text('payload').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trade_record_entries_trade_seq_key').on(t.tradeId, t.seq),
    // One entry per chat message, ever: a second append of the same message fails.
    uniqueIndex('trade_record_entries_message_key')
      .on(t.messageId)
      .where(sql`${t.messageId} IS NOT NULL`),
    check('trade_record_entries_kind_check', sql`${t.kind} IN (${kindList})`),
    check('trade_record_entries_seq_check', sql`${t.seq} >= 1`),
  ],
);
