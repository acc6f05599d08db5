import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { kycLevelsEnv } from '../../../test/kyc-levels.js';
import { onPostgres } from '../../../test/db.js';
import { runAdminCommand } from '../../cli/commands.js';
import { checkLedger } from '../ledger/index.js';
import { publishReserves } from './publish.js';
import { reservesLeaves, reservesNodes, reservesSnapshots, reservesTrees } from './tables.js';
import { buildLevels } from './tree.js';

const USERS = 6;

/**
 * Publications racing each other and racing transfers, on a real PostgreSQL server: every snapshot is
 * one consistent moment (users' total never changes under internal transfers, so every tree's total is
 * that constant), every stored tree rebuilds to its stored root, every user appears once per tree, and
 * scheduled runs on several instances publish once per interval.
 */
describe.skipIf(!onPostgres())('proof of reserves under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  const clients: TestClient[] = [];
  beforeAll(async () => {
    t = await createTestApp({ ...kycLevelsEnv({ withdrawalUsd: null }), WALLET_NETWORK_FEES: 'BTC:0' });
    for (let i = 0; i < USERS; i++) {
      const client = t.client();
      await client.register(`por_race_${i}`);
      clients.push(client);
      const funded = await runAdminCommand({ db: t.database.db, config: t.config }, [
        ...['wallet:deposit', '--user', `por_race_${i}`, '--crypto', 'BTC', '--amount', '1'],
      ]);
      expect(funded.exitCode).toBe(0);
    }
  });
  afterAll(async () => {
    const report = await checkLedger(t.database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
    await t.close();
  });

  it('should publish consistent, uncorrupted snapshots while money moves', async () => {
    const transfers = Array.from({ length: 24 }, (_, i) =>
      clients[i % USERS]!.post('/rest/v2/wallet/withdraw', {
        crypto_currency_code: 'BTC',
        amount: '0.01',
        username: `por_race_${(i + 1) % USERS}`,
      }),
    );
    const publications = Array.from({ length: 4 }, () => publishReserves(t.database.db, []));
    const [sent, published] = await Promise.all([Promise.all(transfers), Promise.all(publications)]);
    expect(sent.every((r) => r.statusCode === 201)).toBe(true);
    expect(published.every((p) => p.published)).toBe(true);

    const db = t.database.db;
    const snapshots = await db.select().from(reservesSnapshots).orderBy(asc(reservesSnapshots.id));
    expect(snapshots).toHaveLength(4);
    for (const snapshot of snapshots) {
      expect(snapshot.state).toBe('published');
      const [tree] = await db
        .select()
        .from(reservesTrees)
        .where(and(eq(reservesTrees.snapshotId, snapshot.id), eq(reservesTrees.cryptoCode, 'BTC')));
      expect(tree).toMatchObject({ total: String(USERS * 100_000_000), leafCount: USERS });
      const leaves = await db
        .select()
        .from(reservesLeaves)
        .where(and(eq(reservesLeaves.snapshotId, snapshot.id), eq(reservesLeaves.cryptoCode, 'BTC')))
        .orderBy(asc(reservesLeaves.idx));
      expect(new Set(leaves.map((l) => l.userId)).size).toBe(USERS);
      expect(leaves.map((l) => l.idx)).toEqual([...Array(USERS).keys()]);
      const levels = buildLevels(
        leaves.map((l) => ({ hash: Buffer.from(l.hash, 'hex'), sum: BigInt(l.balance) })),
      );
      expect(levels.at(-1)![0]!.hash.toString('hex')).toBe(tree!.rootHash);
      const nodes = await db
        .select()
        .from(reservesNodes)
        .where(and(eq(reservesNodes.snapshotId, snapshot.id), eq(reservesNodes.cryptoCode, 'BTC')));
      expect(nodes).toHaveLength(levels.slice(1).reduce((n, l) => n + l.length, 0));
    }
  });

  it('should publish once per interval when every instance runs the job at once', async () => {
    const before = (await t.database.db.select().from(reservesSnapshots)).length;
    // The previous test published just now: nothing is due within the interval.
    const due = await Promise.all(
      Array.from({ length: 3 }, () => publishReserves(t.database.db, [], { minIntervalSeconds: 3_600 })),
    );
    expect(due.filter((r) => r.published)).toHaveLength(0);
    // A short interval that has passed: exactly one of the racing instances publishes.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const racing = await Promise.all(
      Array.from({ length: 3 }, () => publishReserves(t.database.db, [], { minIntervalSeconds: 1 })),
    );
    expect(racing.filter((r) => r.published)).toHaveLength(1);
    expect((await t.database.db.select().from(reservesSnapshots)).length).toBe(before + 1);
  });
});
