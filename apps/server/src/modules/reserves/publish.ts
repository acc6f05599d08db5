import { randomBytes } from 'node:crypto';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';
import { userLiabilities } from '../ledger/index.js';
import { isSimulatedCustody, type CustodyView, type Holding, type OwnershipProof } from '../wallet/index.js';
import {
  reservesAddresses,
  reservesLeaves,
  reservesNodes,
  reservesSnapshots,
  reservesTrees,
} from './tables.js';
import { buildLevels, byHash, leafHash, SALT_BYTES } from './tree.js';

/** One publication at a time across every instance: a transaction-scoped advisory lock on this key. */
const PUBLISH_LOCK_KEY = 6_020_060;
const CHUNK = 1_000;

export type PublishResult =
  | { published: true; snapshotId: number; coins: { cryptoCode: string; leafCount: number; total: bigint }[] }
  | { published: false; reason: string };

export type PublishOptions = {
  /**
   * The scheduler's interval: a publication is skipped when another instance published less than
   * this long ago (several instances each run the job; only one publishes per interval). Omitted by
   * `npm run admin -- reserves:publish`, which always publishes.
   */
  minIntervalSeconds?: number;
};

/** The message every ownership proof of a snapshot signs: names the snapshot, its time and its roots. */
export function reservesMessage(
  snapshotId: number,
  takenAt: Date,
  roots: { cryptoCode: string; rootHash: string }[],
): string {
  const list = roots.map((r) => `${r.cryptoCode}:${r.rootHash}`).join(' ');
  return `p2p-marketplace proof of reserves #${snapshotId} ${takenAt.toISOString()} ${list}`.trim();
}

/**
 * Publishes a proof-of-reserves snapshot (decision 0060). Liabilities: every user's balances read in
 * ONE repeatable-read transaction (every coin from the same moment; concurrent trades and transfers
 * neither show twice nor vanish), one Merkle sum tree per coin with a fresh 32-byte salt per leaf,
 * stored with its leaves and inner nodes, under an advisory lock so two instances never interleave.
 * Reserves: afterwards (network calls never run inside a database transaction), each CustodyView's
 * holdings and ownership proofs over the message naming the roots; then the snapshot is published.
 */
export async function publishReserves(
  db: Db,
  views: readonly CustodyView[],
  options: PublishOptions = {},
): Promise<PublishResult> {
  const custodyOf = (coin: string) => {
    const view = views.find((v) => v.coins.includes(coin));
    return view ? (isSimulatedCustody(view) ? 'simulated' : 'chain') : 'none';
  };
  const built = await db.transaction(
    async (tx) => {
      // The transaction's snapshot is taken at its first statement: a scheduled run only TRIES the lock
      // (another instance publishing now: skip), so what it reads next includes any publication that
      // committed before it, and the interval check below sees it. The operator's command waits instead.
      if (options.minIntervalSeconds) {
        const lock = await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${PUBLISH_LOCK_KEY}) AS got`);
        if (!(lock as unknown as { rows: { got: boolean }[] }).rows[0]!.got) return null;
        const recent = await tx.execute(sql`
          SELECT 1 FROM reserves_snapshots
          WHERE taken_at > now() - make_interval(secs => ${options.minIntervalSeconds * 0.9}) LIMIT 1`);
        if ((recent as unknown as { rows: unknown[] }).rows.length > 0) return null;
      } else {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${PUBLISH_LOCK_KEY})`);
      }
      const takenAtRow = await tx.execute(sql`SELECT now() AS now`);
      const takenAt = new Date((takenAtRow as unknown as { rows: { now: string | Date }[] }).rows[0]!.now);
      const liabilities = await userLiabilities(tx);
      const userIds = [...new Set(liabilities.map((l) => l.userId))];
      const names = new Map<number, string>();
      for (let i = 0; i < userIds.length; i += CHUNK) {
        const rows = await tx
          .select({ id: users.id, username: users.username })
          .from(users)
          .where(inArray(users.id, userIds.slice(i, i + CHUNK)));
        for (const row of rows) names.set(row.id, row.username);
      }
      const [snapshot] = await tx
        .insert(reservesSnapshots)
        .values({ takenAt })
        .returning({ id: reservesSnapshots.id });
      const snapshotId = snapshot!.id;

      const byCoin = new Map<string, typeof liabilities>();
      for (const row of liabilities) {
        const list = byCoin.get(row.cryptoCode) ?? [];
        list.push(row);
        byCoin.set(row.cryptoCode, list);
      }
      const coins: { cryptoCode: string; leafCount: number; total: bigint; rootHash: string }[] = [];
      for (const [cryptoCode, rows] of [...byCoin].sort(([a], [b]) => a.localeCompare(b))) {
        let owed = 0n;
        let owedCount = 0;
        const leaves = rows.map((row) => {
          // A user who owes more than they hold is shown with 0: a negative leaf would cancel others'.
          const balance = row.total < 0n ? 0n : row.total;
          if (row.total < 0n) {
            owed -= row.total;
            owedCount += 1;
          }
          const salt = randomBytes(SALT_BYTES);
          const account = names.get(row.userId) ?? `user-${row.userId}`;
          const hash = leafHash({ salt, account, coin: cryptoCode, balance });
          return { userId: row.userId, account, salt, balance, hash, sum: balance };
        });
        leaves.sort(byHash);
        const levels = buildLevels(leaves);
        const root = levels.at(-1)![0]!;
        const rootHash = root.hash.toString('hex');
        await tx.insert(reservesTrees).values({
          snapshotId,
          cryptoCode,
          rootHash,
          total: root.sum.toString(),
          leafCount: leaves.length,
          owedCount,
          owed: owed.toString(),
          custody: custodyOf(cryptoCode),
        });
        for (let i = 0; i < leaves.length; i += CHUNK) {
          await tx.insert(reservesLeaves).values(
            leaves.slice(i, i + CHUNK).map((leaf, j) => ({
              snapshotId,
              cryptoCode,
              idx: i + j,
              userId: leaf.userId,
              account: leaf.account,
              salt: leaf.salt.toString('hex'),
              balance: leaf.balance.toString(),
              hash: leaf.hash.toString('hex'),
            })),
          );
        }
        const inner = levels
          .slice(1)
          .flatMap((nodes, l) => nodes.map((node, idx) => ({ level: l + 1, idx, node })));
        for (let i = 0; i < inner.length; i += CHUNK) {
          await tx.insert(reservesNodes).values(
            inner.slice(i, i + CHUNK).map(({ level, idx, node }) => ({
              snapshotId,
              cryptoCode,
              level,
              idx,
              hash: node.hash.toString('hex'),
              sum: node.sum.toString(),
            })),
          );
        }
        coins.push({ cryptoCode, leafCount: leaves.length, total: root.sum, rootHash });
      }
      const message = reservesMessage(snapshotId, takenAt, coins);
      await tx.update(reservesSnapshots).set({ message }).where(eq(reservesSnapshots.id, snapshotId));
      return { snapshotId, message, coins };
    },
    { isolationLevel: 'repeatable read' },
  );
  if (!built) return { published: false, reason: 'published by another instance within the interval' };

  // The reserves side, read from the chains outside any database transaction.
  const problems: string[] = [];
  const rows: (typeof reservesAddresses.$inferInsert)[] = [];
  for (const view of views) {
    if (isSimulatedCustody(view)) continue;
    let holdings: Holding[] = [];
    let proofs: OwnershipProof[] = [];
    try {
      holdings = await view.holdings();
    } catch (error) {
      problems.push(`${view.network}: holdings could not be read (${(error as Error).message})`);
    }
    try {
      proofs = await view.proveOwnership(built.message);
    } catch (error) {
      problems.push(`${view.network}: ownership could not be proved (${(error as Error).message})`);
    }
    const proofOf = new Map(proofs.map((p) => [`${p.coin}|${p.address}`, p]));
    for (const holding of holdings) {
      const proof = proofOf.get(`${holding.coin}|${holding.address}`);
      proofOf.delete(`${holding.coin}|${holding.address}`);
      rows.push({
        snapshotId: built.snapshotId,
        network: view.network,
        cryptoCode: holding.coin,
        place: holding.place,
        address: holding.address,
        amount: holding.amount.toString(),
        scheme: proof?.scheme ?? null,
        message: proof?.message ?? null,
        signature: proof?.signature ?? null,
      });
    }
    // A signed address holding nothing of a coin (an empty hot wallet) is still listed, with 0.
    for (const proof of proofOf.values()) {
      rows.push({
        snapshotId: built.snapshotId,
        network: view.network,
        cryptoCode: proof.coin,
        place: 'hot',
        address: proof.address,
        amount: '0',
        scheme: proof.scheme,
        message: proof.message,
        signature: proof.signature,
      });
    }
  }
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await tx.insert(reservesAddresses).values(rows.slice(i, i + CHUNK));
    }
    await tx
      .update(reservesSnapshots)
      .set({ state: 'published', problems, publishedAt: sql`now()` })
      .where(eq(reservesSnapshots.id, built.snapshotId));
  });
  return {
    published: true,
    snapshotId: built.snapshotId,
    coins: built.coins.map(({ cryptoCode, leafCount, total }) => ({ cryptoCode, leafCount, total })),
  };
}

/** The newest published snapshot's id, or null before the first publication. */
export async function latestPublishedId(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ id: reservesSnapshots.id })
    .from(reservesSnapshots)
    .where(eq(reservesSnapshots.state, 'published'))
    .orderBy(desc(reservesSnapshots.id))
    .limit(1);
  return row?.id ?? null;
}
