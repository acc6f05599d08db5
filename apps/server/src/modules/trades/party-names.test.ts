import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicProfileSchema, tradeSchema, type Trade } from '@app/contract';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';

/**
 * Full names (issue 26, decision 0050): the name an approved ID verification proved, in the display form
 * the user chose, shown to whom their full-name visibility allows: everyone; trusted (users they trust);
 * trusted and trade partners (also the other party of a trade, and on the profile users they completed
 * a trade with); nobody. The trade parties' `fullName` was always null, whatever the settings.
 */
describe('full names on trades, profiles and the full-name requirement', () => {
  let t: TestApp;
  let s: ReturnType<typeof tradeScenario>;
  let reviewer: Party;
  let moderator: Party;
  let seller: Party;
  let buyer: Party;
  let tradeHash: string;

  const settings = async (party: Party, body: Record<string, unknown>) => {
    const response = await party.c.post('/rest/v1/users/settings', body);
    expect(response.statusCode, response.body).toBe(200);
  };
  const tradeAs = async (client: TestClient): Promise<Trade> => {
    const response = await client.get(`/rest/v1/trade/${tradeHash}`);
    expect(response.statusCode, response.body).toBe(200);
    return tradeSchema.parse(response.json().data);
  };
  /** The seller's name as the buyer, the seller and a moderator see it on the trade. */
  const sellerNameOnTrade = async () => {
    const names = await Promise.all([buyer.c, seller.c, moderator.c].map(tradeAs));
    const [first] = names;
    // Everyone looking at the trade sees the same name.
    for (const view of names) expect(view.seller.fullName).toBe(first!.seller.fullName);
    return first!.seller.fullName;
  };
  const relation = async (from: Party, to: Party, action: string) => {
    const response = await from.c.put(`/rest/v1/users/${to.name}/relations`, { action });
    expect(response.statusCode, response.body).toBe(200);
  };
  const profileName = async (client: TestClient, of: Party) => {
    const response = await client.get(`/rest/v1/users/${of.name}`);
    expect(response.statusCode, response.body).toBe(200);
    return publicProfileSchema.parse(response.json().data).fullName;
  };

  beforeAll(async () => {
    t = await createTestApp();
    s = tradeScenario(t);
    reviewer = await s.staffMember('pn_reviewer', 'supermod');
    moderator = await s.staffMember('pn_moderator', 'moderator');
    seller = await s.party('pn_seller');
    buyer = await s.party('pn_buyer');
    await s.fund(seller.name, '1');
    tradeHash = (await s.start(buyer, await s.sellOffer(seller), '20')).id;
  });
  afterAll(() => t.close());

  it('should show no name before the ID is verified, whatever the settings', async () => {
    await settings(seller, { full_name_visibility_type: 'everyone', full_name_display_type: 'full_name' });
    expect(await sellerNameOnTrade()).toBeNull();
    expect((await tradeAs(buyer.c)).seller.verification.id).toBe(false);
    expect(await profileName(t.client(), seller)).toBeNull();
  });

  it('should follow each visibility setting on the trade page (the other party is a trade partner)', async () => {
    await s.verifyId(seller, reviewer, { first: 'Ana', middle: 'María', last: 'García' });
    expect((await tradeAs(buyer.c)).seller.verification.id).toBe(true);
    const cases: [string, string | null][] = [
      ['everyone', 'Ana María García'],
      ['trusted_and_partners', 'Ana María García'],
      ['trusted', null],
      ['nobody', null],
    ];
    for (const [visibility, expected] of cases) {
      await settings(seller, { full_name_visibility_type: visibility });
      expect(await sellerNameOnTrade(), visibility).toBe(expected);
    }
    // Trusted only: once the seller trusts the buyer.
    await settings(seller, { full_name_visibility_type: 'trusted' });
    await relation(seller, buyer, 'trusted');
    expect(await sellerNameOnTrade()).toBe('Ana María García');
    await relation(seller, buyer, 'untrusted');
    expect(await sellerNameOnTrade()).toBeNull();
    // The buyer trusting the seller does not open the seller's name.
    await relation(buyer, seller, 'trusted');
    expect(await sellerNameOnTrade()).toBeNull();
    await relation(buyer, seller, 'untrusted');
  });

  it('should follow each display form', async () => {
    await settings(seller, { full_name_visibility_type: 'everyone' });
    const forms: [string, string | null][] = [
      ['first_name_initial', 'Ana G.'],
      ['full_name', 'Ana María García'],
      ['hide_name', null],
      // A person has no company name to show.
      ['legal_entity_name', null],
      ['business_name', null],
    ];
    for (const [form, expected] of forms) {
      await settings(seller, { full_name_display_type: form });
      expect(await sellerNameOnTrade(), form).toBe(expected);
    }
    // The buyer's own settings (nobody, the default) keep the buyer's name off the trade.
    await s.verifyId(buyer, reviewer, { first: 'Bruno', last: 'Díaz' });
    expect((await tradeAs(seller.c)).buyer.fullName).toBeNull();
    await settings(buyer, { full_name_visibility_type: 'trusted_and_partners' });
    expect((await tradeAs(seller.c)).buyer.fullName).toBe('Bruno D.');
  });

  it('should apply the same rule on the public profile: partners are users who completed a trade together', async () => {
    await settings(seller, { full_name_visibility_type: 'everyone', full_name_display_type: 'full_name' });
    const stranger = await s.party('pn_stranger');
    expect(await profileName(t.client(), seller)).toBe('Ana María García');
    expect(await profileName(stranger.c, seller)).toBe('Ana María García');

    await settings(seller, { full_name_visibility_type: 'trusted_and_partners' });
    expect(await profileName(t.client(), seller)).toBeNull();
    expect(await profileName(stranger.c, seller)).toBeNull();
    // A running trade is not yet a completed one: the trade page shows it, the profile not.
    expect(await profileName(buyer.c, seller)).toBeNull();
    await s.markPaid(buyer, tradeHash);
    expect((await seller.c.post(`/rest/v1/trade/${tradeHash}/release`)).statusCode).toBe(200);
    expect(await profileName(buyer.c, seller)).toBe('Ana María García');
    expect(await profileName(stranger.c, seller)).toBeNull();

    await settings(seller, { full_name_visibility_type: 'trusted' });
    expect(await profileName(buyer.c, seller)).toBeNull();
    await relation(seller, stranger, 'trusted');
    expect(await profileName(stranger.c, seller)).toBe('Ana María García');

    // One's own profile reads as a visitor's.
    expect(await profileName(seller.c, seller)).toBeNull();
    await settings(seller, { full_name_visibility_type: 'nobody' });
    expect(await profileName(stranger.c, seller)).toBeNull();
  });

  it('should let a taker meet "show full name" only with a name the offer owner will see', async () => {
    const owner = await s.party('pn_owner');
    await s.fund(owner.name, '1');
    const offer = await s.sellOffer(owner, { requirements: [{ type: 'ShowFullName' }] });
    const taker = await s.party('pn_taker');
    const start = () => taker.c.post('/rest/v1/trade/start', { offer_hash: offer, fiat_amount: '20' });
    const refusedFor = async () => {
      const response = await start();
      expect(response.statusCode, response.body).toBe(403);
      return response.json().errors[0].details.map((d: { code: string }) => d.code);
    };
    // Visible to everyone, but nothing verified to show.
    await settings(taker, { full_name_visibility_type: 'everyone' });
    expect(await refusedFor()).toEqual(['ShowFullName']);
    await s.verifyId(taker, reviewer, { first: 'Carla', last: 'Ruiz' });
    await settings(taker, { full_name_visibility_type: 'nobody' });
    expect(await refusedFor()).toEqual(['ShowFullName']);
    // Trusted only: met once the taker trusts the owner.
    await settings(taker, { full_name_visibility_type: 'trusted' });
    expect(await refusedFor()).toEqual(['ShowFullName']);
    await relation(taker, owner, 'trusted');
    const started = await start();
    expect(started.statusCode, started.body).toBe(201);
    expect(tradeSchema.parse(started.json().data).buyer.fullName).toBe('Carla R.');
  });
});
