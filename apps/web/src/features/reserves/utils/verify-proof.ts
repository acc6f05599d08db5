import type { ReservesInclusion } from '@app/contract';

/**
 * The in-page check of an inclusion proof, with the browser's Web Crypto: the same bytes as
 * scripts/verify-reserves-proof.mjs and docs/proof-of-reserves.md, so the page does not have to be
 * trusted more than the script.
 */
const MAX = (1n << 256n) - 1n;

function u256(value: bigint): Uint8Array {
  if (value < 0n || value > MAX) throw new Error('amount out of range');
  const hex = value.toString(16).padStart(64, '0');
  return hexBytes(hex);
}
function u32(n: number): Uint8Array {
  return new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
}
function hexBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}
const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

async function sha256(...parts: Uint8Array[]): Promise<Uint8Array> {
  const length = parts.reduce((n, p) => n + p.length, 0);
  const data = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    data.set(part, at);
    at += part.length;
  }
  return new Uint8Array(await crypto.subtle.digest('SHA-256', data));
}

type Node = { hash: Uint8Array; sum: bigint };
const parent = async (left: Node, right: Node): Promise<Node> => ({
  hash: await sha256(new Uint8Array([1]), left.hash, u256(left.sum), right.hash, u256(right.sum)),
  sum: left.sum + right.sum,
});

export type VerifyResult = { ok: true } | { ok: false; reason: 'leaf' | 'root' | 'total' | 'published' };

/** Folds the proof from its leaf to the top and compares with its root and with the published one. */
export async function verifyInclusion(
  proof: ReservesInclusion,
  published: { rootHash: string; liabilities: string } | undefined,
): Promise<VerifyResult> {
  const encoder = new TextEncoder();
  const account = encoder.encode(proof.account);
  const coin = encoder.encode(proof.cryptoCurrencyCode);
  const balance = BigInt(proof.balance);
  const leaf = await sha256(
    new Uint8Array([0]),
    hexBytes(proof.salt),
    u32(account.length),
    account,
    u32(coin.length),
    coin,
    u256(balance),
  );
  if (toHex(leaf) !== proof.leafHash) return { ok: false, reason: 'leaf' };
  let node: Node = { hash: leaf, sum: balance };
  for (const step of proof.path) {
    const sibling = { hash: hexBytes(step.hash), sum: BigInt(step.sum) };
    node = step.side === 'left' ? await parent(sibling, node) : await parent(node, sibling);
  }
  if (toHex(node.hash) !== proof.root.hash) return { ok: false, reason: 'root' };
  if (node.sum.toString() !== proof.root.sum) return { ok: false, reason: 'total' };
  if (!published || published.rootHash !== proof.root.hash || published.liabilities !== proof.root.sum) {
    return { ok: false, reason: 'published' };
  }
  return { ok: true };
}
