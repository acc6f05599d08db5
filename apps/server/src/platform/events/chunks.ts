/**
 * PostgreSQL's NOTIFY payload is limited to 8000 bytes. An event (a chat message with long text, a
 * trade with its profiles) can be larger, so the PostgreSQL transport splits its serialized form into
 * chunks and the listeners put them back together (docs/decisions/0011-realtime.md explains why chunks
 * rather than a table the listeners re-read).
 *
 * Wire form of one notification: `<origin>|<message id>|<index>|<count>|<text>`. The text is a raw slice
 * of the event's JSON (no second JSON layer, whose escaping would double the size of every quote).
 */

/** Room left under 8000 bytes for the header (a UUID and three short integers, about 60 bytes). */
export const MAX_CHUNK_BYTES = 7_800;

/**
 * Splits `text` into slices of at most `maxBytes` UTF-8 bytes, never inside a character: PostgreSQL
 * rejects a payload that is not valid in the database encoding, and half a character is not.
 */
export function splitUtf8(text: string, maxBytes = MAX_CHUNK_BYTES): string[] {
  if (maxBytes < 4) throw new Error('maxBytes must fit the widest UTF-8 character');
  const chunks: string[] = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < text.length;) {
    const code = text.codePointAt(i)!;
    const width = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    const units = code >= 0x10000 ? 2 : 1;
    if (bytes + width > maxBytes) {
      chunks.push(text.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += width;
    i += units;
  }
  chunks.push(text.slice(start));
  return chunks;
}

export type Chunk = { origin: string; messageId: number; index: number; count: number; text: string };

export function encodeChunks(origin: string, messageId: number, text: string): string[] {
  const parts = splitUtf8(text);
  return parts.map((part, index) => `${origin}|${messageId}|${index}|${parts.length}|${part}`);
}

/** Parses one notification; null when it is not ours (another program on the channel) or malformed. */
export function decodeChunk(payload: string): Chunk | null {
  const fields: string[] = [];
  let from = 0;
  for (let n = 0; n < 4; n += 1) {
    const bar = payload.indexOf('|', from);
    if (bar < 0) return null;
    fields.push(payload.slice(from, bar));
    from = bar + 1;
  }
  const [origin, messageId, index, count] = [
    fields[0]!,
    Number(fields[1]),
    Number(fields[2]),
    Number(fields[3]),
  ];
  if (!origin || ![messageId, index, count].every(Number.isSafeInteger) || count < 1 || index < 0) {
    return null;
  }
  if (index >= count) return null;
  return { origin, messageId, index, count, text: payload.slice(from) };
}

/**
 * Collects chunks until a message is whole. The chunks of one message are sent in one statement, so
 * PostgreSQL delivers them together; a message stays incomplete only when the listening connection
 * dropped in the middle, and such leftovers are forgotten after `ttlMs`.
 */
export class ChunkAssembler {
  private pending = new Map<string, { parts: (string | undefined)[]; received: number; expiresAt: number }>();

  constructor(
    private readonly ttlMs = 30_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Returns the whole text once the last missing chunk arrives, else null. */
  add(chunk: Chunk): string | null {
    if (chunk.count === 1) return chunk.text;
    this.sweep();
    const key = `${chunk.origin}|${chunk.messageId}`;
    let entry = this.pending.get(key);
    if (!entry) {
      entry = { parts: new Array(chunk.count), received: 0, expiresAt: this.now() + this.ttlMs };
      this.pending.set(key, entry);
    }
    if (entry.parts.length !== chunk.count || entry.parts[chunk.index] !== undefined) return null;
    entry.parts[chunk.index] = chunk.text;
    entry.received += 1;
    if (entry.received < chunk.count) return null;
    this.pending.delete(key);
    return entry.parts.join('');
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  private sweep() {
    const at = this.now();
    for (const [key, entry] of this.pending) if (entry.expiresAt <= at) this.pending.delete(key);
  }
}
