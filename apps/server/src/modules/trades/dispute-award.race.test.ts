import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmount } from '@app/contract';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { onPostgres } from '../../../test/db.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';
import { runAdminCommand } from '../../cli/commands.js';
import { checkLedger, createLedger } from '../ledger/index.js';

/**
 * `dispute:award` is exactly-once on a real server: two awards at once, or an award and the seller's
 * release, settle the escrow once; the loser is refused with the status it found.
 */
describe.skipIf(!onPostgres())('dispute:award under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let s: ReturnType<typeof tradeScenario>;
  let seller: Party;
  let offer: string;

  const award = (hash: string, winner: 'buyer' | 'seller') =>
    runAdminCommand({ db: t.database.db, config: t.config, events: t.app.events }, [
      'dispute:award',
      '--trade',
      hash,
      '--winner',
      winner,
      '--reason',
      `Decided for the ${winner}.`,
    ]);
  const available = async (userId: number) =>
    (await createLedger(t.database.db).balancesOf(userId)).get('BTC')?.available ?? 0n;
  const units = (amount: string) => {
    const parsed = parseAmount(amount, 8);
    if (!parsed.ok) throw new Error(`not a BTC amount: ${amount}`);
    return parsed.units;
  };
  const ledgerOk = async () => {
    const report = await checkLedger(t.database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
  };

  beforeAll(async () => {
    t = await createTestApp({ TRADE_DISPUTE_AFTER_PAID_MINUTES: '0' });
    s = tradeScenario(t);
    seller = await s.party('seller');
    await s.fund(seller.name, '1');
    offer = await s.sellOffer(seller);
  });
  afterAll(async () => {
    await ledgerOk();
    // Every racing transition chained exactly once, in order: the records match the rows (decision 0018).
    const records = await runAdminCommand({ db: t.database.db, config: t.config }, ['trades:check']);
    expect(records.exitCode, records.output).toBe(0);
    await t.close();
  });

  it('should let one of two opposite awards win, round after round', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { buyer, trade } = await s.disputedTrade(seller, offer);
      const [forBuyer, forSeller] = await Promise.all([award(trade.id, 'buyer'), award(trade.id, 'seller')]);
      expect(
        [forBuyer.exitCode, forSeller.exitCode].sort(),
        `${forBuyer.output}\n${forSeller.output}`,
      ).toEqual([0, 1]);
      const loser = forBuyer.exitCode === 1 ? forBuyer : forSeller;
      expect(loser.output).toMatch(/is not in dispute \(it is dispute won (buyer|seller)\)/);
      const status = (await buyer.c.get(`/rest/v1/trade/${trade.id}`)).json().data.status;
      expect(status).toBe(forBuyer.exitCode === 0 ? 'dispute_won_buyer' : 'dispute_won_seller');
      expect(await available(buyer.id)).toBe(forBuyer.exitCode === 0 ? units(trade.buyerReceives) : 0n);
    }
    await ledgerOk();
  });

  it('should let one of an award and the seller’s release win, round after round', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { buyer, trade } = await s.disputedTrade(seller, offer);
      const winner = round % 2 === 0 ? 'buyer' : 'seller';
      const [awarded, released] = await Promise.all([
        award(trade.id, winner),
        seller.c.post(`/rest/v1/trade/${trade.id}/release`),
      ]);
      const outcomes = `${awarded.exitCode}/${released.statusCode}`;
      expect(['0/409', '1/200'], `${outcomes} ${awarded.output} ${released.body}`).toContain(outcomes);
      if (released.statusCode === 409) expect(released.json().errors[0].code).toBe('TRADE_INVALID_STATUS');
      const status = (await buyer.c.get(`/rest/v1/trade/${trade.id}`)).json().data.status;
      expect(status).toBe(
        released.statusCode === 200
          ? 'released'
          : winner === 'buyer'
            ? 'dispute_won_buyer'
            : 'dispute_won_seller',
      );
      const paid = released.statusCode === 200 || winner === 'buyer';
      expect(await available(buyer.id)).toBe(paid ? units(trade.buyerReceives) : 0n);
    }
    await ledgerOk();
  });

  it('should settle once when the same award arrives five times at once', async () => {
    const { buyer, trade } = await s.disputedTrade(seller, offer);
    const results = await Promise.all(Array.from({ length: 5 }, () => award(trade.id, 'buyer')));
    expect(results.filter((r) => r.exitCode === 0)).toHaveLength(1);
    expect(await available(buyer.id)).toBe(units(trade.buyerReceives));
  });
});
