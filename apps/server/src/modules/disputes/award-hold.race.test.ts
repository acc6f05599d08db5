import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { formatBaseUnitsTrimmed, parseAmount, type WalletBalance } from '@app/contract';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { onPostgres } from '../../../test/db.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';
import { checkLedger, createLedger } from '../ledger/index.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Held dispute awards under concurrency on a real PostgreSQL server (decision 0048): the release step run
 * by many workers at once moves each hold once; an appeal filed as the hold is released either keeps it
 * (contested) or is refused (released), never both; and the winner sending everything they have while an
 * appeal is upheld leaves the appellant paid in full.
 */
describe.skipIf(!onPostgres())('held dispute awards under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let s: ReturnType<typeof tradeScenario>;
  let seller: Party;
  let offer: string;
  const staff: Record<string, TestClient> = {};

  const units = (amount: string) => {
    const parsed = parseAmount(amount, 8);
    if (!parsed.ok) throw new Error(`not a BTC amount: ${amount}`);
    return parsed.units;
  };
  const balances = async (userId: number) =>
    (await createLedger(t.database.db).balancesOf(userId)).get('BTC') ?? {
      available: 0n,
      escrow: 0n,
      bond: 0n,
      held: 0n,
    };
  const releases = async (holdId: number) =>
    rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = ${`hold:${holdId}:release`}`,
      ),
    )[0]!.n;
  async function decided(winner: 'buyer' | 'seller') {
    const { buyer, trade } = await s.disputedTrade(seller, offer, '20');
    const awarded = await staff.rsuper!.post(`/rest/v1/admin/disputes/${trade.id}/award`, {
      winner,
      reason: `For the ${winner}.`,
    });
    expect(awarded.statusCode, awarded.body).toBe(200);
    return { buyer, trade };
  }
  const appealIdOf = async (hash: string) =>
    rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`SELECT a.id FROM dispute_appeals a JOIN trades t ON t.id = a.trade_id WHERE t.hash = ${hash}`,
      ),
    )[0]!.id;

  beforeAll(async () => {
    t = await createTestApp({
      FEATURES: 'disputeAppeal',
      TRADE_APPEAL_WINDOW_HOURS: '48',
      TRADE_DISPUTE_AFTER_PAID_MINUTES: '0',
    });
    s = tradeScenario(t);
    seller = await s.party('rhseller');
    await s.fund(seller.name, '2');
    offer = await s.sellOffer(seller);
    staff.rsuper = (await s.staffMember('rhsuper', 'supermod')).c;
    staff.rsuper2 = (await s.staffMember('rhsuper2', 'supermod')).c;
  }, 120_000);
  afterAll(async () => {
    const report = await checkLedger(t.database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true, holdMismatches: [] });
    await t.close();
  });

  it('should release each due hold exactly once when 20 sweeps run at once on two instances', async () => {
    const awards = [await decided('buyer'), await decided('seller'), await decided('buyer')];
    const holds = await Promise.all(
      awards.map(async ({ trade }) => (await createLedger(t.database.db).holds.of('BTC', trade.id))!),
    );
    const before = await Promise.all(holds.map((hold) => balances(hold.userId)));
    const asOf = new Date(Date.now() + 49 * 3_600_000);
    // Two ledgers stand for two server instances; every sweep runs on its own pooled connection.
    const instances = [createLedger(t.database.db), createLedger(t.database.db)];
    const counts = await Promise.all(
      Array.from({ length: 20 }, (_, i) => instances[i % 2]!.holds.releaseDue({ asOf, batch: 1 })),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(holds.length);
    for (const [i, hold] of holds.entries()) {
      expect(await releases(hold.id)).toBe(1);
      const after = await balances(hold.userId);
      expect(after.available - before[i]!.available).toBe(hold.amount);
      expect(before[i]!.held - after.held).toBe(hold.amount);
    }
  });

  it('should release a due hold once when the winner reads the wallet 20 times at once', async () => {
    const { buyer, trade } = await decided('buyer');
    const hold = (await createLedger(t.database.db).holds.of('BTC', trade.id))!;
    await t.database.db.execute(
      sql`UPDATE ledger_holds SET release_at = now() - interval '1 second' WHERE id = ${hold.id}`,
    );
    const before = await balances(buyer.id);
    const reads = await Promise.all(
      Array.from({ length: 20 }, () => buyer.c.get('/rest/v2/wallet/balances')),
    );
    expect(reads.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    // Every answer is whole: held, or released into the balance, never both or neither.
    for (const read of reads) {
      const line = (read.json().data as WalletBalance[]).find((l) => l.cryptoCurrencyCode === 'BTC')!;
      // Both have all 8 decimals: the digits are the base units.
      const baseUnits = (amount: string) => BigInt(amount.replace('.', ''));
      expect(baseUnits(line.balance) + baseUnits(line.heldAmount)).toBe(before.available + before.held);
      // ... and the list of held awards says the same as the held amount.
      expect(line.held.reduce((sum, award) => sum + baseUnits(award.amount), 0n)).toBe(
        baseUnits(line.heldAmount),
      );
    }
    expect(await releases(hold.id)).toBe(1);
    expect(await balances(buyer.id)).toMatchObject({ available: before.available + hold.amount, held: 0n });
  });

  it('should either keep a hold for an appeal or release it, never both, when they meet', async () => {
    for (let round = 0; round < 6; round += 1) {
      const { trade } = await decided('buyer');
      const hold = (await createLedger(t.database.db).holds.of('BTC', trade.id))!;
      const asOf = new Date(Date.now() + 49 * 3_600_000);
      const [appeal, released] = await Promise.all([
        seller.c.post(`/rest/v1/trade/${trade.id}/appeal`, { reason: 'It never arrived.' }),
        createLedger(t.database.db).holds.releaseDue({ reference: trade.id, asOf }),
      ]);
      const state = (await createLedger(t.database.db).holds.of('BTC', trade.id))!.state;
      if (appeal.statusCode === 200) {
        expect(released).toBe(0);
        expect(state).toBe('contested');
        expect(await releases(hold.id)).toBe(0);
      } else {
        expect(appeal.json().errors[0].code, appeal.body).toBe('APPEAL_EXPIRED');
        expect(released).toBe(1);
        expect(state).toBe('released');
        expect(await releases(hold.id)).toBe(1);
      }
    }
  });

  it('should pay an upheld appeal in full while the winner sends out everything at the same moment', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { buyer, trade } = await decided('buyer');
      const award = units(trade.buyerReceives);
      const own = 3_000n;
      await s.fund(buyer.name, formatBaseUnitsTrimmed(own, 8));
      const drain = await s.party('rhdrain');
      const appealed = await seller.c.post(`/rest/v1/trade/${trade.id}/appeal`, { reason: 'Recalled.' });
      expect(appealed.statusCode, appealed.body).toBe(200);
      const sellerBefore = await balances(seller.id);
      const send = (amount: bigint, key: string) =>
        buyer.c.request(
          'POST',
          '/rest/v2/wallet/withdraw',
          { crypto_currency_code: 'BTC', amount: formatBaseUnitsTrimmed(amount, 8), username: drain.name },
          { headers: { 'idempotency-key': `${key}-${trade.id}` } },
        );
      const [all, more, upheld] = await Promise.all([
        send(own, 'all'),
        send(own + award, 'more'),
        staff.rsuper2!.post(`/rest/v1/admin/appeals/${await appealIdOf(trade.id)}/decide`, {
          outcome: 'uphold',
          reason: 'Recall proven.',
        }),
      ]);
      expect(upheld.statusCode, upheld.body).toBe(200);
      expect(upheld.json().data).toMatchObject({ shortfallAmount: '0' });
      // What was the winner's own went (once); the award never could.
      expect(all.statusCode, all.body).toBe(201);
      expect(more.statusCode, more.body).toBe(422);
      expect(await balances(buyer.id)).toMatchObject({ available: 0n, held: 0n });
      expect((await balances(drain.id)).available).toBe(own);
      expect((await balances(seller.id)).available - sellerBefore.available).toBe(units(trade.escrowAmount));
    }
  });
});
