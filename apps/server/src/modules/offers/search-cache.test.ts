import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { runAdminCommand } from '../../cli/commands.js';

/** Anonymous searches share one answer per query for OFFER_SEARCH_CACHE_MS; logged-in ones never do. */
describe('anonymous search answers', () => {
  let t: TestApp;
  let seller: TestClient;
  let visitor: TestClient;
  let buyer: TestClient;
  let hash: string;
  const query = '/rest/v1/offers?type=buy&currency=USD&limit=20';
  const hashes = (response: { json: () => { data: { offers: { hash: string }[] } } }) =>
    response.json().data.offers.map((o) => o.hash);

  beforeAll(async () => {
    t = await createTestApp({ OFFER_SEARCH_CACHE_MS: '60000' });
    seller = t.client();
    visitor = t.client();
    buyer = t.client();
    await seller.register('sc_seller');
    await buyer.register('sc_buyer');
    const deposit = await runAdminCommand({ db: t.database.db, config: t.config }, [
      'wallet:deposit',
      '--user',
      'sc_seller',
      '--crypto',
      'BTC',
      '--amount',
      '1',
    ]);
    expect(deposit.exitCode).toBe(0);
    const created = await seller.post('/rest/v1/my-offers', {
      type: 'sell',
      crypto_currency_code: 'BTC',
      fiat_currency_code: 'USD',
      payment_method: 'bank-transfer',
      margin: '1',
      range_min: '10',
      range_max: '100',
    });
    expect(created.statusCode, created.body).toBe(201);
    hash = created.json().data.idHashed;
  });
  afterAll(() => t.close());

  it('should answer anonymous visitors from one built answer, with an ETag, while logged-in users see changes at once', async () => {
    const first = await visitor.get(query);
    expect(first.statusCode, first.body).toBe(200);
    expect(hashes(first)).toEqual([hash]);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"/);

    const off = await seller.put(`/rest/v1/my-offers/${hash}/status`, { new_status: false });
    expect(off.statusCode, off.body).toBe(200);
    // The shared answer stands for its window; a revalidation gets a bodiless 304.
    expect(hashes(await visitor.get(query))).toEqual([hash]);
    expect((await visitor.get(query, { headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    // A logged-in search is computed for its viewer: the offer is gone.
    expect(hashes(await buyer.get(query))).toEqual([]);
    // Another query is another answer.
    expect(hashes(await visitor.get(`${query}&sort=crypto_usd_price_desc`))).toEqual([]);
    // Visitors arriving together share one build: one answer, one ETag.
    const together = await Promise.all(
      Array.from({ length: 5 }, () => visitor.get(`${query}&sort=crypto_usd_price_asc`)),
    );
    expect(together.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(together.map((r) => r.headers.etag)).size).toBe(1);
    // Bad input is still refused before any cache.
    expect((await visitor.get('/rest/v1/offers?type=nope')).statusCode).toBe(422);
  });
});
