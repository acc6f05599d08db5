import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradeSchema, type Trade } from '@app/contract';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { kycLevelsEnv } from '../../../test/kyc-levels.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';

/**
 * Trade views share the parties' public numbers (trade counts, feedback, trust, last seen) for the
 * marketplace's window (OFFER_SEARCH_CACHE_MS) per pair of parties; everything of the trade itself
 * (status, requirements, relations, dispute) is read with it on every view. The bounds: a release shows
 * its parties' new counts at once (it forgets their numbers), anything else within the window.
 */
describe('trade views: the parties’ shared numbers', () => {
  const windowMs = 700;
  let t: TestApp;
  let s: ReturnType<typeof tradeScenario>;
  let seller: Party;
  let buyer: Party;
  let offer: string;

  const view = async (party: Party, hash: string): Promise<Trade> => {
    const response = await party.c.get(`/rest/v1/trade/${hash}`);
    expect(response.statusCode, response.body).toBe(200);
    return tradeSchema.parse(response.json().data);
  };
  const release = async (hash: string): Promise<Trade> => {
    await s.markPaid(buyer, hash);
    const response = await seller.c.post(`/rest/v1/trade/${hash}/release`);
    expect(response.statusCode, response.body).toBe(200);
    return tradeSchema.parse(response.json().data);
  };
  const pastWindow = () => new Promise((resolve) => setTimeout(resolve, windowMs + 50));

  beforeAll(async () => {
    t = await createTestApp({
      OFFER_SEARCH_CACHE_MS: String(windowMs),
      ...kycLevelsEnv({ maxActiveTrades: 10 }),
    });
    s = tradeScenario(t);
    seller = await s.party('vws');
    buyer = await s.party('vwb');
    await s.fund(seller.name, '1');
    offer = await s.sellOffer(seller);
  });
  afterAll(() => t.close());

  it('should show a release’s new trade counts in its own answer and in the next view at once', async () => {
    const open = await s.start(buyer, offer);
    expect((await view(buyer, open.id)).seller.totalTrades).toBe(0);
    const released = await release((await s.start(buyer, offer)).id);
    expect(released.seller.totalTrades).toBe(1);
    expect(released.buyer.totalTrades).toBe(1);
    // The other trade of the same pair, viewed right after: not the numbers shared before the release.
    expect((await view(buyer, open.id)).seller.totalTrades).toBe(1);
    expect((await view(seller, open.id)).buyer.totalPartners).toBe(1);
  });

  it('should show feedback within the window, and a trust or block at once', async () => {
    const open = await s.start(buyer, offer);
    const done = await release((await s.start(buyer, offer)).id);
    expect((await view(buyer, open.id)).seller.feedback.positive).toBe(0);
    const given = await buyer.c.post(`/rest/v1/feedback/${done.id}/give`, { rating: 'positive' });
    expect(given.statusCode, given.body).toBe(200);
    // The relation between the parties is the trade's own: the next view has it.
    const trusted = await buyer.c.put(`/rest/v1/users/${seller.name}/relations`, { action: 'trusted' });
    expect(trusted.statusCode, trusted.body).toBe(200);
    expect((await view(buyer, open.id)).viewerRelation).toEqual({ isTrusted: true, isBlocked: false });
    // The feedback count is a shared number: at the latest once the window has passed.
    await pastWindow();
    expect((await view(buyer, open.id)).seller.feedback.positive).toBe(1);
    const blocked = await seller.c.put(`/rest/v1/users/${buyer.name}/relations`, { action: 'blocked' });
    expect(blocked.statusCode, blocked.body).toBe(200);
    // A running trade's chat has no closing time yet (decision 0052).
    expect((await view(buyer, open.id)).chat).toEqual({
      canPost: false,
      blockReason: 'ChatBlocked',
      closesAt: null,
    });
    expect((await view(seller, open.id)).viewerRelation).toEqual({ isTrusted: false, isBlocked: true });
  });

  it('should show a party’s trades with someone else within the window', async () => {
    const other = await s.party('vwo');
    const open = await s.start(other, offer);
    const before = (await view(other, open.id)).seller.totalTrades;
    // The seller completes a trade with a third person: a pair this view does not share numbers with.
    const third = await s.party('vwt');
    const trade = await s.start(third, offer);
    await s.markPaid(third, trade.id);
    expect((await seller.c.post(`/rest/v1/trade/${trade.id}/release`)).statusCode).toBe(200);
    await pastWindow();
    expect((await view(other, open.id)).seller.totalTrades).toBe(before + 1);
  });
});
