import { asc, gt } from 'drizzle-orm';
import { canonicalJson, verifyTradeRecord, type TradeRecordEntry } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { trades } from '../trades/tables.js';
import {
  attachmentDigestsOf,
  backfillTradeRecord,
  entriesOf,
  entryOfMessage,
  recordOf,
  sourceRows,
  type AttachmentBytes,
} from './record.js';

export type TradeRecordProblem = { trade: string; seq: number | null; problem: string };
export type TradeRecordsReport = { trades: number; backfilled: number; problems: TradeRecordProblem[] };

const STATUS_KINDS = new Set(['chain_started', 'trade_opened', 'status_changed']);

/** The keys whose values differ between two payloads (top level), for a readable report. */
function differingKeys(recorded: Record<string, unknown>, now: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(recorded), ...Object.keys(now)]);
  return [...keys].filter((key) => canonicalJson(recorded[key] ?? null) !== canonicalJson(now[key] ?? null));
}

/** One trade: the chain on its own, then each entry against the rows it was made from. */
async function checkTrade(db: Db, trade: { id: number; hash: string }, store: AttachmentBytes) {
  const problems: TradeRecordProblem[] = [];
  const report = (seq: number | null, problem: string) => problems.push({ trade: trade.hash, seq, problem });
  const rows = await entriesOf(db, trade.id);
  const record = recordOf(trade.hash, rows);

  const chain = await verifyTradeRecord(record);
  if (!chain.ok) report(chain.seq, `the chain is broken: ${chain.reason}`);

  const row = await sourceRows.tradeById(db, trade.id);
  if (!row) return problems;
  const [messages, parties, digests] = await Promise.all([
    sourceRows.messagesOf(db, trade.id, 'all'),
    sourceRows.partiesOf(db, row),
    attachmentDigestsOf(db, trade.id, store),
  ]);
  const byId = new Map(messages.map((m) => [m.id, m]));
  const named = new Set<number>();
  let recordedStatus: string | null = null;
  for (const [index, entryRow] of rows.entries()) {
    const entry = record.entries[index] as TradeRecordEntry;
    if (STATUS_KINDS.has(entry.kind)) {
      const payload = entry.payload as { status?: string; statusAtStart?: string };
      recordedStatus = payload.status ?? payload.statusAtStart ?? recordedStatus;
    }
    if (entryRow.messageId === null) continue;
    named.add(entryRow.messageId);
    const message = byId.get(entryRow.messageId);
    if (!message) {
      report(entry.seq, `message ${entryRow.messageId} (${entry.kind}) was deleted from the database`);
      continue;
    }
    const expected = entryOfMessage(row, parties, message, digests);
    const recorded = entry.payload as Record<string, unknown>;
    const now = expected.payload as Record<string, unknown>;
    const at = typeof expected.at === 'string' ? expected.at : expected.at.toISOString();
    if (expected.kind !== entry.kind) {
      report(
        entry.seq,
        `message ${message.id} was recorded as ${entry.kind} but now reads as ${expected.kind}`,
      );
    } else if (canonicalJson(recorded) !== canonicalJson(now) || at !== entry.at) {
      const fields = differingKeys(recorded, now);
      if (at !== entry.at) fields.push('at');
      report(
        entry.seq,
        `message ${message.id} (${entry.kind}) differs from its record in: ${fields.join(', ')}`,
      );
    }
  }
  for (const message of messages) {
    if (!named.has(message.id)) report(null, `message ${message.id} (${message.kind}) is not in the record`);
  }
  if (recordedStatus !== null && recordedStatus !== row.status) {
    report(
      rows.at(-1)?.seq ?? null,
      `the trade's status is ${row.status} but its record's last status is ${recordedStatus}`,
    );
  }
  return problems;
}

/**
 * `npm run admin -- trades:check`: every trade's chain recomputed, and every entry compared with the
 * rows it was made from (message text, kind, author, system event and status; the attachment's name,
 * type, size and the SHA-256 of the stored bytes; the trade's terms and current status). Messages no
 * entry names are reported too. Trades without a chain (older than the record) are chained first:
 * the check cannot vouch for what happened to them before (their record says so).
 */
export async function checkTradeRecords(db: Db, store: AttachmentBytes): Promise<TradeRecordsReport> {
  const result: TradeRecordsReport = { trades: 0, backfilled: 0, problems: [] };
  let after = 0;
  for (;;) {
    const page = await db
      .select({ id: trades.id, hash: trades.hash })
      .from(trades)
      .where(gt(trades.id, after))
      .orderBy(asc(trades.id))
      .limit(200);
    for (const trade of page) {
      if (await backfillTradeRecord(db, trade.id, store)) result.backfilled += 1;
      result.problems.push(...(await checkTrade(db, trade, store)));
      result.trades += 1;
    }
    if (page.length < 200) return result;
    after = page.at(-1)?.id ?? after;
  }
}
