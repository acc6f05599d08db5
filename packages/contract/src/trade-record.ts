import { z } from 'zod';
import { tradeStatusSchema } from './trades.js';

/**
 * The tamper-evident trade record (issue 11; the decision record "tamper-evident trade record" in docs/decisions/).
 *
 * Every trade keeps a hash chain: one entry per event (the trade opened, each status change, each chat
 * message, each attachment with the SHA-256 of its bytes). Entry n carries the hash of entry n-1
 * (`prevHash`); entry 1 carries {@link GENESIS_HASH}. The hash of an entry is
 *
 *   hash = hex(SHA-256(UTF-8(canonicalJson({ v: 1, trade, seq, at, kind, payload, prevHash }))))
 *
 * where `trade` is the trade's public hash (so an entry cannot be moved to another trade) and
 * {@link canonicalJson} is the serialisation below. Anyone can check a downloaded record offline with
 * {@link verifyTradeRecord} (Node >= 20 or any browser: WebCrypto only), or with
 * `npm run admin -- trade:verify-record FILE`.
 *
 * What it proves: the copy is internally consistent, so an edit, deletion, insertion or reordering of an
 * entry shows. What it cannot prove alone: that nobody rebuilt the whole chain. Compare `headHash` with
 * another copy (the other party's, an earlier download) to catch that, or a cut-off tail.
 */

/** Version of the record format and of the hash input. */
export const TRADE_RECORD_FORMAT = 'p2p-trade-record/1' as const;
/** `prevHash` of the first entry: 64 zeros (SHA-256 size), a fixed and documented value. */
export const GENESIS_HASH = '0'.repeat(64);

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'a lowercase hex SHA-256');
const isoTime = z.iso.datetime({ offset: true });
const username = z.string();
const authorSchema = z.object({ username, role: z.enum(['buyer', 'seller', 'moderator']) }).nullable();

/**
 * Payloads, one shape per kind. Only strings, safe integers, booleans and null (no fractions: amounts are
 * decimal strings), so the canonical form is the same in every language.
 */
export const tradeRecordPayloadSchemas = {
  /**
   * The chain began after the trade: the entries that follow were chained from the database as it was
   * then and cannot be proven untampered before `at` (trades older than the record feature).
   */
  chain_started: z.object({
    reason: z.literal('backfill'),
    note: z.string(),
    statusAtStart: tradeStatusSchema,
  }),
  /** The trade's terms, fixed at the start, and its first chat line. */
  trade_opened: z.object({
    messageId: z.number().int(),
    buyer: username,
    seller: username,
    offerType: z.enum(['buy', 'sell']),
    cryptoCode: z.string(),
    cryptoAmount: z.string(),
    escrowAmount: z.string(),
    feeAmount: z.string(),
    fiatCurrencyCode: z.string(),
    fiatAmount: z.string(),
    fiatPrice: z.string(),
    paymentMethod: z.string(),
    paymentWindowMinutes: z.number().int(),
    status: tradeStatusSchema,
    text: z.string(),
  }),
  /** A status change (the state machine's system message). */
  status_changed: z.object({
    messageId: z.number().int(),
    event: z.string(),
    status: tradeStatusSchema,
    text: z.string(),
  }),
  /** A chat line: a party's or moderator's message, or another system message (event and status kept). */
  message: z.object({
    messageId: z.number().int(),
    kind: z.enum(['user', 'system']),
    author: authorSchema,
    text: z.string(),
    event: z.string().nullable(),
    status: tradeStatusSchema.nullable(),
  }),
  /** A file in the chat: its name and type as shown, and the SHA-256 of its bytes. */
  attachment: z.object({
    messageId: z.number().int(),
    attachmentId: z.number().int(),
    author: authorSchema,
    name: z.string(),
    mime: z.string(),
    size: z.number().int(),
    /** Null only when the file was already gone from storage when the chain was built (backfill). */
    sha256: sha256Hex.nullable(),
  }),
} as const;

export const tradeRecordKinds = [
  'chain_started',
  'trade_opened',
  'status_changed',
  'message',
  'attachment',
] as const;
export const tradeRecordKindSchema = z.enum(tradeRecordKinds);
export type TradeRecordKind = z.infer<typeof tradeRecordKindSchema>;
export type TradeRecordPayload<K extends TradeRecordKind = TradeRecordKind> = z.infer<
  (typeof tradeRecordPayloadSchemas)[K]
>;

const entryOf = <K extends TradeRecordKind>(kind: K) =>
  z.object({
    /** 1, 2, 3, ... without gaps. */
    seq: z.number().int().min(1),
    /** When the event happened (ISO 8601, UTC). */
    at: isoTime,
    kind: z.literal(kind),
    payload: tradeRecordPayloadSchemas[kind],
    prevHash: sha256Hex,
    hash: sha256Hex,
  });

export const tradeRecordEntrySchema = z.discriminatedUnion('kind', [
  entryOf('chain_started'),
  entryOf('trade_opened'),
  entryOf('status_changed'),
  entryOf('message'),
  entryOf('attachment'),
]);
export type TradeRecordEntry = z.infer<typeof tradeRecordEntrySchema>;

/** `GET /rest/v1/trade/{id}/record`: the whole chain and what it is about. */
export const tradeRecordSchema = z.object({
  format: z.literal(TRADE_RECORD_FORMAT),
  algorithm: z.literal('SHA-256'),
  genesisHash: z.literal(GENESIS_HASH),
  /** The trade's public hash; part of every entry's hash input. */
  trade: z.string(),
  /** When this copy was produced (not hashed). */
  generatedAt: isoTime,
  /** The last entry's hash: the chain's fingerprint, to compare between copies. */
  headHash: z.union([sha256Hex, z.literal(GENESIS_HASH)]),
  entries: z.array(tradeRecordEntrySchema),
});
export type TradeRecord = z.infer<typeof tradeRecordSchema>;

export const tradeRecordQuerySchema = z.object({
  /** `json` (default): the verifiable record; `pdf`: a human-readable rendering of it. */
  format: z.enum(['json', 'pdf']).default('json'),
});

/**
 * The canonical JSON of a value: keys of every object sorted by UTF-16 code units (JavaScript's default
 * sort), no whitespace, strings escaped as `JSON.stringify` does, arrays in their order. Values may be
 * objects, arrays, strings, booleans, null and safe integers; anything else (fractions, NaN, undefined,
 * bigint, Date) throws, so two implementations cannot disagree on a number's spelling. For this subset it
 * is the same text as RFC 8785 (JCS).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new TypeError(`canonicalJson: ${value} is not a safe integer`);
    return String(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined || fail(key))
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
  }
  throw new TypeError(`canonicalJson: cannot serialise a ${typeof value}`);
}

const fail = (key: string): never => {
  throw new TypeError(`canonicalJson: "${key}" is undefined`);
};

/** What an entry's hash covers (everything but the hash itself), for {@link hashEntry}. */
export type TradeRecordHashInput = {
  trade: string;
  seq: number;
  at: string;
  kind: TradeRecordKind;
  payload: unknown;
  prevHash: string;
};

/** The text that is hashed: canonical JSON of the entry's fields with the format version. */
export const tradeRecordHashText = (input: TradeRecordHashInput): string =>
  canonicalJson({
    v: 1,
    trade: input.trade,
    seq: input.seq,
    at: input.at,
    kind: input.kind,
    payload: input.payload,
    prevHash: input.prevHash,
  });

/** Lowercase hex SHA-256 of a UTF-8 string through WebCrypto (Node >= 20 and browsers). */
export async function sha256HexOf(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** An entry's hash (see the top of this file). */
export const hashEntry = (input: TradeRecordHashInput): Promise<string> =>
  sha256HexOf(tradeRecordHashText(input));

export type TradeRecordVerification =
  | { ok: true; entries: number; headHash: string }
  /** `seq`: the position where the chain breaks (null when the document is not a record at all). */
  | { ok: false; seq: number | null; reason: string };

/**
 * Verifies a record offline: its shape, then entry by entry the numbering (1, 2, ... without gaps), the
 * link to the previous hash, the recomputed hash, and finally `headHash`. Stops at the first break and
 * says where. Accepts unparsed JSON (`unknown`): a file from anywhere.
 */
export async function verifyTradeRecord(input: unknown): Promise<TradeRecordVerification> {
  const parsed = tradeRecordSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue?.path ?? [];
    const seq = at[0] === 'entries' && typeof at[1] === 'number' ? at[1] + 1 : null;
    return {
      ok: false,
      seq,
      reason: `not a valid trade record: ${at.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`,
    };
  }
  const record = parsed.data;
  let previous = GENESIS_HASH;
  for (const [index, entry] of record.entries.entries()) {
    const expected = index + 1;
    if (entry.seq !== expected) {
      return {
        ok: false,
        seq: expected,
        reason: `entry ${expected} is missing or out of order (found seq ${entry.seq} in its place)`,
      };
    }
    if (entry.prevHash !== previous) {
      return {
        ok: false,
        seq: expected,
        reason: `entry ${expected} does not link to the entry before it (prevHash differs)`,
      };
    }
    const hash = await hashEntry({ trade: record.trade, ...entry });
    if (hash !== entry.hash) {
      return {
        ok: false,
        seq: expected,
        reason: `entry ${expected} was changed (its hash does not match its content)`,
      };
    }
    previous = hash;
  }
  if (record.headHash !== previous) {
    return {
      ok: false,
      seq: record.entries.length,
      reason:
        'headHash is not the last entry’s hash: entries were removed from the end, or the head was edited',
    };
  }
  return { ok: true, entries: record.entries.length, headHash: previous };
}
