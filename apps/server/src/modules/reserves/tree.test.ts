import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  buildLevels,
  byHash,
  leafHash,
  levelWidths,
  pathFromLevels,
  pathIndices,
  rootFromPath,
} from './tree.js';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('../../../../../scripts/verify-reserves-proof.mjs', import.meta.url));

const sha = (...hexParts: string[]) =>
  createHash('sha256')
    .update(Buffer.from(hexParts.join(''), 'hex'))
    .digest('hex');
const u256hex = (n: bigint) => n.toString(16).padStart(64, '0');
const asciiHex = (s: string) => Buffer.from(s, 'utf8').toString('hex');
const u32hex = (n: number) => n.toString(16).padStart(8, '0');

/** Three users' BTC balances with fixed salts: the root written out by hand from the documented bytes. */
const SALTS = ['11'.repeat(32), '22'.repeat(32), '33'.repeat(32)];
const USERS = [
  { account: 'alice', balance: 150_000_000n },
  { account: 'bob', balance: 0n },
  { account: 'carol', balance: 2_500n },
];

function handLeaf(salt: string, account: string, coin: string, balance: bigint) {
  return sha(
    '00',
    salt,
    u32hex(Buffer.byteLength(account)),
    asciiHex(account),
    u32hex(coin.length),
    asciiHex(coin),
    u256hex(balance),
  );
}

function tree() {
  const leaves = USERS.map((u, i) => {
    const salt = Buffer.from(SALTS[i]!, 'hex');
    return {
      ...u,
      salt,
      hash: leafHash({ salt, account: u.account, coin: 'BTC', balance: u.balance }),
      sum: u.balance,
    };
  });
  leaves.sort(byHash);
  return { leaves, levels: buildLevels(leaves) };
}

function proofFile(leafIndex: number) {
  const { leaves, levels } = tree();
  const leaf = leaves[leafIndex]!;
  const root = levels.at(-1)![0]!;
  return {
    version: 1,
    snapshotId: 1,
    takenAt: '2026-11-27T00:00:00.000Z',
    cryptoCurrencyCode: 'BTC',
    decimals: 8,
    account: leaf.account,
    salt: leaf.salt.toString('hex'),
    balance: leaf.balance.toString(),
    index: leafIndex,
    leafHash: leaf.hash.toString('hex'),
    path: pathFromLevels(levels, leafIndex).map((s) => ({
      side: s.side,
      hash: s.hash.toString('hex'),
      sum: s.sum.toString(),
    })),
    root: { hash: root.hash.toString('hex'), sum: root.sum.toString() },
  };
}

async function verify(proof: unknown, ...args: string[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'por-'));
  const file = path.join(dir, 'my-proof.json');
  fs.writeFileSync(file, JSON.stringify({ data: { snapshotId: 1, proofs: [proof] } }));
  try {
    const { stdout } = await run(process.execPath, [SCRIPT, file, ...args]);
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string };
    return { code: e.code, stdout: e.stdout };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('proof of reserves: the Merkle sum tree', () => {
  it('should give the root written out by hand from the documented encoding', () => {
    const leafHex = USERS.map((u, i) => handLeaf(SALTS[i]!, u.account, 'BTC', u.balance));
    const ordered = USERS.map((u, i) => ({ ...u, hash: leafHex[i]! })).sort((a, b) =>
      a.hash.localeCompare(b.hash),
    );
    const [a, b, c] = ordered as [(typeof ordered)[0], (typeof ordered)[0], (typeof ordered)[0]];
    // Level 1: (a, b) paired, c alone moves up; level 2: the root.
    const ab = sha('01', a.hash, u256hex(a.balance), b.hash, u256hex(b.balance));
    const rootHex = sha('01', ab, u256hex(a.balance + b.balance), c.hash, u256hex(c.balance));

    const root = tree().levels.at(-1)![0]!;
    expect(root.hash.toString('hex')).toBe(rootHex);
    expect(root.sum).toBe(150_002_500n);
    expect(tree().levels.map((l) => l.length)).toEqual([3, 2, 1]);
  });

  it('should lead every leaf up its path to the root', () => {
    const { levels } = tree();
    const root = levels.at(-1)![0]!;
    for (let i = 0; i < 3; i++) {
      const got = rootFromPath(levels[0]![i]!, pathFromLevels(levels, i));
      expect(got.hash.equals(root.hash)).toBe(true);
      expect(got.sum).toBe(root.sum);
    }
  });

  it('should shape paths by the leaf count alone', () => {
    expect(levelWidths(5)).toEqual([5, 3, 2, 1]);
    expect(pathIndices(4, levelWidths(5))).toEqual([{ level: 2, index: 0, side: 'left' }]);
    expect(pathIndices(0, levelWidths(1))).toEqual([]);
    expect(buildLevels([])).toEqual([]);
  });

  it('should refuse a negative balance', () => {
    expect(() => leafHash({ salt: Buffer.alloc(32), account: 'x', coin: 'BTC', balance: -1n })).toThrow(
      RangeError,
    );
  });

  describe('the verification script (a child process, node:crypto only)', () => {
    it('should verify an inclusion proof', async () => {
      for (let i = 0; i < 3; i++) {
        const proof = proofFile(i);
        const result = await verify(proof, '--root', proof.root.hash);
        expect(result.stdout).toContain('OK BTC');
        expect(result.code).toBe(0);
      }
    });

    it('should fail a changed balance, salt, sibling sum or another root', async () => {
      const proof = proofFile(0);
      const changed = [
        { ...proof, balance: (BigInt(proof.balance) + 1n).toString(), leafHash: undefined },
        { ...proof, salt: 'ff'.repeat(32), leafHash: undefined },
        {
          ...proof,
          path: proof.path.map((s, i) => (i === 0 ? { ...s, sum: (BigInt(s.sum) + 1n).toString() } : s)),
        },
        { ...proof, balance: (BigInt(proof.balance) + 1n).toString() },
      ];
      for (const bad of changed) {
        const result = await verify(bad);
        expect(result.code, JSON.stringify(bad)).toBe(1);
        expect(result.stdout).toContain('FAILED');
      }
      expect((await verify(proof, '--root', 'ab'.repeat(32))).code).toBe(1);
    });
  });
});
