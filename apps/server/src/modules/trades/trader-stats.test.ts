import { sql } from 'drizzle-orm';
import type { OfferListing, PublicProfile } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Issue 17: the completion rate and release time on the listing card and the profile, from trades made
 * through the HTTP API (decision 0045): released trades count as completed for both parties, a buyer's
 * cancel and an expired unpaid trade count against the buyer only, the release time is the seller's mean
 * from "paid" to "released", and only the last 30 days count.
 */
describe('trader stats', () => {
  let t: TestApp;
  let s: ReturnType<typeof tradeScenario>;
  let seller: Party;
  let buyer: Party;
  let slowBuyer: Party;
  let offerHash: string;
  const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);

  beforeAll(async () => {
    t = await createTestApp();
    s = tradeScenario(t);
    seller = await s.party('statseller');
    buyer = await s.party('statbuyer');
    slowBuyer = await s.party('statslow');
    await s.fund(seller.name, '1');
    offerHash = await s.sellOffer(seller);
  });
  afterAll(() => t.close());

  /** The seller's card in the BTC/USD marketplace, as a visitor sees it. */
  async function sellerCard(): Promise<OfferListing['owner']> {
    const response = await t.client().get('/rest/v1/offers?type=buy&currency=USD&limit=50');
    expect(response.statusCode, response.body).toBe(200);
    const offers = response.json().data.offers as OfferListing[];
    const card = offers.find((o) => o.hash === offerHash);
    expect(card, 'the seller offer in the search').toBeDefined();
    return card!.owner;
  }

  async function profile(name: string): Promise<PublicProfile['tradeStats']> {
    const response = await t.client().get(`/rest/v1/users/${name}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as PublicProfile).tradeStats;
  }

  /** A trade started and marked paid; `paidSecondsAgo` moves "paid" back so the release takes that long. */
  async function paidTrade(taker: Party, paidSecondsAgo: number) {
    const trade = await s.start(taker, offerHash);
    await s.markPaid(taker, trade.id);
    await exec(sql`UPDATE trades SET paid_at = paid_at - make_interval(secs => ${paidSecondsAgo})
      WHERE hash = ${trade.id}`);
    return trade.id;
  }

  async function release(hash: string) {
    const response = await seller.c.post(`/rest/v1/trade/${hash}/release`);
    expect(response.statusCode, response.body).toBe(200);
  }

  /** Mean seconds from paid to released over the seller's released trades, from the rows themselves. */
  async function meanReleaseFromRows(): Promise<number> {
    const [row] = rowsOf<{ mean: string }>(
      await exec(sql`SELECT avg(round(extract(epoch FROM completed_at - paid_at)))::text AS mean FROM trades
        WHERE seller_id = ${seller.id} AND status = 'released'`),
    );
    return Math.round(Number(row!.mean));
  }

  it('should show no rate and no release time before any finished trade', async () => {
    expect(await sellerCard()).toMatchObject({ completionRate: null, avgReleaseSeconds: null });
    expect(await profile(seller.name)).toEqual({
      completedTrades: 0,
      completionRate: null,
      avgReleaseSeconds: null,
    });
  });

  it('should count released trades for both parties and average the seller release time', async () => {
    await release(await paidTrade(buyer, 600));
    await release(await paidTrade(buyer, 1200));
    const mean = await meanReleaseFromRows();
    expect(mean).toBeGreaterThanOrEqual(900);
    expect(mean).toBeLessThan(960);
    const card = await sellerCard();
    expect(card).toMatchObject({
      completionRate: '100.0',
      avgReleaseSeconds: mean,
      monthlyTradeStats: { trades: 2, partners: 1 },
    });
    expect(await profile(seller.name)).toEqual({
      completedTrades: 2,
      completionRate: '100.0',
      avgReleaseSeconds: mean,
    });
    // The buyer completed both; they sold nothing, so no release time.
    expect(await profile(buyer.name)).toEqual({
      completedTrades: 2,
      completionRate: '100.0',
      avgReleaseSeconds: null,
    });
  });

  it("should count a buyer's cancel and an expired unpaid trade against the buyer only", async () => {
    const cancelled = await s.start(buyer, offerHash);
    const cancel = await buyer.c.post(`/rest/v1/trade/${cancelled.id}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);

    const unpaid = await s.start(slowBuyer, offerHash);
    await exec(sql`UPDATE trades SET expires_at = now() - interval '1 second' WHERE hash = ${unpaid.id}`);
    expect(await t.app.trades.expireDue()).toBe(1);

    // Buyer: 2 completed, 1 cancelled -> 66.7 %; the slow buyer: 0 of 1; the seller keeps 100 %.
    expect((await profile(buyer.name)).completionRate).toBe('66.7');
    expect(await profile(slowBuyer.name)).toEqual({
      completedTrades: 0,
      completionRate: '0.0',
      avgReleaseSeconds: null,
    });
    expect((await sellerCard()).completionRate).toBe('100.0');

    const statuses = rowsOf<{ status: string }>(
      await exec(sql`SELECT status FROM trades WHERE seller_id = ${seller.id} ORDER BY id`),
    ).map((r) => r.status);
    expect(statuses).toEqual(['released', 'released', 'cancelled_buyer', 'cancelled_system']);
  });

  it('should leave out days older than the 30-day window but keep the all-time trade count', async () => {
    await exec(sql`UPDATE user_trade_days SET day = day - 30 WHERE user_id = ${seller.id}`);
    expect(await profile(seller.name)).toEqual({
      completedTrades: 2,
      completionRate: null,
      avgReleaseSeconds: null,
    });
    await exec(sql`UPDATE user_trade_days SET day = day + 30 WHERE user_id = ${seller.id}`);
    expect((await profile(seller.name)).completionRate).toBe('100.0');
  });
});
