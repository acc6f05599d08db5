import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerViewSchema, type OfferView } from '@app/contract';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';

/**
 * The offer page's viewer flags (issue 26, decision 0050). `isNewBuyer`: the viewer would buy (a sell
 * offer) and never completed a purchase from its owner, the trade start's own new-buyer rule, so the
 * page's limit and the start agree. `isMaxTradeLimitUserIDNotVerified`: the viewer's ID is not verified.
 * Both were true for every logged-in non-owner.
 */
describe('offer page: new buyer and ID not verified', () => {
  let t: TestApp;
  let s: ReturnType<typeof tradeScenario>;
  let seller: Party;
  let reviewer: Party;
  let sellOffer: string;

  const view = async (client: TestClient, hash: string): Promise<OfferView> => {
    const response = await client.get(`/rest/v1/offers/${hash}`);
    expect(response.statusCode, response.body).toBe(200);
    return offerViewSchema.parse(response.json().data);
  };
  const flags = async (client: TestClient, hash = sellOffer) => {
    const v = await view(client, hash);
    return { isNewBuyer: v.isNewBuyer, idNotVerified: v.isMaxTradeLimitUserIDNotVerified };
  };
  /** A purchase from `from`'s sell offer, released. */
  async function buy(buyer: Party, from: Party, offerHash: string) {
    const trade = await s.start(buyer, offerHash, '20');
    await s.markPaid(buyer, trade.id);
    const released = await from.c.post(`/rest/v1/trade/${trade.id}/release`);
    expect(released.statusCode, released.body).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestApp();
    s = tradeScenario(t);
    reviewer = await s.staffMember('opv_reviewer', 'supermod');
    seller = await s.party('opv_seller');
    await s.fund(seller.name, '1');
    sellOffer = await s.sellOffer(seller, { new_buyer_limit: '50' });
  });
  afterAll(() => t.close());

  it('should call a viewer a new buyer until they completed a purchase from this owner', async () => {
    const viewer = await s.party('opv_viewer');
    expect(await flags(viewer.c)).toEqual({ isNewBuyer: true, idNotVerified: true });
    // The start applies the same rule: above the new-buyer limit, refused.
    const refused = await viewer.c.post('/rest/v1/trade/start', { offer_hash: sellOffer, fiat_amount: '60' });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors[0].code).toBe('NewBuyerTradeLimit');

    await buy(viewer, seller, sellOffer);
    expect(await flags(viewer.c)).toEqual({ isNewBuyer: false, idNotVerified: true });
    const allowed = await viewer.c.post('/rest/v1/trade/start', { offer_hash: sellOffer, fiat_amount: '60' });
    expect(allowed.statusCode, allowed.body).toBe(201);

    // Still new to another seller.
    const other = await s.party('opv_other');
    await s.fund(other.name, '1');
    expect(await flags(viewer.c, await s.sellOffer(other, { new_buyer_limit: '50' }))).toMatchObject({
      isNewBuyer: true,
    });
  });

  it('should not count a trade the other way round: selling to the owner is not buying from them', async () => {
    const viewer = await s.party('opv_sold');
    await s.fund(viewer.name, '1');
    // The seller's buy offer: the viewer sells to them, so the two are trade partners.
    const buyOffer = await s.sellOffer(seller, { type: 'buy' });
    const trade = await s.start(viewer, buyOffer, '20');
    await s.markPaid(seller, trade.id);
    const released = await viewer.c.post(`/rest/v1/trade/${trade.id}/release`);
    expect(released.statusCode, released.body).toBe(200);
    expect(await flags(viewer.c)).toMatchObject({ isNewBuyer: true });
    // On a buy offer the viewer sells: no new-buyer limit concerns them.
    expect(await flags(viewer.c, buyOffer)).toMatchObject({ isNewBuyer: false });
  });

  it('should say "ID not verified" only until the viewer verified their ID', async () => {
    const viewer = await s.party('opv_verified');
    expect(await flags(viewer.c)).toMatchObject({ idNotVerified: true });
    await s.verifyId(viewer, reviewer);
    expect(await flags(viewer.c)).toMatchObject({ idNotVerified: false });
  });

  it('should set neither for the owner nor for a visitor', async () => {
    expect(await flags(seller.c)).toEqual({ isNewBuyer: false, idNotVerified: false });
    expect(await flags(t.client())).toEqual({ isNewBuyer: false, idNotVerified: false });
  });
});
