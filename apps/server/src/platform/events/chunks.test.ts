import { describe, expect, it } from 'vitest';
import { ChunkAssembler, decodeChunk, encodeChunks, MAX_CHUNK_BYTES, splitUtf8 } from './chunks.js';

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

describe('NOTIFY chunks', () => {
  it('keeps a small text in one chunk', () => {
    expect(splitUtf8('{"a":1}')).toEqual(['{"a":1}']);
    expect(splitUtf8('')).toEqual(['']);
  });

  it('splits on byte size without cutting a character, and joins back to the same text', () => {
    // 1-, 2-, 3- and 4-byte characters (the emoji is a surrogate pair in JavaScript).
    const text = 'aé€😀'.repeat(5_000);
    const parts = splitUtf8(text, 1_000);
    expect(parts.join('')).toBe(text);
    for (const part of parts) {
      expect(bytes(part)).toBeLessThanOrEqual(1_000);
      // A cut inside a surrogate pair would leave a lone surrogate, which re-encodes as U+FFFD.
      expect(Buffer.from(part, 'utf8').toString('utf8')).toBe(part);
    }
    expect(parts.length).toBe(Math.ceil(bytes(text) / 1_000));
  });

  it('encodes notifications under the 8000-byte NOTIFY limit and decodes them', () => {
    const text = JSON.stringify({ data: 'x|y'.repeat(10_000) });
    const payloads = encodeChunks('0d4f3c8e-8d5c-4b8e-9a36-6f2b0c1f7e11', 42, text);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(bytes(payload)).toBeLessThan(8_000);
    const decoded = payloads.map((p) => decodeChunk(p)!);
    expect(decoded.map((c) => c.index)).toEqual(payloads.map((_, i) => i));
    expect(decoded.every((c) => c.count === payloads.length && c.messageId === 42)).toBe(true);
    expect(decoded.map((c) => c.text).join('')).toBe(text);
    expect(MAX_CHUNK_BYTES).toBeLessThan(8_000);
  });

  it('ignores notifications that are not ours', () => {
    expect(decodeChunk('hello')).toBeNull();
    expect(decodeChunk('a|b|c|d|text')).toBeNull();
    expect(decodeChunk('o|1|3|2|text')).toBeNull();
    expect(decodeChunk('|1|0|1|text')).toBeNull();
  });

  it('assembles chunks arriving in any order, once', () => {
    const assembler = new ChunkAssembler();
    const payloads = encodeChunks('o', 1, 'é'.repeat(10_000)).map((p) => decodeChunk(p)!);
    const shuffled = [...payloads].reverse();
    const results = shuffled.map((chunk) => assembler.add(chunk));
    expect(results.slice(0, -1).every((r) => r === null)).toBe(true);
    expect(results.at(-1)).toBe('é'.repeat(10_000));
    expect(assembler.pendingCount).toBe(0);
    // A duplicate chunk does not complete a message twice.
    expect(assembler.add(payloads[0]!)).toBeNull();
  });

  it('forgets an incomplete message after its time to live', () => {
    let now = 0;
    const assembler = new ChunkAssembler(1_000, () => now);
    const [first] = encodeChunks('o', 1, 'x'.repeat(20_000)).map((p) => decodeChunk(p)!);
    assembler.add(first!);
    expect(assembler.pendingCount).toBe(1);
    now = 2_000;
    const [other] = encodeChunks('o', 2, 'y'.repeat(20_000)).map((p) => decodeChunk(p)!);
    assembler.add(other!);
    expect(assembler.pendingCount).toBe(1);
  });
});
