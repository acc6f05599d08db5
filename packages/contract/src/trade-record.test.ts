import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  GENESIS_HASH,
  hashEntry,
  TRADE_RECORD_FORMAT,
  tradeRecordHashText,
  verifyTradeRecord,
  type TradeRecord,
  type TradeRecordEntry,
} from './trade-record.js';

type Unhashed = Omit<TradeRecordEntry, 'seq' | 'prevHash' | 'hash'>;

const TRADE = 'Ab12Cd34Ef56Gh78';
const author = { username: 'alice', role: 'buyer' as const };

const events: Unhashed[] = [
  {
    at: '2025-01-01T10:00:00.000Z',
    kind: 'trade_opened',
    payload: {
      messageId: 1,
      buyer: 'alice',
      seller: 'bob',
      offerType: 'sell',
      cryptoCode: 'BTC',
      cryptoAmount: '15000',
      escrowAmount: '15000',
      feeAmount: '150',
      fiatCurrencyCode: 'USD',
      fiatAmount: '10.00',
      fiatPrice: '66000.00',
      paymentMethod: 'Bank transfer',
      paymentWindowMinutes: 60,
      status: 'active_funded',
      text: 'Trade started.',
    },
  },
  {
    at: '2025-01-01T10:01:00.000Z',
    kind: 'message',
    payload: { messageId: 2, kind: 'user', author, text: 'Hello 👋', event: null, status: null },
  },
  {
    at: '2025-01-01T10:02:00.000Z',
    kind: 'attachment',
    payload: {
      messageId: 3,
      attachmentId: 7,
      author,
      name: 'receipt.pdf',
      mime: 'application/pdf',
      size: 1234,
      sha256: 'a'.repeat(64),
    },
  },
  {
    at: '2025-01-01T10:03:00.000Z',
    kind: 'status_changed',
    payload: {
      messageId: 4,
      event: 'status_changed',
      status: 'paid',
      text: 'The buyer marked the payment as sent.',
    },
  },
];

/** A record chained the way the server does it. */
async function chain(list: Unhashed[] = events): Promise<TradeRecord> {
  const entries: TradeRecordEntry[] = [];
  let prevHash = GENESIS_HASH;
  for (const [index, event] of list.entries()) {
    const seq = index + 1;
    const hash = await hashEntry({ trade: TRADE, seq, prevHash, ...event });
    entries.push({ ...event, seq, prevHash, hash } as TradeRecordEntry);
    prevHash = hash;
  }
  return {
    format: TRADE_RECORD_FORMAT,
    algorithm: 'SHA-256',
    genesisHash: GENESIS_HASH,
    trade: TRADE,
    generatedAt: '2025-01-02T00:00:00.000Z',
    headHash: prevHash,
    entries,
  };
}

const clone = (record: TradeRecord): TradeRecord => structuredClone(record);

describe('canonicalJson', () => {
  it('should sort keys at every depth and leave no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: null, y: true }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[2,{"y":true,"z":null}]},"b":1}',
    );
  });

  it('should refuse values two implementations could spell differently', () => {
    expect(() => canonicalJson({ a: 1.5 })).toThrow(/safe integer/);
    expect(() => canonicalJson({ a: undefined })).toThrow(/undefined/);
    expect(() => canonicalJson({ a: new Date(0) })).toThrow(/cannot serialise/);
    expect(() => canonicalJson(10n)).toThrow(/cannot serialise/);
  });
});

describe('hashEntry', () => {
  it('should be the SHA-256 of the documented text (WebCrypto agrees with node:crypto)', async () => {
    const input = { trade: TRADE, seq: 1, prevHash: GENESIS_HASH, ...events[0]! };
    const text = tradeRecordHashText(input);
    expect(text.startsWith('{"at":"2025-01-01T10:00:00.000Z","kind":"trade_opened","payload":{')).toBe(true);
    expect(text.endsWith(`"prevHash":"${GENESIS_HASH}","seq":1,"trade":"${TRADE}","v":1}`)).toBe(true);
    expect(await hashEntry(input)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  });

  it('should start every chain from 64 zeros', () => {
    expect(GENESIS_HASH).toBe('0000000000000000000000000000000000000000000000000000000000000000');
  });
});

describe('verifyTradeRecord', () => {
  it('should accept an untouched chain, and one that went through JSON text', async () => {
    const record = await chain();
    expect(await verifyTradeRecord(record)).toEqual({ ok: true, entries: 4, headHash: record.headHash });
    expect((await verifyTradeRecord(JSON.parse(JSON.stringify(record)))).ok).toBe(true);
  });

  it('should accept an empty chain whose head is the genesis hash', async () => {
    expect((await verifyTradeRecord(await chain([]))).ok).toBe(true);
  });

  it.each([
    ['a chat text', (r: TradeRecord) => ((r.entries[1]!.payload as { text: string }).text = 'Hello'), 2],
    ['a time', (r: TradeRecord) => (r.entries[1]!.at = '2025-01-01T10:01:01.000Z'), 2],
    [
      'an attachment digest',
      (r: TradeRecord) => ((r.entries[2]!.payload as { sha256: string }).sha256 = 'b'.repeat(64)),
      3,
    ],
    ['a status', (r: TradeRecord) => ((r.entries[3]!.payload as { status: string }).status = 'released'), 4],
    [
      'an amount',
      (r: TradeRecord) => ((r.entries[0]!.payload as { fiatAmount: string }).fiatAmount = '1000.00'),
      1,
    ],
    ['the trade', (r: TradeRecord) => (r.trade = 'Zz12Cd34Ef56Gh78'), 1],
    ['a hash', (r: TradeRecord) => (r.entries[2]!.hash = 'c'.repeat(64)), 3],
    ['a prevHash', (r: TradeRecord) => (r.entries[1]!.prevHash = 'd'.repeat(64)), 2],
  ])('should fail at the right entry when %s is edited', async (_what, edit, seq) => {
    const record = clone(await chain());
    edit(record);
    const result = await verifyTradeRecord(record);
    expect(result).toMatchObject({ ok: false, seq });
  });

  it('should fail where an entry was deleted', async () => {
    const record = clone(await chain());
    record.entries.splice(1, 1);
    expect(await verifyTradeRecord(record)).toMatchObject({
      ok: false,
      seq: 2,
      reason: expect.stringMatching(/missing/),
    });
  });

  it('should fail when the last entry was deleted (the head no longer matches)', async () => {
    const record = clone(await chain());
    record.entries.pop();
    expect(await verifyTradeRecord(record)).toMatchObject({
      ok: false,
      seq: 3,
      reason: expect.stringMatching(/headHash/),
    });
  });

  it('should fail where entries were swapped', async () => {
    const record = clone(await chain());
    [record.entries[1], record.entries[2]] = [record.entries[2]!, record.entries[1]!];
    expect(await verifyTradeRecord(record)).toMatchObject({ ok: false, seq: 2 });
  });

  it('should fail where entries were swapped and renumbered', async () => {
    const record = clone(await chain());
    [record.entries[1], record.entries[2]] = [record.entries[2]!, record.entries[1]!];
    record.entries[1]!.seq = 2;
    record.entries[2]!.seq = 3;
    expect(await verifyTradeRecord(record)).toMatchObject({
      ok: false,
      seq: 2,
      reason: expect.stringMatching(/link/),
    });
  });

  it('should fail where a forged entry was inserted, even with a correct hash', async () => {
    const record = clone(await chain());
    const forged: Unhashed = {
      at: '2025-01-01T10:01:30.000Z',
      kind: 'message',
      payload: { messageId: 99, kind: 'user', author, text: 'I never said this', event: null, status: null },
    };
    const prevHash = record.entries[1]!.hash;
    const hash = await hashEntry({ trade: TRADE, seq: 3, prevHash, ...forged });
    record.entries.splice(2, 0, { ...forged, seq: 3, prevHash, hash } as TradeRecordEntry);
    expect(await verifyTradeRecord(record)).toMatchObject({ ok: false, seq: 4 });
  });

  it('should say what is wrong with a document that is not a record, never throw', async () => {
    expect(await verifyTradeRecord('nope')).toMatchObject({ ok: false, seq: null });
    expect(await verifyTradeRecord(null)).toMatchObject({ ok: false, seq: null });
    const record = clone(await chain());
    (record.entries[2] as { kind: string }).kind = 'nonsense';
    expect(await verifyTradeRecord(record)).toMatchObject({ ok: false, seq: 3 });
  });
});
