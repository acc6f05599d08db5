import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { onPostgres } from '../../../test/db.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';
import { runAdminCommand } from '../../cli/commands.js';
import { checkLedger, createLedger } from '../ledger/index.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The console's award is exactly-once on a real server: two staff members deciding opposite ways at
 * the same moment, and an award racing the seller's release, settle the escrow once; the loser gets 409.
 */
describe.skipIf(!onPostgres())('console awards under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let s: ReturnType<typeof tradeScenario>;
  let seller: Party;
  let offer: string;
  const staff: Record<string, Party> = {};

  const available = async (userId: number) =>
    (await createLedger(t.database.db).balancesOf(userId)).get('BTC')?.available ?? 0n;
  const member = async (name: string, role: 'moderator' | 'supermod' | 'admin') => {
    staff[name] = await s.staffMember(name, role);
  };
  async function disputed() {
    const { buyer, trade } = await s.disputedTrade(seller, offer);
    expect((await staff.rmod!.c.post(`/rest/v1/admin/disputes/${trade.id}/assign`, {})).statusCode).toBe(200);
    return { buyer, trade };
  }
  const award = (who: string, hash: string, winner: 'buyer' | 'seller') =>
    staff[who]!.c.post(`/rest/v1/admin/disputes/${hash}/award`, { winner, reason: `For the ${winner}.` });
  const settlements = async (hash: string) =>
    rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = ${`trade:${hash}:settle`}`,
      ),
    )[0]!.n;

  beforeAll(async () => {
    t = await createTestApp({ TRADE_DISPUTE_AFTER_PAID_MINUTES: '0' });
    s = tradeScenario(t);
    seller = await s.party('rseller');
    await s.fund(seller.name, '1');
    offer = await s.sellOffer(seller);
    await member('rmod', 'moderator');
    await member('rsuper', 'supermod');
  }, 120_000);
  afterAll(async () => {
    const report = await checkLedger(t.database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
    const records = await runAdminCommand({ db: t.database.db, config: t.config }, ['trades:check']);
    expect(records.exitCode, records.output).toBe(0);
    await t.close();
  });

  it('should settle once when the holder and a supermod award opposite ways at once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { buyer, trade } = await disputed();
      const before = { buyer: await available(buyer.id), seller: await available(seller.id) };
      const [a, b] = await Promise.all([
        award('rmod', trade.id, 'buyer'),
        award('rsuper', trade.id, 'seller'),
      ]);
      const codes = [a.statusCode, b.statusCode].sort();
      expect(codes, `${a.body} ${b.body}`).toEqual([200, 409]);
      expect(await settlements(trade.id)).toBe(1);
      const buyerGained = (await available(buyer.id)) - before.buyer;
      const sellerGained = (await available(seller.id)) - before.seller;
      // Exactly one of the two outcomes happened.
      expect(buyerGained > 0n !== sellerGained > 0n).toBe(true);
    }
  }, 120_000);

  it('should settle once when an award races the seller releasing', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { trade } = await disputed();
      const [awarded, released] = await Promise.all([
        award('rmod', trade.id, 'seller'),
        seller.c.post(`/rest/v1/trade/${trade.id}/release`),
      ]);
      expect([awarded.statusCode, released.statusCode].sort(), `${awarded.body} ${released.body}`).toEqual([
        200, 409,
      ]);
      expect(await settlements(trade.id)).toBe(1);
    }
  }, 120_000);
});
