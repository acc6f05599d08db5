import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORLDWIDE_COUNTRY } from '@app/contract';
import { buildApp } from '../../app.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';
import { encodeCursor } from './cursor.js';

type Card = { hash: string; owner: { username: string; avgReleaseSeconds: number | null } };
type Page = { offers: Card[]; searchId: string; nextPageId: string | null; total: number | null };

/**
 * The marketplace search's location and release-time order (issue 26, decision 0050): `location_id`
 * 9999 (the worldwide entry `/countries` lists first) means anywhere; the release-time sorts order by
 * the owners' 30-day mean release time, the figure the cards show, owners without one last in both
 * directions, ties by the side's best price, in keyset pages that neither repeat nor skip. Every search
 * runs twice: on pages shared for a window (decision 0031) and computed for the request alone.
 */
describe('marketplace search: location and release-time order', () => {
  let t: TestApp;
  let computed: FastifyInstance;
  let s: ReturnType<typeof tradeScenario>;
  let viewer: Party;
  const offer: Record<string, string> = {};
  const owner: Record<string, string> = {};

  /** Both apps' answer to one search (they must agree), as the computed one gives it. */
  async function search(query: string): Promise<Page> {
    const shared = await viewer.c.get(`/rest/v1/offers?${query}`);
    expect(shared.statusCode, shared.body).toBe(200);
    const alone = await computed.inject({
      method: 'GET',
      url: `/rest/v1/offers?${query}`,
      headers: { cookie: viewer.c.cookieHeader() },
    });
    expect(alone.statusCode, alone.body).toBe(200);
    expect(shared.json().data.offers).toEqual(alone.json().data.offers);
    expect(shared.json().data.nextPageId).toEqual(alone.json().data.nextPageId);
    return alone.json().data as Page;
  }
  const hashes = (page: Page) => page.offers.map((o) => o.hash);

  /** Every page with `limit`, following the cursors. */
  async function walk(query: string, limit: number): Promise<string[]> {
    const seen: string[] = [];
    let page = await search(`${query}&limit=${limit}`);
    seen.push(...hashes(page));
    for (let i = 0; page.nextPageId && i < 20; i += 1) {
      page = await search(
        `${query}&limit=${limit}&searchId=${page.searchId}&page_id=${encodeURIComponent(page.nextPageId)}`,
      );
      seen.push(...hashes(page));
    }
    expect(page.nextPageId).toBeNull();
    return seen;
  }

  /** A sale by `seller` that the buyer marked paid `seconds` before the seller released it. */
  async function saleReleasedAfter(seller: Party, offerHash: string, seconds: number) {
    const buyer = await s.party('so_buyer');
    const trade = await s.start(buyer, offerHash, '20');
    await s.markPaid(buyer, trade.id);
    await t.database.db.execute(
      sql`UPDATE trades SET paid_at = paid_at - make_interval(secs => ${seconds}) WHERE hash = ${trade.id}`,
    );
    const released = await seller.c.post(`/rest/v1/trade/${trade.id}/release`);
    expect(released.statusCode, released.body).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestApp({ OFFER_SEARCH_CACHE_MS: '60000' });
    computed = await buildApp({
      config: { ...t.config, offers: { ...t.config.offers, searchCacheMs: 0 } },
      database: t.database,
      logger: false,
    });
    await computed.ready();
    s = tradeScenario(t);
    viewer = await s.party('so_viewer');
    // name: [margin, release seconds of their sales (none: no release time)]
    const sellers: [string, string, number[]][] = [
      ['fast', '5', [50, 70]], // mean 60 s, the dearest
      ['slowCheap', '1', [600]],
      ['slowDear', '3', [300, 900]], // mean 600 s, as slowCheap: the price decides
      ['newCheap', '0', []],
      ['newDear', '2', []],
    ];
    for (const [name, margin, releases] of sellers) {
      const party = await s.party(`so_${name.toLowerCase()}`);
      owner[name] = party.name;
      await s.fund(party.name, '1');
      // A second offer in another currency carries the sales, so the searched market is one offer each.
      const sales = await s.sellOffer(party, { fiat_currency_code: 'USD', margin: '0' });
      for (const seconds of releases) await saleReleasedAfter(party, sales, seconds);
      offer[name] = await s.sellOffer(party, {
        fiat_currency_code: 'EUR',
        payment_method: 'sepa-bank-transfer',
        margin,
      });
    }
  }, 180_000);
  afterAll(async () => {
    await computed.close();
    await t.close();
  });

  const q = 'type=buy&currency=EUR';

  it('should order by the release time the cards show, owners without one last, ties by price', async () => {
    const fastest = await search(`${q}&sort=release_time_asc&limit=20`);
    expect(hashes(fastest)).toEqual([
      offer.fast,
      offer.slowCheap,
      offer.slowDear,
      offer.newCheap,
      offer.newDear,
    ]);
    // The order is the figure on the cards.
    expect(fastest.offers.map((o) => o.owner.avgReleaseSeconds)).toEqual([60, 600, 600, null, null]);
    const slowest = await search(`${q}&sort=release_time_desc&limit=20`);
    expect(hashes(slowest)).toEqual([
      offer.slowCheap,
      offer.slowDear,
      offer.fast,
      offer.newCheap,
      offer.newDear,
    ]);
    // Not the price order any more (which it was before).
    expect(hashes(await search(`${q}&sort=crypto_usd_price_asc&limit=20`))).toEqual([
      offer.newCheap,
      offer.slowCheap,
      offer.newDear,
      offer.slowDear,
      offer.fast,
    ]);
  });

  it('should page the release-time order exactly like one long page, both ways', async () => {
    for (const sort of ['release_time_asc', 'release_time_desc']) {
      const whole = hashes(await search(`${q}&sort=${sort}&limit=20`));
      for (const limit of [1, 2, 3]) {
        expect(await walk(`${q}&sort=${sort}`, limit), `${sort} by ${limit}`).toEqual(whole);
      }
    }
  });

  it("should keep sellers (a buy offer list) in the side's price order among equals", async () => {
    const buyOffers: string[] = [];
    for (const margin of ['-2', '-1']) {
      const buyer = await s.party('so_buyoffer');
      buyOffers.push(
        await s.sellOffer(buyer, {
          type: 'buy',
          fiat_currency_code: 'EUR',
          payment_method: 'sepa-bank-transfer',
          margin,
        }),
      );
    }
    // Nobody released: the dearest bid first, as the default order of the selling side.
    expect(hashes(await search('type=sell&currency=EUR&sort=release_time_asc&limit=20'))).toEqual([
      buyOffers[1],
      buyOffers[0],
    ]);
  });

  it('should page the release-time order in snake_case too, and 20 searches at once agree', async () => {
    const url = `/rest/v1/offers?${q}&sort=release_time_asc&limit=2&case=snake`;
    const first = (await viewer.c.get(url)).json().data as {
      offers: Card[];
      search_id: string;
      next_page_id: string;
    };
    expect(first.offers.map((o) => o.hash)).toEqual([offer.fast, offer.slowCheap]);
    const second = await viewer.c.get(
      `${url}&searchId=${first.search_id}&page_id=${encodeURIComponent(first.next_page_id)}`,
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.offers.map((o: Card) => o.hash)).toEqual([offer.slowDear, offer.newCheap]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => viewer.c.get(`/rest/v1/offers?${q}&sort=release_time_desc&limit=20`)),
    );
    const orders = answers.map((a) => JSON.stringify(a.json().data.offers.map((o: Card) => o.hash)));
    expect(new Set(orders).size).toBe(1);
  });

  it('should refuse a page link of another order', async () => {
    const priceCursor = encodeCursor({ key: '100', id: 1 });
    const refused = await viewer.c.get(`/rest/v1/offers?${q}&sort=release_time_asc&page_id=${priceCursor}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].details[0]).toMatchObject({ field: 'page_id', code: 'invalid_page_id' });
    const releaseCursor = encodeCursor({ key: '100', id: 1, release: 60 });
    expect((await viewer.c.get(`/rest/v1/offers?${q}&page_id=${releaseCursor}`)).statusCode).toBe(422);
    const negative = Buffer.from(JSON.stringify(['100', 1, -5])).toString('base64url');
    expect(
      (await viewer.c.get(`/rest/v1/offers?${q}&sort=release_time_asc&page_id=${negative}`)).statusCode,
    ).toBe(422);
  });

  it('should take the worldwide location as anywhere, and still refuse an unknown one', async () => {
    const anywhere = hashes(await search(`${q}&limit=20`));
    expect(anywhere).toHaveLength(5);
    expect(hashes(await search(`${q}&limit=20&location_id=${WORLDWIDE_COUNTRY.id}`))).toEqual(anywhere);
    // The id is the one /countries lists first.
    const countries = await viewer.c.get('/rest/v1/countries?limit=500&offset=0');
    expect(countries.json().data[0]).toMatchObject({ id: WORLDWIDE_COUNTRY.id, iso: 'WORLDWIDE' });
    await t.database.db.execute(sql`UPDATE users SET country_iso = 'DE' WHERE username = ${owner.fast!}`);
    const germany = await viewer.c.get('/rest/v1/offers?type=buy&currency=EUR&location_id=276&limit=20');
    expect(germany.json().data.offers.map((o: Card) => o.hash)).toEqual([offer.fast]);
    for (const id of ['123456', '-1', '99999999999999999999', '9999.5', 'WORLDWIDE']) {
      const unknown = await viewer.c.get(`/rest/v1/offers?${q}&location_id=${id}`);
      expect(unknown.statusCode, id).toBe(422);
      expect(unknown.json().errors[0].details[0]).toMatchObject({ field: 'location_id' });
    }
  });
});
