import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, asc, desc, eq, inArray, notExists, sql } from 'drizzle-orm';
import {
  canonicalJson,
  GENESIS_HASH,
  tradeRecordHashText,
  TRADE_RECORD_FORMAT,
  tradeRecordPayloadSchemas,
  type TradeRecord,
  type TradeRecordEntry,
  type TradeRecordHashInput,
  type TradeRecordKind,
  type TradeRecordPayload,
  type TradeStatus,
} from '@app/contract';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.js';
import { pgTextArray } from '../../platform/db/arrays.js';
import { preparedSql } from '../../platform/db/prepared.js';
import { users } from '../../platform/db/schema.js';
import { tradeAttachments } from '../attachments/tables.js';
import { chainLockOf, type ChainLock, type MessagesToWrite, type WrittenMessage } from '../trades/index.js';
import { tradeMessages, trades } from '../trades/tables.js';
import { tradeRecordEntries } from './tables.js';

/** What the record needs of the file store: the bytes of an attachment (the attachments module's store). */
export type AttachmentBytes = { open(key: string): Promise<{ stream: Readable } | null> };

type TradeRow = typeof trades.$inferSelect;
type EntryRow = typeof tradeRecordEntries.$inferSelect;
type SourceMessage = typeof tradeMessages.$inferSelect & {
  authorUsername: string | null;
  attachment: { id: number; originalName: string; mime: string; size: number; storageKey: string } | null;
};

/** An event to chain: the payload of its kind, when it happened, the chat message it came from. */
export type NewTradeRecordEntry = {
  [K in TradeRecordKind]: {
    kind: K;
    at: Date | string;
    payload: TradeRecordPayload<K>;
    messageId?: number | null;
  };
}[TradeRecordKind];

/** Serialises appends to the trade's chain until the caller's transaction ends. */
export async function lockTradeRecord(tx: Tx, tradeId: number): Promise<void> {
  await lockChains(tx, [tradeId], 0);
}

/**
 * An entry's hash as the contract's `hashEntry` computes it (the same text, SHA-256, lowercase hex), but
 * through node:crypto at once instead of WebCrypto's promise, which hands each digest to the thread pool
 * and back: on the chat's hot path that round trip cost more than the hashing.
 */
export const hashEntrySync = (input: TradeRecordHashInput): string =>
  createHash('sha256').update(tradeRecordHashText(input)).digest('hex');

/**
 * Messages and their record entries in one statement built once (platform/db/prepared.ts): both travel
 * as arrays (`unnest ... WITH ORDINALITY`), so one statement serves one message or a chat batch, and a
 * message never exists without its entry nor an entry without its message. The messages come with their
 * ids and time (`ChainLock`), which their entries' hashes cover. With no entries it writes the messages
 * alone (the general path chains them afterwards).
 */
const insertMessagesWithEntriesStatement = preparedSql<never>(
  'trade_record_insert_messages_entries',
  sql`WITH messages AS (
      INSERT INTO trade_messages (id, trade_id, author_id, kind, text, system_event, system_status,
        attachment_id, created_at)
      SELECT m.id, m.trade_id, m.author_id, m.kind, m.text, m.system_event, m.system_status, m.attachment_id,
        ${sql.placeholder('at')}::timestamptz
      FROM unnest(${sql.placeholder('messageIds')}::bigint[], ${sql.placeholder('messageTradeIds')}::int[],
        ${sql.placeholder('authorIds')}::int[], ${sql.placeholder('messageKinds')}::text[],
        ${sql.placeholder('texts')}::text[], ${sql.placeholder('systemEvents')}::text[],
        ${sql.placeholder('systemStatuses')}::text[], ${sql.placeholder('attachmentIds')}::bigint[])
        AS m(id, trade_id, author_id, kind, text, system_event, system_status, attachment_id))
    INSERT INTO trade_record_entries (trade_id, seq, kind, message_id, at, payload, prev_hash, hash)
    SELECT e.trade_id, e.seq, e.kind, e.message_id, e.at, e.payload, e.prev_hash, e.hash
    FROM unnest(${sql.placeholder('tradeIds')}::int[], ${sql.placeholder('seqs')}::int[],
      ${sql.placeholder('kinds')}::text[], ${sql.placeholder('entryMessageIds')}::bigint[],
      ${sql.placeholder('ats')}::text[], ${sql.placeholder('payloads')}::text[],
      ${sql.placeholder('prevHashes')}::text[], ${sql.placeholder('hashes')}::text[])
      WITH ORDINALITY AS e(trade_id, seq, kind, message_id, at, payload, prev_hash, hash, n)
    ORDER BY e.n`,
);

const intArray = (values: readonly (number | null)[]) =>
  `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;

async function insertMessagesWithEntries(
  tx: Tx,
  messages: readonly WrittenMessage[],
  at: Date,
  entries: readonly (typeof tradeRecordEntries.$inferInsert)[],
): Promise<void> {
  await insertMessagesWithEntriesStatement(tx).execute({
    at: at.toISOString(),
    messageIds: intArray(messages.map((m) => m.id)),
    messageTradeIds: intArray(messages.map((m) => m.tradeId)),
    authorIds: intArray(messages.map((m) => m.authorId)),
    messageKinds: pgTextArray(messages.map((m) => m.kind)),
    texts: pgTextArray(messages.map((m) => m.text)),
    systemEvents: pgTextArray(messages.map((m) => m.systemEvent)),
    systemStatuses: pgTextArray(messages.map((m) => m.systemStatus)),
    attachmentIds: intArray(messages.map((m) => m.attachmentId)),
    tradeIds: intArray(entries.map((e) => e.tradeId)),
    seqs: intArray(entries.map((e) => e.seq)),
    kinds: pgTextArray(entries.map((e) => e.kind)),
    entryMessageIds: intArray(entries.map((e) => e.messageId ?? null)),
    ats: pgTextArray(entries.map((e) => e.at)),
    payloads: pgTextArray(entries.map((e) => e.payload)),
    prevHashes: pgTextArray(entries.map((e) => e.prevHash)),
    hashes: pgTextArray(entries.map((e) => e.hash)),
  });
}

/**
 * Locks the trades' chains until the transaction ends and draws `messageCount` message ids under the
 * locks (`trade_record_lock_chains`, migration 0027: locks in id order, so two writers cannot deadlock;
 * heads read after the locks were granted). The one place the lock is taken.
 */
async function lockChains(tx: Tx, tradeIds: readonly number[], messageCount: number): Promise<ChainLock> {
  const { rows } = (await tx.execute(
    sql`SELECT trade_record_lock_chains(${`{${tradeIds.join(',')}}`}::int[], ${messageCount}::int) AS chains`,
  )) as unknown as { rows: { chains: Parameters<typeof chainLockOf>[0] }[] };
  const row = rows[0];
  if (!row) throw new Error('trade record: the chain lock answered no row');
  return chainLockOf(row.chains);
}

/** A trade's first message, which opens its chain. */
const opensChain = (item: MessagesToWrite): boolean =>
  item.messages.length === 1 && item.messages[0]?.systemEvent === 'trade_started';

/**
 * Appends one entry to the trade's chain inside the caller's transaction: takes the per-trade lock,
 * reads the last entry, computes the hash over the canonical payload and writes the row. Throws on a
 * payload that does not fit its kind (a programming error, never user input).
 */
export async function appendTradeRecordEntry(
  tx: Tx,
  tradeId: number,
  entry: NewTradeRecordEntry,
): Promise<TradeRecordEntry> {
  await lockTradeRecord(tx, tradeId);
  const [trade] = await tx.select({ hash: trades.hash }).from(trades).where(eq(trades.id, tradeId));
  if (!trade) throw new Error(`trade record: no trade ${tradeId}`);
  const [last] = await tx
    .select({ seq: tradeRecordEntries.seq, hash: tradeRecordEntries.hash })
    .from(tradeRecordEntries)
    .where(eq(tradeRecordEntries.tradeId, tradeId))
    .orderBy(desc(tradeRecordEntries.seq))
    .limit(1);
  const payload = tradeRecordPayloadSchemas[entry.kind].parse(entry.payload);
  const seq = (last?.seq ?? 0) + 1;
  const prevHash = last?.hash ?? GENESIS_HASH;
  const at = typeof entry.at === 'string' ? entry.at : entry.at.toISOString();
  const hash = hashEntrySync({ trade: trade.hash, seq, at, kind: entry.kind, payload, prevHash });
  await tx.insert(tradeRecordEntries).values({
    tradeId,
    seq,
    kind: entry.kind,
    messageId: entry.messageId ?? null,
    at,
    payload: canonicalJson(payload),
    prevHash,
    hash,
  });
  return { seq, at, kind: entry.kind, payload, prevHash, hash } as TradeRecordEntry;
}

// --- the source rows -----------------------------------------------------------------------------------

async function tradeById(db: DbOrTx, tradeId: number): Promise<TradeRow | undefined> {
  const [row] = await db.select().from(trades).where(eq(trades.id, tradeId));
  return row;
}

/** The trade's chat messages (all, or only those no entry names yet) with author and attachment. */
async function messagesOf(db: DbOrTx, tradeId: number, only: 'all' | 'unchained'): Promise<SourceMessage[]> {
  const chained = db
    .select({ one: sql`1` })
    .from(tradeRecordEntries)
    .where(eq(tradeRecordEntries.messageId, tradeMessages.id));
  const rows = await db
    .select({
      message: tradeMessages,
      authorUsername: users.username,
      attachment: {
        id: tradeAttachments.id,
        originalName: tradeAttachments.originalName,
        mime: tradeAttachments.mime,
        size: tradeAttachments.size,
        storageKey: tradeAttachments.storageKey,
      },
    })
    .from(tradeMessages)
    .leftJoin(users, eq(users.id, tradeMessages.authorId))
    .leftJoin(tradeAttachments, eq(tradeAttachments.id, tradeMessages.attachmentId))
    .where(
      only === 'all'
        ? eq(tradeMessages.tradeId, tradeId)
        : and(eq(tradeMessages.tradeId, tradeId), notExists(chained)),
    )
    .orderBy(asc(tradeMessages.id));
  return rows.map((r) => ({ ...r.message, authorUsername: r.authorUsername, attachment: r.attachment }));
}

async function partiesOf(db: DbOrTx, trade: TradeRow) {
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, [trade.buyerId, trade.sellerId]));
  const name = (id: number) => rows.find((r) => r.id === id)?.username ?? `#${id}`;
  return { buyer: name(trade.buyerId), seller: name(trade.sellerId) };
}

/** SHA-256 of a stored file, or null when it is gone. Reads the disk: call it outside transactions. */
export async function digestOfStoredFile(store: AttachmentBytes, key: string): Promise<string | null> {
  const file = await store.open(key).catch(() => null);
  if (!file) return null;
  const hash = createHash('sha256');
  for await (const chunk of file.stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The digests of the trade's attachment files, by attachment id (outside any transaction). */
export async function attachmentDigestsOf(
  db: DbOrTx,
  tradeId: number,
  store: AttachmentBytes,
): Promise<Map<number, string | null>> {
  const rows = await db
    .select({ id: tradeAttachments.id, storageKey: tradeAttachments.storageKey })
    .from(tradeAttachments)
    .where(eq(tradeAttachments.tradeId, tradeId));
  const digests = new Map<number, string | null>();
  for (const row of rows) digests.set(row.id, await digestOfStoredFile(store, row.storageKey));
  return digests;
}

const STATUS_EVENTS = new Set(['status_changed', 'dispute_opened']);

/**
 * The entry a chat message becomes. The same function builds the entry when it is appended and the
 * expected entry when `trades:check` compares the chain with the database, so any difference in the
 * source rows shows as a different payload.
 */
export function entryOfMessage(
  trade: TradeRow,
  parties: { buyer: string; seller: string },
  message: SourceMessage,
  digests: ReadonlyMap<number, string | null>,
): NewTradeRecordEntry {
  const base = { at: message.createdAt, messageId: message.id };
  const author =
    message.authorId === null
      ? null
      : {
          username: message.authorUsername ?? `#${message.authorId}`,
          role:
            message.authorId === trade.buyerId
              ? ('buyer' as const)
              : message.authorId === trade.sellerId
                ? ('seller' as const)
                : ('moderator' as const),
        };
  const status = (message.systemStatus as TradeStatus | null) ?? null;
  if (message.kind === 'attachment') {
    const file = message.attachment;
    return {
      ...base,
      kind: 'attachment',
      payload: {
        messageId: message.id,
        attachmentId: file?.id ?? message.attachmentId ?? 0,
        author,
        name: file?.originalName ?? message.text,
        mime: file?.mime ?? '',
        size: file?.size ?? 0,
        sha256: file ? (digests.get(file.id) ?? null) : null,
      },
    };
  }
  if (message.kind === 'system' && message.systemEvent === 'trade_started') {
    return {
      ...base,
      kind: 'trade_opened',
      payload: {
        messageId: message.id,
        buyer: parties.buyer,
        seller: parties.seller,
        offerType: trade.offerType,
        cryptoCode: trade.cryptoCode,
        cryptoAmount: trade.cryptoAmount,
        escrowAmount: trade.escrowAmount,
        feeAmount: trade.feeAmount,
        fiatCurrencyCode: trade.fiatCurrencyCode,
        fiatAmount: trade.fiatAmount,
        fiatPrice: trade.fiatPrice,
        paymentMethod: trade.paymentMethodLabel,
        paymentWindowMinutes: trade.paymentWindow,
        status: status ?? 'active_funded',
        text: message.text,
      },
    };
  }
  if (message.kind === 'system' && status && STATUS_EVENTS.has(message.systemEvent ?? '')) {
    return {
      ...base,
      kind: 'status_changed',
      payload: { messageId: message.id, event: message.systemEvent ?? '', status, text: message.text },
    };
  }
  return {
    ...base,
    kind: 'message',
    payload: {
      messageId: message.id,
      kind: message.kind === 'system' ? 'system' : 'user',
      author,
      text: message.text,
      event: message.systemEvent,
      status,
    },
  };
}

export const CHAIN_STARTED_NOTE =
  'This trade existed before its record was kept. The entries after this one were chained from the database as it was at this time; they cannot be proven untampered before it.';

/**
 * The trades module's hook (passed in as `recordMessages`, decisions 0018 and 0020): writes the messages
 * its transaction adds, for one trade or many (a batch of chat messages), and chains them, from the rows
 * in hand. The chains are locked first (in id order, so batches cannot deadlock), their heads read and an
 * id drawn for each message under the locks (`trade_record_lock_chains`, migration 0027), so a trade's
 * message ids follow its chain and a reader that has seen a message never later finds an older one
 * appear. Knowing the ids and the time, it computes each entry and writes every message with its entry
 * in one statement. It never re-reads the trade, the messages or the parties.
 *
 * `lock`: the caller's statement already took the lock (a status change, a chat batch's read). `opens`:
 * the trades were created by this transaction and these are their `trade_started` messages; no other
 * transaction can see them before it commits, so there is nothing to lock or read: each chain starts at
 * the genesis hash, and `lock` carries only the ids and the time (the trade's insert drew them).
 *
 * A trade with no chain yet opens it with its `trade_started` message. One older than the record (no
 * chain, another message) and attachments (their file's metadata) take the general path: the messages
 * are written, then chained by `recordTradeMessages`, which reads what it needs. Give each trade once,
 * its messages oldest first.
 */
export async function recordLiveMessages(
  tx: Tx,
  batch: readonly MessagesToWrite[],
  options: { opens?: boolean; lock?: ChainLock } = {},
): Promise<WrittenMessage[][]> {
  const tradeIds = batch.map((item) => item.trade.id);
  if (new Set(tradeIds).size !== tradeIds.length) throw new Error('trade record: give each trade once');
  const count = batch.reduce((n, item) => n + item.messages.length, 0);
  if (options.opens && !options.lock) throw new Error('trade record: new trades need their message ids');
  const lock = options.lock ?? (await lockChains(tx, tradeIds, count));
  if (lock.messageIds.length < count) throw new Error('trade record: fewer message ids than messages');

  let next = 0;
  const written = batch.map((item) =>
    item.messages.map((message): WrittenMessage => ({
      ...message,
      id: lock.messageIds[next++]!,
      tradeId: item.trade.id,
      createdAt: lock.at,
    })),
  );
  const entries: (typeof tradeRecordEntries.$inferInsert)[] = [];
  const general: MessagesToWrite[] = [];
  for (const [i, item] of batch.entries()) {
    const { trade } = item;
    const rows = written[i]!;
    if (rows.length === 0) continue;
    const opens = opensChain(item);
    if (options.opens && !opens) {
      throw new Error(`trade record: trade ${trade.id} was given as new but is not opening`);
    }
    const head = options.opens ? undefined : lock.heads.get(trade.id);
    if ((!head && !opens) || rows.some((row) => row.kind === 'attachment')) {
      general.push(item);
      continue;
    }
    const parties = opens ? (item.parties ?? (await partiesOf(tx, trade))) : { buyer: '', seller: '' };
    let seq = head?.seq ?? 0;
    let prevHash = head?.hash ?? GENESIS_HASH;
    for (const message of rows) {
      const entry = entryOfMessage(trade, parties, { ...message, attachment: null }, new Map());
      const payload = tradeRecordPayloadSchemas[entry.kind].parse(entry.payload);
      const at = typeof entry.at === 'string' ? entry.at : entry.at.toISOString();
      seq += 1;
      const hash = hashEntrySync({ trade: trade.hash, seq, at, kind: entry.kind, payload, prevHash });
      entries.push({
        tradeId: trade.id,
        seq,
        kind: entry.kind,
        messageId: message.id,
        at,
        payload: canonicalJson(payload),
        prevHash,
        hash,
      });
      prevHash = hash;
    }
  }
  await insertMessagesWithEntries(tx, written.flat(), lock.at, entries);
  for (const item of general) {
    await recordTradeMessages(tx, item.trade.id, { live: true, digests: item.digests });
  }
  return written;
}

/**
 * Chains the trade's messages that no entry names yet, oldest first, inside the caller's transaction.
 * An empty chain starts with the trade's opening message when `live` (the creating transaction);
 * otherwise (a trade older than the record) with a `chain_started` entry that says what cannot be
 * proven. `digests`: attachment id -> SHA-256 of the bytes, known to the caller (the upload) or read
 * beforehand with `attachmentDigestsOf`. Returns how many entries it added.
 */
export async function recordTradeMessages(
  tx: Tx,
  tradeId: number,
  options: { live?: boolean; digests?: ReadonlyMap<number, string | null> } = {},
): Promise<number> {
  await lockTradeRecord(tx, tradeId);
  const trade = await tradeById(tx, tradeId);
  if (!trade) throw new Error(`trade record: no trade ${tradeId}`);
  const [last] = await tx
    .select({ seq: tradeRecordEntries.seq })
    .from(tradeRecordEntries)
    .where(eq(tradeRecordEntries.tradeId, tradeId))
    .orderBy(desc(tradeRecordEntries.seq))
    .limit(1);
  const pending = await messagesOf(tx, tradeId, 'unchained');
  let added = 0;
  if (!last) {
    const opensLive = options.live && pending.length === 1 && pending[0]?.systemEvent === 'trade_started';
    if (!opensLive) {
      await appendTradeRecordEntry(tx, tradeId, {
        kind: 'chain_started',
        at: new Date(),
        payload: { reason: 'backfill', note: CHAIN_STARTED_NOTE, statusAtStart: trade.status },
      });
      added += 1;
    }
  }
  if (pending.length === 0) return added;
  const parties = await partiesOf(tx, trade);
  for (const message of pending) {
    await appendTradeRecordEntry(
      tx,
      tradeId,
      entryOfMessage(trade, parties, message, options.digests ?? new Map()),
    );
    added += 1;
  }
  return added;
}

/**
 * A trade with no chain yet (older than the record) gets one now: its files' digests are read first,
 * then everything is chained in one transaction after a `chain_started` entry. Returns whether it did.
 */
export async function backfillTradeRecord(db: Db, tradeId: number, store: AttachmentBytes): Promise<boolean> {
  if (await hasEntries(db, tradeId)) return false;
  const digests = await attachmentDigestsOf(db, tradeId, store);
  // A concurrent backfill may win the lock first: recordTradeMessages then finds nothing left to chain.
  const added = await db.transaction((tx) => recordTradeMessages(tx, tradeId, { digests }));
  return added > 0;
}

async function hasEntries(db: DbOrTx, tradeId: number): Promise<boolean> {
  const [row] = await db
    .select({ seq: tradeRecordEntries.seq })
    .from(tradeRecordEntries)
    .where(eq(tradeRecordEntries.tradeId, tradeId))
    .limit(1);
  return row !== undefined;
}

export async function entriesOf(db: DbOrTx, tradeId: number): Promise<EntryRow[]> {
  return db
    .select()
    .from(tradeRecordEntries)
    .where(eq(tradeRecordEntries.tradeId, tradeId))
    .orderBy(asc(tradeRecordEntries.seq));
}

/** The record document as stored (entries parsed back from their canonical text). */
export function recordOf(tradeHash: string, rows: EntryRow[], generatedAt = new Date()): TradeRecord {
  const entries = rows.map(
    (row) =>
      ({
        seq: row.seq,
        at: row.at,
        kind: row.kind,
        payload: JSON.parse(row.payload) as unknown,
        prevHash: row.prevHash,
        hash: row.hash,
      }) as TradeRecordEntry,
  );
  return {
    format: TRADE_RECORD_FORMAT,
    algorithm: 'SHA-256',
    genesisHash: GENESIS_HASH,
    trade: tradeHash,
    generatedAt: generatedAt.toISOString(),
    headHash: entries.at(-1)?.hash ?? GENESIS_HASH,
    entries,
  };
}

/**
 * The record of a trade for `GET /rest/v1/trade/{id}/record` (access is the caller's job); null when
 * no trade has that hash. A trade without a chain is backfilled first (see `backfillTradeRecord`).
 */
export async function buildTradeRecord(
  db: Db,
  tradeHash: string,
  store: AttachmentBytes,
): Promise<TradeRecord | null> {
  const [trade] = await db
    .select({ id: trades.id, hash: trades.hash })
    .from(trades)
    .where(eq(trades.hash, tradeHash));
  if (!trade) return null;
  await backfillTradeRecord(db, trade.id, store);
  return recordOf(trade.hash, await entriesOf(db, trade.id));
}

export const sourceRows = { tradeById, messagesOf, partiesOf };
