import { createHash } from 'node:crypto';

/**
 * A streaming reader of a raw Bitcoin/Litecoin block (`GET /block/:hash/raw`): for each transaction its
 * txid and its outputs' value and script, nothing else. The deposit scan runs it on every block against
 * up to ~100,000 watched addresses (issue 27's benchmark: 3,000 transactions under 1 s), so it walks the
 * bytes once, hashes each transaction's non-witness parts for the txid without copying, and leaves inputs
 * and witnesses unparsed. Full parsing (and signing) of transactions is `@scure/btc-signer`'s job.
 *
 * Litecoin blocks after MWEB activation can carry an extension block after the transactions; it holds no
 * transparent outputs, so the reader stops after the counted transactions.
 */

export type RawOutput = { index: number; value: bigint; script: Uint8Array };
export type RawTransaction = { txid: string; outputs: RawOutput[] };
export type RawBlock = { hash: string; prevHash: string; transactions: RawTransaction[] };

export class RawBlockError extends Error {}

const sha256d = (parts: Uint8Array[]) => {
  const inner = createHash('sha256');
  for (const part of parts) inner.update(part);
  return createHash('sha256').update(inner.digest()).digest();
};

/** Hex of a hash in the byte order explorers and nodes show (reversed). */
export const displayHash = (hash: Uint8Array) => Buffer.from(hash).reverse().toString('hex');

class Reader {
  offset = 0;
  private readonly view: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  need(n: number) {
    if (this.offset + n > this.bytes.length) {
      throw new RawBlockError('The block ends in the middle of a transaction.');
    }
  }
  skip(n: number) {
    this.need(n);
    this.offset += n;
  }
  u8() {
    this.need(1);
    return this.bytes[this.offset++]!;
  }
  u32() {
    this.need(4);
    const v = this.view.getUint32(this.offset, true);
    this.offset += 4;
    return v;
  }
  u64() {
    this.need(8);
    const v = this.view.getBigUint64(this.offset, true);
    this.offset += 8;
    return v;
  }
  varint(): number {
    const first = this.u8();
    if (first < 0xfd) return first;
    if (first === 0xfd) {
      this.need(2);
      const v = this.view.getUint16(this.offset, true);
      this.offset += 2;
      return v;
    }
    if (first === 0xfe) return this.u32();
    const big = this.u64();
    if (big > BigInt(this.bytes.length)) {
      throw new RawBlockError('A count in the block is larger than the block.');
    }
    return Number(big);
  }
  slice(n: number) {
    this.need(n);
    const out = this.bytes.subarray(this.offset, this.offset + n);
    this.offset += n;
    return out;
  }
}

/**
 * Reads one transaction at the reader's position: its txid (double SHA-256 of the serialization without
 * marker, flag and witnesses) and outputs.
 */
function readTransaction(r: Reader): RawTransaction {
  const start = r.offset;
  r.skip(4); // version
  let segwit = false;
  if (r.bytes[r.offset] === 0x00) {
    // BIP-144 marker and flag: the transaction carries witnesses.
    if (r.bytes[r.offset + 1] !== 0x01) throw new RawBlockError('Unknown transaction flag.');
    segwit = true;
    r.skip(2);
  }
  const bodyStart = r.offset;
  const inputs = r.varint();
  for (let i = 0; i < inputs; i += 1) {
    r.skip(36); // previous txid and index
    r.skip(r.varint()); // scriptSig
    r.skip(4); // sequence
  }
  const outputCount = r.varint();
  const outputs: RawOutput[] = new Array(outputCount);
  for (let i = 0; i < outputCount; i += 1) {
    const value = r.u64();
    const script = r.slice(r.varint());
    outputs[i] = { index: i, value, script };
  }
  const bodyEnd = r.offset;
  if (segwit) {
    for (let i = 0; i < inputs; i += 1) {
      const items = r.varint();
      for (let j = 0; j < items; j += 1) r.skip(r.varint());
    }
  }
  const lockStart = r.offset;
  r.skip(4);
  const hash = segwit
    ? sha256d([
        r.bytes.subarray(start, start + 4),
        r.bytes.subarray(bodyStart, bodyEnd),
        r.bytes.subarray(lockStart, lockStart + 4),
      ])
    : sha256d([r.bytes.subarray(start, r.offset)]);
  return { txid: displayHash(hash), outputs };
}

/** Parses a raw block: its hash (of the 80-byte header), previous hash and transactions. */
export function parseRawBlock(bytes: Uint8Array): RawBlock {
  if (bytes.length < 81) throw new RawBlockError('A block is at least an 80-byte header and a count.');
  const header = bytes.subarray(0, 80);
  const r = new Reader(bytes);
  r.skip(80);
  const count = r.varint();
  const transactions: RawTransaction[] = new Array(count);
  for (let i = 0; i < count; i += 1) transactions[i] = readTransaction(r);
  return {
    hash: displayHash(sha256d([header])),
    prevHash: displayHash(header.subarray(4, 36)),
    transactions,
  };
}

/** Parses one raw transaction (hex from `/tx/:txid/raw`). */
export function parseRawTransaction(bytes: Uint8Array): RawTransaction {
  const r = new Reader(bytes);
  const tx = readTransaction(r);
  if (r.offset !== bytes.length) throw new RawBlockError('Bytes left after the transaction.');
  return tx;
}
