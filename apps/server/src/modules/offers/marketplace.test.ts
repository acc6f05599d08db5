import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestApp, sellOfferBody, type TestApp, type TestClient } from '../../../test/helpers.js';
import { runAdminCommand } from '../../cli/commands.js';
import { contactsRepository } from '../contacts/index.js';
import { MARKET_CHANGED_EVENT } from './market-events.js';

type Card = {
  hash: string;
  owner: { username: string };
  isFavorite?: boolean;
  is_favorite?: boolean;
  margin: string;
};
type Page = {
  offers: Card[];
  searchId: string;
  nextPageId: string | null;
  total: number | null;
  totalCapped: boolean;
};

async function deposit(t: TestApp, username: string, amount = '1') {
  const result = await runAdminCommand({ db: t.database.db, config: t.config }, [
    'wallet:deposit',
    '--user',
    username,
    '--crypto',
    'BTC',
    '--amount',
    amount,
  ]);
  expect(result.exitCode, result.output).toBe(0);
}

async function publish(owner: TestClient, extra: Record<string, unknown>): Promise<string> {
  const created = await owner.post('/rest/v1/my-offers', sellOfferBody(extra));
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.idHashed as string;
}

const pageOf = (response: LightMyRequestResponse): Page => {
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json().data as Record<string, unknown>;
  return {
    offers: data.offers as Card[],
    searchId: String(data.searchId ?? data.search_id),
    nextPageId: (data.nextPageId ?? data.next_page_id ?? null) as string | null,
    total: data.total as number | null,
    totalCapped: (data.totalCapped ?? data.total_capped) as boolean,
  };
};

/** Every page of a search, following `nextPageId` with the search's `searchId`. */
async function walk(get: (url: string) => Promise<LightMyRequestResponse>, url: string): Promise<Page[]> {
  const pages: Page[] = [];
  let next = url;
  for (let i = 0; i < 50; i += 1) {
    const page = pageOf(await get(next));
    pages.push(page);
    if (!page.nextPageId) return pages;
    next = `${url}&searchId=${page.searchId}&page_id=${encodeURIComponent(page.nextPageId)}`;
  }
  throw new Error('more than 50 pages');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Searches and offer pages are built once and shared by every viewer; each viewer's blocks, trust,
 * favourites and country are laid over them (decision 0031). Every answer must be exactly what the
 * computed search gives that viewer: a second app on the same database with sharing off is the oracle.
 */
describe('the shared marketplace', () => {
  let t: TestApp;
  let oracle: FastifyInstance;
  const viewers: Record<string, TestClient> = {};
  const ids: Record<string, number> = {};
  const hashes: Record<string, string[]> = {};

  const shared = (viewer: string) => (url: string) =>
    viewer === 'anonymous' ? t.client().get(url) : viewers[viewer]!.get(url);
  const computed = (viewer: string) => (url: string) =>
    oracle.inject({
      method: 'GET',
      url,
      headers: viewer === 'anonymous' ? {} : { cookie: viewers[viewer]!.cookieHeader() },
    });

  beforeAll(async () => {
    t = await createTestApp({ OFFER_SEARCH_CACHE_MS: '60000' });
    oracle = await buildApp({
      config: { ...t.config, offers: { ...t.config.offers, searchCacheMs: 0 } },
      database: t.database,
      logger: false,
    });
    await oracle.ready();
    const names = [
      'mk_top', // twelve cheapest offers: blocking them uses up a page's spare rows
      'mk_s1', // blocked by mk_blocker
      'mk_s2', // blocks mk_blocked
      'mk_s3', // one offer is mk_fan's favourite
      'mk_trust', // a trusted-only offer; trusts mk_friend
      'mk_de', // an offer for Germany only
      'mk_blocker',
      'mk_heavy', // blocks mk_top
      'mk_blocked',
      'mk_fan',
      'mk_friend',
      'mk_german',
      'mk_plain',
    ];
    for (const name of names) {
      viewers[name] = t.client();
      ids[name] = (await viewers[name].register(name)).id;
    }
    for (const owner of names.slice(0, 6)) await deposit(t, owner);
    const offers: [string, Record<string, unknown>][] = [
      ...Array.from({ length: 12 }, (_, i): [string, Record<string, unknown>] => [
        'mk_top',
        { margin: (-5 + i * 0.01).toFixed(2) },
      ]),
      ['mk_s1', { margin: '1' }],
      ['mk_s1', { margin: '2' }],
      ['mk_s1', { margin: '3' }],
      ['mk_s2', { margin: '1.5' }],
      ['mk_s2', { margin: '2.5' }],
      ['mk_s2', { margin: '3.5' }],
      ['mk_s3', { margin: '0.5' }],
      ['mk_s3', { margin: '4' }],
      ['mk_trust', { margin: '0.2', is_trusted_only: true }],
      ['mk_de', { margin: '0.1', country_list_mode: 'allow', countries: ['DE'] }],
    ];
    for (const [owner, extra] of offers) {
      (hashes[owner] ??= []).push(await publish(viewers[owner]!, extra));
    }
    const db = t.database.db;
    await contactsRepository.set(db, ids.mk_blocker!, ids.mk_s1!, 'blocked');
    await contactsRepository.set(db, ids.mk_heavy!, ids.mk_top!, 'blocked');
    await contactsRepository.set(db, ids.mk_s2!, ids.mk_blocked!, 'blocked');
    await contactsRepository.set(db, ids.mk_trust!, ids.mk_friend!, 'trusted');
    await db.execute(sql`UPDATE users SET country_iso = 'DE' WHERE id = ${ids.mk_german!}`);
    const fav = await viewers.mk_fan!.post(`/rest/v1/favorites/offers/${hashes.mk_s3![0]}`);
    expect(fav.statusCode, fav.body).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await oracle.close();
    await t.close();
  });

  const everyone = [
    'anonymous',
    'mk_fan', // first: a favourite on a page must not leak into the shared page others read
    'mk_plain',
    'mk_blocker',
    'mk_heavy',
    'mk_blocked',
    'mk_friend',
    'mk_german',
    'mk_top',
  ];
  const queries = [
    '/rest/v1/offers?type=buy&currency=USD&limit=2',
    '/rest/v1/offers?type=buy&currency=USD&limit=20',
    '/rest/v1/offers?type=buy&currency=USD&limit=5&sort=crypto_usd_price_desc&case=snake',
    '/rest/v1/offers?type=buy&currency=USD&limit=3&withFavorites=true',
    '/rest/v1/offers?type=buy&limit=4&visitor_country_iso=DE',
  ];

  it('should give every viewer, page after page, exactly what the computed search gives them', async () => {
    for (const query of queries) {
      for (const viewer of everyone) {
        const mine = await walk(shared(viewer), query);
        const expected = await walk(computed(viewer), query);
        expect(mine, `${viewer} ${query}`).toEqual(expected);
        // The first page counts every offer the viewer can walk to (blocks included); later pages
        // carry no count.
        const [first, ...later] = mine;
        expect([first!.total, first!.totalCapped], `${viewer} ${query}`).toEqual([
          mine.flatMap((page) => page.offers).length,
          false,
        ]);
        expect(later.map((page) => page.total)).toEqual(later.map(() => null));
      }
    }
  });

  it('should never show a blocked owner, nor a favourite, nor a trusted-only offer to anyone else', async () => {
    const query = '/rest/v1/offers?type=buy&currency=USD&limit=2';
    const owners = async (viewer: string) =>
      (await walk(shared(viewer), query)).flatMap((p) => p.offers.map((o) => o.owner.username));
    const favourites = async (viewer: string) =>
      (await walk(shared(viewer), query)).flatMap((p) =>
        p.offers.filter((o) => o.isFavorite).map((o) => o.hash),
      );

    expect(await favourites('mk_fan')).toEqual([hashes.mk_s3![0]]);
    expect(await favourites('mk_plain')).toEqual([]);
    expect(await favourites('anonymous')).toEqual([]);
    expect(await owners('mk_blocker')).not.toContain('mk_s1');
    expect(await owners('mk_heavy')).not.toContain('mk_top');
    expect(await owners('mk_blocked')).not.toContain('mk_s2');
    expect(await owners('mk_plain')).toEqual(expect.arrayContaining(['mk_s1', 'mk_s2', 'mk_top']));
    expect(await owners('mk_friend')).toContain('mk_trust');
    expect(await owners('mk_plain')).not.toContain('mk_trust');
    expect(await owners('mk_german')).toContain('mk_de');
    expect(await owners('mk_plain')).not.toContain('mk_de');
  });

  it('should send most viewers the shared bytes with their ETag, and their own page only where it differs', async () => {
    const query = '/rest/v1/offers?type=buy&currency=USD&limit=20';
    const visitor = await t.client().get(query);
    const plain = await viewers.mk_plain!.get(query);
    expect(visitor.headers.etag).toMatch(/^"/);
    expect(plain.headers.etag).toBe(visitor.headers.etag);
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    expect(
      (await viewers.mk_plain!.get(query, { headers: { 'if-none-match': String(plain.headers.etag) } }))
        .statusCode,
    ).toBe(304);
    const blocker = await viewers.mk_blocker!.get(query);
    expect(blocker.headers.etag).toBeUndefined();
    expect(blocker.headers['cache-control']).toBe('private, no-store');
    // Viewers arriving together share one build.
    const together = await Promise.all(
      Array.from({ length: 20 }, () => viewers.mk_plain!.get(`${query}&sort=crypto_usd_price_asc`)),
    );
    expect(new Set(together.map((r) => r.statusCode))).toEqual(new Set([200]));
    expect(new Set(together.map((r) => r.headers.etag)).size).toBe(1);
    expect((await viewers.mk_plain!.get('/rest/v1/offers?type=nope')).statusCode).toBe(422);
  });

  it('should lay the viewer over the shared offer page: 404 when blocked or not trusted, favourite, country', async () => {
    const s1 = hashes.mk_s1![0]!;
    const trusted = hashes.mk_trust![0]!;
    const german = hashes.mk_de![0]!;
    const favourite = hashes.mk_s3![0]!;
    const view = async (viewer: string, hash: string) => {
      const mine = await shared(viewer)(`/rest/v1/offers/${hash}`);
      const expected = await computed(viewer)(`/rest/v1/offers/${hash}`);
      expect(mine.statusCode, `${viewer} ${hash}`).toBe(expected.statusCode);
      if (mine.statusCode === 200) expect(mine.json(), `${viewer} ${hash}`).toEqual(expected.json());
      return mine;
    };
    for (const viewer of everyone.filter((v) => v !== 'anonymous')) {
      for (const hash of [s1, trusted, german, favourite, hashes.mk_top![0]!]) await view(viewer, hash);
    }
    expect((await view('mk_blocker', s1)).statusCode).toBe(404);
    expect((await view('mk_plain', trusted)).statusCode).toBe(404);
    expect((await view('mk_friend', trusted)).json().data.isTrustedUser).toBe(true);
    expect((await view('mk_fan', favourite)).json().data.isFavorite).toBe(true);
    expect((await view('mk_plain', favourite)).json().data.isFavorite).toBe(false);
    expect((await view('mk_german', german)).json().data.isAvailable).toBe(true);
    expect((await view('mk_plain', german)).json().data.isAvailable).toBe(false);
  });

  it('should show a change made through this instance in the very next search and offer page', async () => {
    const query = '/rest/v1/offers?type=buy&currency=USD&limit=20';
    const hash = hashes.mk_s3![1]!;
    const before = pageOf(await viewers.mk_plain!.get(query));
    expect(before.offers.find((o) => o.hash === hash)?.margin).toBe('4.0000');
    await viewers.mk_plain!.get(`/rest/v1/offers/${hash}`);
    // The owner edits: every viewer's next search and offer page show it.
    const edit = await viewers.mk_s3!.put(`/rest/v1/my-offers/${hash}/margin`, { new_margin: '-9' });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = pageOf(await viewers.mk_plain!.get(query));
    expect(after.offers[0]?.hash).toBe(hash);
    expect(pageOf(await t.client().get(query)).offers[0]?.hash).toBe(hash);
    expect((await viewers.mk_plain!.get(`/rest/v1/offers/${hash}`)).json().data.offer.margin).toBe('-9.0000');
    // A favourite toggled shows in the viewer's next search.
    await viewers.mk_plain!.post(`/rest/v1/favorites/offers/${hash}`);
    expect(pageOf(await viewers.mk_plain!.get(query)).offers[0]?.isFavorite).toBe(true);
    await viewers.mk_plain!.delete(`/rest/v1/favorites/offers/${hash}`);
    expect(pageOf(await viewers.mk_plain!.get(query)).offers[0]?.isFavorite).toBe(false);
    // New rates: the next search prices with them (a new searchId).
    const rates = (t.app as unknown as { rates: { tick(o: { force: boolean }): Promise<boolean> } }).rates;
    expect(await rates.tick({ force: true })).toBe(true);
    expect(pageOf(await viewers.mk_plain!.get(query)).searchId).not.toBe(after.searchId);
  });

  it('should rebuild when another instance announces a change on the bus', async () => {
    const query = '/rest/v1/offers?type=buy&currency=USD&limit=20';
    const hash = hashes.mk_s2![2]!;
    expect(pageOf(await viewers.mk_plain!.get(query)).offers.some((o) => o.hash === hash)).toBe(true);
    // Another instance switched it off: its row changed, and its bus event arrives here.
    await t.database.db.execute(sql`UPDATE offers SET is_active = false WHERE hash = ${hash}`);
    t.app.events.publish({ type: MARKET_CHANGED_EVENT, userIds: [], data: null });
    expect(pageOf(await viewers.mk_plain!.get(query)).offers.some((o) => o.hash === hash)).toBe(false);
  });
});

/** Changes no event announces (balances, blocks, account states) are seen when the window ends. */
describe('the shared marketplace window', () => {
  const windowMs = 300;
  let t: TestApp;
  let seller: TestClient;
  let buyer: TestClient;
  let viewer: TestClient;
  let hash: string;
  const query = '/rest/v1/offers?type=buy&currency=USD&limit=20';
  const listed = async (client: TestClient) =>
    pageOf(await client.get(query)).offers.some((o) => o.hash === hash);

  beforeAll(async () => {
    t = await createTestApp({ OFFER_SEARCH_CACHE_MS: String(windowMs) });
    seller = t.client();
    buyer = t.client();
    viewer = t.client();
    await seller.register('mw_seller');
    await buyer.register('mw_buyer');
    await viewer.register('mw_viewer');
    await deposit(t, 'mw_seller', '0.001');
    hash = await publish(seller, { margin: '0', range_min: '10', range_max: '500' });
  });
  afterAll(() => t.close());

  it('should hide an offer whose owner was blocked, or whose funds went into escrow, within the window', async () => {
    expect(await listed(viewer)).toBe(true);
    const ids = await t.database.db.execute(
      sql`SELECT id, username FROM users WHERE username IN ('mw_seller', 'mw_viewer')`,
    );
    const id = (name: string) =>
      Number(
        (ids as unknown as { rows: { id: number; username: string }[] }).rows.find(
          (r) => r.username === name,
        )!.id,
      );
    await contactsRepository.set(t.database.db, id('mw_viewer'), id('mw_seller'), 'blocked');
    await sleep(windowMs + 20);
    expect(await listed(viewer)).toBe(false);
    expect((await viewer.get(`/rest/v1/offers/${hash}`)).statusCode).toBe(404);
    await contactsRepository.remove(t.database.db, id('mw_viewer'), id('mw_seller'));
    await sleep(windowMs + 20);
    expect(await listed(viewer)).toBe(true);

    // A trade takes 95 % of the seller's 0.001 BTC into escrow: what is left no longer covers the minimum.
    const offerPage = (await viewer.get(`/rest/v1/offers/${hash}`)).json().data.offer;
    const price = Number(String(offerPage.fiatPricePerCrypto).replace(/,/g, ''));
    const amount = Math.floor(0.001 * price * 0.95).toString();
    const started = await buyer.post('/rest/v1/trade/start', { offer_hash: hash, fiat_amount: amount });
    expect(started.statusCode, started.body).toBe(201);
    await sleep(windowMs + 20);
    expect(await listed(viewer)).toBe(false);
    expect(await listed(t.client())).toBe(false);
    expect((await viewer.get(`/rest/v1/offers/${hash}`)).json().data.isAvailable).toBe(false);
  });
});
