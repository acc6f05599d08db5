import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { MyProofOfReserves, ProofOfReserves, ReservesInclusion } from '@app/contract';
import type { DbOrTx } from '../../platform/db/client.js';
import {
  reservesAddresses,
  reservesLeaves,
  reservesNodes,
  reservesSnapshots,
  reservesTrees,
} from './tables.js';
import { levelWidths, pathIndices } from './tree.js';

export type DecimalsOf = (cryptoCode: string) => Promise<number>;
const HISTORY = 30;

async function publishedSnapshot(db: DbOrTx, snapshotId?: number) {
  const [row] = await db
    .select()
    .from(reservesSnapshots)
    .where(
      and(
        eq(reservesSnapshots.state, 'published'),
        snapshotId === undefined ? undefined : eq(reservesSnapshots.id, snapshotId),
      ),
    )
    .orderBy(desc(reservesSnapshots.id))
    .limit(1);
  return row ?? null;
}

/** The public page: a published snapshot (the latest by default), its coins and addresses, the history. */
export async function proofOfReserves(
  db: DbOrTx,
  decimalsOf: DecimalsOf,
  snapshotId?: number,
): Promise<ProofOfReserves> {
  const recent = await db
    .select({
      id: reservesSnapshots.id,
      takenAt: reservesSnapshots.takenAt,
      publishedAt: reservesSnapshots.publishedAt,
    })
    .from(reservesSnapshots)
    .where(eq(reservesSnapshots.state, 'published'))
    .orderBy(desc(reservesSnapshots.id))
    .limit(HISTORY);
  const roots = recent.length
    ? await db
        .select()
        .from(reservesTrees)
        .where(
          inArray(
            reservesTrees.snapshotId,
            recent.map((r) => r.id),
          ),
        )
        .orderBy(asc(reservesTrees.cryptoCode))
    : [];
  const history = recent.map((r) => ({
    id: r.id,
    takenAt: r.takenAt.toISOString(),
    publishedAt: r.publishedAt!.toISOString(),
    roots: roots
      .filter((t) => t.snapshotId === r.id)
      .map((t) => ({ cryptoCurrencyCode: t.cryptoCode, rootHash: t.rootHash, liabilities: t.total })),
  }));
  const snapshot = await publishedSnapshot(db, snapshotId);
  if (!snapshot) return { snapshot: null, history };
  const trees =
    roots.some((t) => t.snapshotId === snapshot.id) || !snapshotId
      ? roots.filter((t) => t.snapshotId === snapshot.id)
      : await db
          .select()
          .from(reservesTrees)
          .where(eq(reservesTrees.snapshotId, snapshot.id))
          .orderBy(asc(reservesTrees.cryptoCode));
  const addresses = await db
    .select()
    .from(reservesAddresses)
    .where(eq(reservesAddresses.snapshotId, snapshot.id))
    .orderBy(asc(reservesAddresses.cryptoCode), asc(reservesAddresses.place), asc(reservesAddresses.id));
  const coins = [];
  for (const tree of trees) {
    const reserves = addresses
      .filter((a) => a.cryptoCode === tree.cryptoCode)
      .reduce((sum, a) => sum + BigInt(a.amount), 0n);
    coins.push({
      cryptoCurrencyCode: tree.cryptoCode,
      decimals: await decimalsOf(tree.cryptoCode),
      rootHash: tree.rootHash,
      liabilities: tree.total,
      leafCount: tree.leafCount,
      owedCount: tree.owedCount,
      owed: tree.owed,
      custody: tree.custody,
      reserves: reserves.toString(),
      covered: tree.custody === 'chain' ? reserves >= BigInt(tree.total) : null,
    });
  }
  return {
    snapshot: {
      id: snapshot.id,
      takenAt: snapshot.takenAt.toISOString(),
      publishedAt: snapshot.publishedAt!.toISOString(),
      message: snapshot.message,
      problems: snapshot.problems,
      coins,
      addresses: addresses.map((a) => ({
        network: a.network,
        cryptoCurrencyCode: a.cryptoCode,
        place: a.place,
        address: a.address,
        amount: a.amount,
        scheme: a.scheme,
        message: a.message,
        signature: a.signature,
      })),
    },
    history,
  };
}

/**
 * The caller's inclusion proofs in a published snapshot (the latest by default): per coin their leaf,
 * salt and the path to the root, read from the stored tree (the leaves with their trees in one read, then
 * two indexed reads per coin).
 */
export async function myProofOfReserves(
  db: DbOrTx,
  userId: number,
  decimalsOf: DecimalsOf,
  snapshotId?: number,
): Promise<MyProofOfReserves> {
  const snapshot = await publishedSnapshot(db, snapshotId);
  if (!snapshot) return { snapshotId: null, takenAt: null, proofs: [] };
  const leaves = await db
    .select({ leaf: reservesLeaves, tree: reservesTrees })
    .from(reservesLeaves)
    .innerJoin(
      reservesTrees,
      and(
        eq(reservesTrees.snapshotId, reservesLeaves.snapshotId),
        eq(reservesTrees.cryptoCode, reservesLeaves.cryptoCode),
      ),
    )
    .where(and(eq(reservesLeaves.snapshotId, snapshot.id), eq(reservesLeaves.userId, userId)))
    .orderBy(asc(reservesLeaves.cryptoCode));
  const proofs: ReservesInclusion[] = [];
  for (const { leaf, tree } of leaves) {
    const steps = pathIndices(leaf.idx, levelWidths(tree.leafCount));
    const siblingLeaves = steps.filter((s) => s.level === 0).map((s) => s.index);
    const upper = steps.filter((s) => s.level > 0);
    const leafRows = siblingLeaves.length
      ? await db
          .select({ idx: reservesLeaves.idx, hash: reservesLeaves.hash, sum: reservesLeaves.balance })
          .from(reservesLeaves)
          .where(
            and(
              eq(reservesLeaves.snapshotId, snapshot.id),
              eq(reservesLeaves.cryptoCode, leaf.cryptoCode),
              inArray(reservesLeaves.idx, siblingLeaves),
            ),
          )
      : [];
    const nodeRows = upper.length
      ? await db
          .select({
            level: reservesNodes.level,
            idx: reservesNodes.idx,
            hash: reservesNodes.hash,
            sum: reservesNodes.sum,
          })
          .from(reservesNodes)
          .where(
            and(
              eq(reservesNodes.snapshotId, snapshot.id),
              eq(reservesNodes.cryptoCode, leaf.cryptoCode),
              or(...upper.map((s) => and(eq(reservesNodes.level, s.level), eq(reservesNodes.idx, s.index)))),
            ),
          )
      : [];
    const nodeOf = (level: number, idx: number) =>
      level === 0
        ? leafRows.find((r) => r.idx === idx)
        : nodeRows.find((r) => r.level === level && r.idx === idx);
    const path = steps.map((s) => {
      const node = nodeOf(s.level, s.index);
      if (!node) {
        throw new Error(`reserves tree ${snapshot.id}/${leaf.cryptoCode} misses ${s.level}/${s.index}`);
      }
      return { side: s.side, hash: node.hash, sum: node.sum };
    });
    proofs.push({
      version: 1,
      snapshotId: snapshot.id,
      takenAt: snapshot.takenAt.toISOString(),
      cryptoCurrencyCode: leaf.cryptoCode,
      decimals: await decimalsOf(leaf.cryptoCode),
      account: leaf.account,
      salt: leaf.salt,
      balance: leaf.balance,
      index: leaf.idx,
      leafHash: leaf.hash,
      path,
      root: { hash: tree.rootHash, sum: tree.total },
    });
  }
  return { snapshotId: snapshot.id, takenAt: snapshot.takenAt.toISOString(), proofs };
}

/** How many snapshots exist (tests and the admin command's output). */
export async function snapshotCount(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(reservesSnapshots);
  return Number(row?.n ?? 0);
}
