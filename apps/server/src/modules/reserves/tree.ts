import { createHash } from 'node:crypto';

/**
 * The Merkle sum tree of proof of reserves (docs/proof-of-reserves.md, decision 0060). Written over
 * node:crypto only, so `scripts/verify-reserves-proof.mjs` and the page's Web Crypto check are the same
 * few lines. The encoding, byte for byte:
 *
 * - leaf hash = SHA-256( 0x00 || salt (32 bytes) || u32be(len(account)) || account (UTF-8)
 *                        || u32be(len(coin)) || coin (ASCII) || u256be(balance) )
 * - node hash = SHA-256( 0x01 || left hash (32) || u256be(left sum) || right hash (32) || u256be(right sum) )
 * - node sum  = left sum + right sum; a leaf's sum is its balance.
 * - Leaves are ordered by their hash (bytes, ascending): the order says nothing about who joined when.
 *   Each level pairs neighbours left to right; a last node without a partner moves up unchanged.
 * - The root is (hash, sum); the sum is the published total of the coin's liabilities.
 *
 * Balances are >= 0 and below 2^256: a sum tree with a negative leaf could hide another user's balance.
 */

export const MAX_AMOUNT = (1n << 256n) - 1n;
export const SALT_BYTES = 32;

export type LeafInput = { salt: Buffer; account: string; coin: string; balance: bigint };
export type Node = { hash: Buffer; sum: bigint };
/** One step up: the sibling's hash and sum, and on which side of the path it stands. */
export type PathStep = { side: 'left' | 'right'; hash: Buffer; sum: bigint };

export function u256(value: bigint): Buffer {
  if (value < 0n || value > MAX_AMOUNT) throw new RangeError(`amount out of range: ${value}`);
  return Buffer.from(value.toString(16).padStart(64, '0'), 'hex');
}

function u32(length: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(length);
  return out;
}

export function leafHash(leaf: LeafInput): Buffer {
  if (leaf.salt.length !== SALT_BYTES) throw new RangeError('salt must be 32 bytes');
  const account = Buffer.from(leaf.account, 'utf8');
  const coin = Buffer.from(leaf.coin, 'ascii');
  return createHash('sha256')
    .update(Buffer.from([0]))
    .update(leaf.salt)
    .update(u32(account.length))
    .update(account)
    .update(u32(coin.length))
    .update(coin)
    .update(u256(leaf.balance))
    .digest();
}

export function parent(left: Node, right: Node): Node {
  const sum = left.sum + right.sum;
  const hash = createHash('sha256')
    .update(Buffer.from([1]))
    .update(left.hash)
    .update(u256(left.sum))
    .update(right.hash)
    .update(u256(right.sum))
    .digest();
  if (sum > MAX_AMOUNT) throw new RangeError('sum out of range');
  return { hash, sum };
}

/** Every level of the tree, leaves first (already in their order), root last. Empty input: no levels. */
export function buildLevels(leaves: readonly Node[]): Node[][] {
  if (leaves.length === 0) return [];
  const levels: Node[][] = [leaves.slice()];
  while (levels.at(-1)!.length > 1) {
    const below = levels.at(-1)!;
    const above: Node[] = [];
    for (let i = 0; i < below.length; i += 2) {
      above.push(i + 1 < below.length ? parent(below[i]!, below[i + 1]!) : below[i]!);
    }
    levels.push(above);
  }
  return levels;
}

/** Sorts leaves by hash (the published order). */
export const byHash = (a: { hash: Buffer }, b: { hash: Buffer }) => Buffer.compare(a.hash, b.hash);

/**
 * The path of leaf `index` given a way to read any node (level, index): the stored tree or the levels in
 * memory. `widths` are the number of nodes per level.
 */
export function pathIndices(index: number, widths: readonly number[]) {
  const steps: { level: number; index: number; side: 'left' | 'right' }[] = [];
  let at = index;
  for (let level = 0; level < widths.length - 1; level++) {
    const sibling = at ^ 1;
    if (sibling < widths[level]!) {
      steps.push({ level, index: sibling, side: sibling < at ? 'left' : 'right' });
    }
    at >>= 1;
  }
  return steps;
}

/** Widths of each level for `count` leaves (the shape is fixed by the count alone). */
export function levelWidths(count: number): number[] {
  if (count === 0) return [];
  const widths = [count];
  while (widths.at(-1)! > 1) widths.push(Math.ceil(widths.at(-1)! / 2));
  return widths;
}

export function pathFromLevels(levels: readonly Node[][], index: number): PathStep[] {
  return pathIndices(
    index,
    levels.map((l) => l.length),
  ).map(({ level, index: i, side }) => ({
    side,
    hash: levels[level]![i]!.hash,
    sum: levels[level]![i]!.sum,
  }));
}

/** Folds a leaf up its path: the root it leads to (what the verifier compares with the published one). */
export function rootFromPath(leaf: Node, path: readonly PathStep[]): Node {
  let node = leaf;
  for (const step of path) {
    if (step.sum < 0n) throw new RangeError('negative sibling sum');
    const sibling = { hash: step.hash, sum: step.sum };
    node = step.side === 'left' ? parent(sibling, node) : parent(node, sibling);
  }
  return node;
}
