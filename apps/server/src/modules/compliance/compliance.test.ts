import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { TEST_NETWORK_ADDRESSES } from '../../../test/addresses.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';
import { loadConfig } from '../../platform/config.js';
import { checkLedger } from '../ledger/index.js';
import { createJurisdictions } from './jurisdictions.js';

describe('jurisdictions', () => {
  it('should read the lists case-blind and treat an unknown country as on neither list', () => {
    const j = createJurisdictions({ grayCountries: ['RU'], blockedCountries: ['KP'] });
    expect(j.isGray('ru')).toBe(true);
    expect(j.isBlocked('KP')).toBe(true);
    expect(j.isBlocked(null)).toBe(false);
    expect(j.isGray(undefined)).toBe(false);
    expect(j.blocksAny).toBe(true);
    expect(createJurisdictions({ grayCountries: [], blockedCountries: [] }).blocksAny).toBe(false);
    expect(() => j.assertNotBlocked('kp', 'Trading is')).toThrow(/not available in your location/);
  });

  it('should stop the start on a list entry that is not a country code', () => {
    expect(() => loadConfig({ COMPLIANCE_BLOCKED_COUNTRIES: 'KP,Korea' })).toThrow(
      /COMPLIANCE_BLOCKED_COUNTRIES: "KOREA" is not a two-letter country code/,
    );
    expect(loadConfig({ COMPLIANCE_GRAY_COUNTRIES: ' ru, ir ' }).compliance.grayCountries).toEqual([
      'RU',
      'IR',
    ]);
  });
});

describe('the operator’s compliance lists (decision 0039)', () => {
  let t: TestApp;
  let s: ReturnType<typeof tradeScenario>;
  let seller: Party;
  let buyer: Party;
  let hash: string;
  const livesIn = (who: Party, country: string | null) =>
    t.database.db.execute(sql`UPDATE users SET country_iso = ${country} WHERE id = ${who.id}`);
  const listed = async () => {
    const page = await buyer.c.get('/rest/v1/offers?type=buy&currency=USD&limit=50');
    expect(page.statusCode, page.body).toBe(200);
    return (page.json().data.offers as { hash: string }[]).some((o) => o.hash === hash);
  };

  beforeAll(async () => {
    t = await createTestApp({
      OFFER_SEARCH_CACHE_MS: '0',
      COMPLIANCE_GRAY_COUNTRIES: 'IR',
      COMPLIANCE_BLOCKED_COUNTRIES: 'KP,SY',
    });
    s = tradeScenario(t);
    seller = await s.party('cl_seller');
    buyer = await s.party('cl_buyer');
    await s.fund(seller.name, '0.01');
    await s.fund(buyer.name, '0.01');
    hash = await s.sellOffer(seller);
  });
  afterAll(() => t.close());

  it('should warn on the offer page of an owner in a gray-listed jurisdiction, and still list it', async () => {
    const page = async () => (await buyer.c.get(`/rest/v1/offers/${hash}`)).json().data;
    expect((await page()).isGrayCountry).toBe(false);
    await livesIn(seller, 'IR');
    expect((await page()).isGrayCountry).toBe(true);
    expect(await listed()).toBe(true);
    await livesIn(seller, null);
  });

  it('should refuse a taker who lives in a blocked jurisdiction, with nothing locked', async () => {
    await livesIn(buyer, 'KP');
    const refused = await buyer.c.post('/rest/v1/trade/start', { offer_hash: hash, fiat_amount: '10' });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().errors[0].code).toBe('BLOCKED_IN_LOCATION');
    const trades = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM trades WHERE buyer_id = ${buyer.id}`,
    );
    expect((trades as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    // Nor may they send coins out, nor switch an offer on.
    const withdraw = await buyer.c.post('/rest/v2/wallet/withdraw', {
      crypto_currency_code: 'BTC',
      amount: '0.001',
      address: TEST_NETWORK_ADDRESSES.BTC,
    });
    expect(withdraw.statusCode).toBe(403);
    expect(withdraw.json().errors[0].code).toBe('BLOCKED_IN_LOCATION');
    const offer = await buyer.c.post('/rest/v1/my-offers', {
      type: 'sell',
      crypto_currency_code: 'BTC',
      fiat_currency_code: 'USD',
      payment_method: 'bank-transfer',
      margin: '0',
      range_min: '10',
      range_max: '500',
      payment_window: 60,
    });
    expect(offer.statusCode).toBe(403);
    expect(offer.json().errors[0].code).toBe('BLOCKED_IN_LOCATION');
    await livesIn(buyer, null);
  });

  it('should take the offers of an owner who lives in a blocked jurisdiction off the marketplace', async () => {
    expect(await listed()).toBe(true);
    await livesIn(seller, 'SY');
    expect(await listed()).toBe(false);
    const page = (await buyer.c.get(`/rest/v1/offers/${hash}`)).json().data;
    expect(page.isAvailable).toBe(false);
    const start = await buyer.c.post('/rest/v1/trade/start', { offer_hash: hash, fiat_amount: '10' });
    expect(start.statusCode).toBe(409);
    expect(start.json().errors[0].code).toBe('OFFER_NOT_AVAILABLE');
    // Switching offers on is refused too.
    const toggle = await seller.c.post('/offer-manager/toggle-all-offers-state', {
      new_status: true,
    });
    expect(toggle.statusCode, toggle.body).toBe(403);
    expect(toggle.json().errors[0].code).toBe('BLOCKED_IN_LOCATION');
    await livesIn(seller, null);
    expect(await listed()).toBe(true);
    await s.start(buyer, hash, '10');
    const report = await checkLedger(t.database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
  });
});
