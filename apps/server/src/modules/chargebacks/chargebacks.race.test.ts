import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { onPostgres } from '../../../test/db.js';
import { tradeScenario } from '../../../test/trade-scenario.js';

/**
 * Simultaneous chargeback reports of one seller (only a real PostgreSQL server runs them at the same
 * time): the daily limit (10) and one report per trade each hold exactly.
 */
describe.skipIf(!onPostgres())('chargeback reports under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let s: ReturnType<typeof tradeScenario>;

  beforeAll(async () => {
    t = await createTestApp();
    s = tradeScenario(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const body = (hash: string) => ({
    id_hashed: hash,
    chargeback_date: '2026-01-15',
    amount: '10',
    description: 'The bank reversed the transfer.',
  });

  async function completedTrades(count: number) {
    const seller = await s.party('crseller');
    await s.fund(seller.name, '1');
    const offer = await s.sellOffer(seller);
    const hashes: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const buyer = await s.party('crbuyer');
      const trade = await s.start(buyer, offer, '10');
      await s.markPaid(buyer, trade.id);
      const released = await seller.c.post(`/rest/v1/trade/${trade.id}/release`, {});
      expect(released.statusCode, released.body).toBe(200);
      hashes.push(trade.id);
    }
    return { seller, hashes };
  }

  it('should let exactly one of 20 simultaneous reports of the same trade through', async () => {
    const { seller, hashes } = await completedTrades(1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => seller.c.post('/rest/v1/user-reports/chargeback', body(hashes[0]!))),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
  });

  it('should never let simultaneous reports on different trades pass the daily limit', async () => {
    const { seller, hashes } = await completedTrades(14);
    const answers = await Promise.all(
      hashes.map((hash) => seller.c.post('/rest/v1/user-reports/chargeback', body(hash))),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(4);
  }, 60_000);
});
