#!/usr/bin/env node
// Checks a proof-of-reserves inclusion proof without trusting the server (docs/proof-of-reserves.md).
// No dependencies: Node's own crypto only. Usage:
//
//   node scripts/verify-reserves-proof.mjs my-proof.json                 # the path leads to the root in the file
//   node scripts/verify-reserves-proof.mjs my-proof.json --root <hex>    # ... and that root is the published one
//   node scripts/verify-reserves-proof.mjs my-proof.json --url https://market.example
//                                      # ... fetches the published roots of the proof's snapshot and compares
//
// my-proof.json is what GET /rest/v2/wallet/proof-of-reserves/me answers (or its `data`), or one proof of
// its `proofs`. Exit code 0: every proof verified; 1: one failed; 2: bad usage or unreadable input.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const MAX = (1n << 256n) - 1n;

function u256(value) {
  if (value < 0n || value > MAX) throw new Error(`amount out of range: ${value}`);
  return Buffer.from(value.toString(16).padStart(64, '0'), 'hex');
}
function u32(n) {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}
const units = (text, what) => {
  if (typeof text !== 'string' || !/^\d+$/.test(text)) throw new Error(`${what} is not a base-unit integer`);
  return BigInt(text);
};
const hash32 = (text, what) => {
  if (typeof text !== 'string' || !/^[0-9a-f]{64}$/.test(text))
    throw new Error(`${what} is not 32 bytes of hex`);
  return Buffer.from(text, 'hex');
};

/** SHA-256(0x00 || salt || u32be(len account) || account || u32be(len coin) || coin || u256be(balance)) */
export function leafHash(salt, account, coin, balance) {
  const a = Buffer.from(account, 'utf8');
  const c = Buffer.from(coin, 'ascii');
  return createHash('sha256')
    .update(Buffer.from([0]))
    .update(salt)
    .update(u32(a.length))
    .update(a)
    .update(u32(c.length))
    .update(c)
    .update(u256(balance))
    .digest();
}

/** SHA-256(0x01 || left hash || u256be(left sum) || right hash || u256be(right sum)); sum = left + right. */
export function parent(left, right) {
  const hash = createHash('sha256')
    .update(Buffer.from([1]))
    .update(left.hash)
    .update(u256(left.sum))
    .update(right.hash)
    .update(u256(right.sum))
    .digest();
  return { hash, sum: left.sum + right.sum };
}

/** Verifies one proof; returns the root it leads to or throws saying what does not hold. */
export function verifyProof(proof) {
  if (proof.version !== 1) throw new Error(`unknown proof version ${proof.version}`);
  const balance = units(proof.balance, 'balance');
  const salt = hash32(proof.salt, 'salt');
  const leaf = leafHash(salt, String(proof.account), String(proof.cryptoCurrencyCode), balance);
  if (proof.leafHash !== undefined && leaf.toString('hex') !== proof.leafHash) {
    throw new Error('the leaf hash does not match the account, coin, balance and salt');
  }
  let node = { hash: leaf, sum: balance };
  for (const [i, step] of (proof.path ?? []).entries()) {
    const sibling = { hash: hash32(step.hash, `path[${i}].hash`), sum: units(step.sum, `path[${i}].sum`) };
    if (step.side === 'left') node = parent(sibling, node);
    else if (step.side === 'right') node = parent(node, sibling);
    else throw new Error(`path[${i}].side is neither left nor right`);
  }
  const root = { hash: hash32(proof.root.hash, 'root.hash'), sum: units(proof.root.sum, 'root.sum') };
  if (!node.hash.equals(root.hash)) throw new Error('the path does not lead to the root hash');
  if (node.sum !== root.sum) throw new Error('the path does not add up to the root total');
  return { hash: node.hash.toString('hex'), sum: node.sum };
}

function proofsOf(json) {
  const body = json && typeof json === 'object' && 'data' in json ? json.data : json;
  if (Array.isArray(body?.proofs)) return body.proofs;
  if (body && typeof body === 'object' && 'path' in body) return [body];
  throw new Error('no proof in the file');
}

async function publishedRoots(baseUrl, snapshotId) {
  const url = new URL('/rest/v2/wallet/proof-of-reserves', baseUrl);
  url.searchParams.set('snapshot', String(snapshotId));
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const { data } = await response.json();
  if (!data?.snapshot || data.snapshot.id !== snapshotId)
    throw new Error(`snapshot ${snapshotId} is not published`);
  return new Map(
    data.snapshot.coins.map((c) => [c.cryptoCurrencyCode, { hash: c.rootHash, sum: c.liabilities }]),
  );
}

async function main(argv) {
  const args = argv.slice(2);
  const file = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
  const option = (name) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  if (!file) {
    console.error(
      'usage: node scripts/verify-reserves-proof.mjs <my-proof.json> [--root <hex> | --url <site>]',
    );
    return 2;
  }
  let proofs;
  try {
    proofs = proofsOf(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    console.error(`cannot read ${file}: ${error.message}`);
    return 2;
  }
  const givenRoot = option('root');
  const site = option('url');
  let failed = 0;
  const published = new Map();
  for (const proof of proofs) {
    const label = `${proof.cryptoCurrencyCode} (snapshot #${proof.snapshotId}, account ${proof.account})`;
    try {
      const root = verifyProof(proof);
      if (givenRoot && root.hash !== givenRoot.toLowerCase()) {
        throw new Error(`the root ${root.hash} is not the given ${givenRoot}`);
      }
      if (site) {
        if (!published.has(proof.snapshotId))
          published.set(proof.snapshotId, await publishedRoots(site, proof.snapshotId));
        const expected = published.get(proof.snapshotId).get(proof.cryptoCurrencyCode);
        if (!expected) throw new Error('the site publishes no root for this coin');
        if (expected.hash !== root.hash)
          throw new Error(`the published root is ${expected.hash}, not ${root.hash}`);
        if (BigInt(expected.sum) !== root.sum)
          throw new Error(`the published total is ${expected.sum}, not ${root.sum}`);
      }
      const against = site
        ? 'the published root'
        : givenRoot
          ? 'the given root'
          : 'the root in the file (compare it with the published one)';
      console.log(
        `OK ${label}: balance ${proof.balance} is included; path leads to ${against} ${root.hash}, total ${root.sum}`,
      );
    } catch (error) {
      failed += 1;
      console.log(`FAILED ${label}: ${error.message}`);
    }
  }
  return failed > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv).then((code) => process.exit(code));
}
