import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { runSeeds } from '../../seeds/index.js';

type Json = Record<string, unknown>;
type Named = { id: number; slug: string; name: { original: string; localized: string } };

describe('catalogue routes', () => {
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    await runSeeds(t.database.db, { demoData: false });
    client = t.client();
  });
  afterAll(() => t.close());

  const data = async <T = unknown>(url: string): Promise<T> => {
    const response = await client.get(url);
    expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
    return (response.json() as { data: T }).data;
  };

  describe('GET /rest/v2/payment-methods', () => {
    it('should list every method in short mode with the spec fields', async () => {
      const list = await data<Json[]>('/rest/v2/payment-methods?mode=short');
      expect(list.length).toBeGreaterThanOrEqual(300);
      expect(Object.keys(list[0] ?? {}).sort()).toEqual(
        ['id', 'iconName', 'isBinCodeEnabled', 'name', 'paymentMethodGroupId', 'sellQuantity', 'slug'].sort(),
      );
      expect(list.find((m) => m.slug === 'paypal')).toMatchObject({
        name: { original: 'PayPal', localized: 'PayPal' },
        paymentMethodGroupId: 3,
      });
    });

    it('should localize generic names and keep brand names', async () => {
      const list = await data<Named[]>('/rest/v2/payment-methods?mode=short&locale=es');
      expect(list.find((m) => m.slug === 'bank-transfer')?.name).toEqual({
        original: 'Bank Transfer',
        localized: 'Transferencia bancaria',
      });
      expect(list.find((m) => m.slug === 'zelle')?.name.localized).toBe('Zelle');
    });

    it('should give the full shape without mode', async () => {
      const list = await data<Json[]>('/rest/v2/payment-methods');
      const chase = list.find((m) => m.slug === 'chase-bank');
      expect(chase).toMatchObject({ originalName: 'Chase Bank', isCountrySpecific: true, countries: ['US'] });
      expect(chase?.iconUrl).toMatch(/^\/rest\/v2\/payment-methods\/icons\/.+\.svg$/);
    });

    it('should refuse an unknown mode or locale with 422', async () => {
      const response = await client.get('/rest/v2/payment-methods?mode=tiny');
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[0].code).toBe('ERROR_INPUT_VALIDATION');
      expect((await client.get('/rest/v2/payment-methods?locale=xx')).statusCode).toBe(422);
    });

    it('should answer with an ETag and Cache-Control, and 304 on If-None-Match', async () => {
      const first = await client.get('/rest/v2/payment-methods?mode=short');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);
      expect(first.headers['cache-control']).toBe('public, max-age=60, must-revalidate');
      const again = await client.get('/rest/v2/payment-methods?mode=short', {
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const other = await client.get('/rest/v2/payment-methods?mode=short&locale=es', {
        headers: { 'if-none-match': etag },
      });
      expect(other.statusCode).toBe(200);
      expect(other.headers.etag).not.toBe(etag);
    });

    it('should send browsers a gzipped copy with its own ETag', async () => {
      const plain = await client.get('/rest/v2/payment-methods?mode=short');
      const gz = await t.app.inject({
        method: 'GET',
        url: '/rest/v2/payment-methods?mode=short',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers.vary).toContain('accept-encoding');
      expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
      expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(gz.headers.etag).not.toBe(plain.headers.etag);
      const revalidated = await t.app.inject({
        method: 'GET',
        url: '/rest/v2/payment-methods?mode=short',
        headers: { 'accept-encoding': 'gzip', 'if-none-match': String(gz.headers.etag) },
      });
      expect(revalidated.statusCode).toBe(304);
    });

    it('should switch hot answers to brotli once it is built, and still revalidate older copies', async () => {
      const url = '/rest/v2/payment-methods?mode=short&locale=es';
      const ask = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
      const gz = await ask({ 'accept-encoding': 'gzip' });
      let br = await ask({ 'accept-encoding': 'gzip, br' });
      // Brotli is built in the background (quality 11 on 80 KiB): allow a loaded CI machine 15 s.
      for (let i = 0; i < 750 && br.headers['content-encoding'] !== 'br'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        br = await ask({ 'accept-encoding': 'gzip, br' });
      }
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(
        gunzipSync(gz.rawPayload).toString('utf8'),
      );
      expect(br.rawPayload.length).toBeLessThan(gz.rawPayload.length);
      // A browser that cached the gzip copy earlier revalidates against the brotli answer: still a 304.
      const revalidated = await ask({
        'accept-encoding': 'gzip, br',
        'if-none-match': String(gz.headers.etag),
      });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.headers.etag).toBe(br.headers.etag);
    });

    it('should convert keys with case=snake but leave code keys alone', async () => {
      const list = await data<Json[]>('/rest/v2/payment-methods?mode=short&case=snake');
      expect(list[0]).toHaveProperty('payment_method_group_id');
      const popular = await data<{ buy: { country: Json } }>('/rest/v2/payment-methods/popular?case=snake');
      expect(popular.buy.country).toHaveProperty('US');
    });
  });

  it('GET /rest/v2/payment-methods/popular should give buy and sell, by country and the six groups', async () => {
    const popular = await data<
      { buy: { country: Record<string, Named[]>; groups: Record<string, Named[]> } } & Json
    >('/rest/v2/payment-methods/popular');
    expect(Object.keys(popular).sort()).toEqual(['buy', 'sell']);
    expect(Object.keys(popular.buy.groups).sort()).toEqual([
      'bank-transfers',
      'cash-deposits',
      'debitcredit-cards',
      'digital-currencies',
      'gift-cards',
      'online-transfers',
    ]);
    expect(popular.buy.country.US?.map((m) => m.slug)).toContain('zelle');
    expect(popular.buy.country.WORLDWIDE?.length).toBeGreaterThan(0);
  });

  it('GET /rest/v2/payment-method-groups should list the groups with localized names and counts', async () => {
    const groups = await data<(Named & { paymentMethodsCount: number })[]>(
      '/rest/v2/payment-method-groups?locale=es',
    );
    expect(groups[0]).toMatchObject({ id: 0, slug: 'all-payment-methods' });
    const bank = groups.find((g) => g.slug === 'bank-transfers');
    expect(bank).toMatchObject({
      id: 5,
      name: { original: 'Bank transfers', localized: 'Transferencias bancarias' },
    });
    expect(bank?.paymentMethodsCount).toBeGreaterThan(50);
    expect(groups[0]?.paymentMethodsCount).toBeGreaterThanOrEqual(300);
  });

  describe('GET /rest/v2/payment-methods/{slug}', () => {
    it('should give one method with group, tags and gift card regions', async () => {
      const amazon = await data<Json & { tags: string[]; regions: { slug: string }[] }>(
        '/rest/v2/payment-methods/amazon-gift-card?locale=es',
      );
      expect(amazon).toMatchObject({
        slug: 'amazon-gift-card',
        name: { localized: 'Tarjeta de regalo de Amazon' },
        group: { slug: 'gift-cards', id: 1 },
        cryptoCurrency: null,
      });
      expect(amazon.tags).toEqual(expect.arrayContaining(['e-codes-accepted', 'with-receipt', 'no-vpn']));
      expect(amazon.tags).not.toContain('same-bank-only');
      expect(amazon.regions.map((r) => r.slug)).toContain('usa');
    });

    it('should take crypto as a code or URL word', async () => {
      expect(await data('/rest/v2/payment-methods/paypal?crypto=btc')).toMatchObject({
        cryptoCurrency: { id: 8, code: 'BTC' },
      });
      expect(await data('/rest/v2/payment-methods/paypal?crypto=tether')).toMatchObject({
        cryptoCurrency: { id: 6, code: 'USDT' },
      });
      const bad = await client.get('/rest/v2/payment-methods/paypal?crypto=doge');
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors[0].details[0].field).toBe('crypto');
    });

    it('should answer 404 in the envelope for an unknown slug', async () => {
      const response = await client.get('/rest/v2/payment-methods/no-such-method');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        errors: [{ message: 'Payment method not found', code: 'NOT_FOUND' }],
      });
    });

    it('should serve a generated icon', async () => {
      const response = await client.get('/rest/v2/payment-methods/icons/paypal.svg');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('image/svg+xml');
      expect(response.body).toContain('<svg');
    });
  });

  describe('currencies', () => {
    it('should list currencies and add the popular list and count on request', async () => {
      const plain = await data<{ currencies: Json[]; popular?: unknown; count?: unknown }>(
        '/rest/v2/currencies',
      );
      expect(plain.popular).toBeUndefined();
      expect(plain.count).toBeUndefined();
      expect(plain.currencies.length).toBeGreaterThanOrEqual(150);
      const full = await data<{ currencies: Json[]; popular: Json[]; count: number }>(
        '/rest/v2/currencies?with-popular=1&count=1&locale=es',
      );
      expect(full.count).toBe(full.currencies.length);
      expect(full.popular[0]).toMatchObject({ id: 144, code: 'USD', isPopular: true });
      expect(full.currencies.find((c) => c.code === 'XAU')).toMatchObject({ isNonCurrency: true });
      expect(full.currencies.some((c) => c.code === 'XTS')).toBe(false);
    });

    it('should give one currency by code, case-insensitively, and 404 for an unknown one', async () => {
      expect(await data('/rest/v2/currencies/usd')).toMatchObject({
        id: 144,
        code: 'USD',
        name: { original: 'US Dollar', localized: 'US Dollar' },
        precision: 2,
        symbol: '$',
      });
      expect(await data('/rest/v2/currencies/EUR?locale=es')).toMatchObject({ name: { localized: 'Euro' } });
      expect((await client.get('/rest/v2/currencies/ZZZ')).statusCode).toBe(404);
    });

    it('should refuse a bad flag value with 422', async () => {
      expect((await client.get('/rest/v2/currencies?with-popular=maybe')).statusCode).toBe(422);
    });
  });

  describe('GET /rest/v1/tags', () => {
    it('should list the 28 tags', async () => {
      const tags = await data<Named[]>('/rest/v1/tags?locale=es');
      expect(tags).toHaveLength(28);
      expect(tags.find((t) => t.slug === 'no-vpn')?.name).toEqual({
        original: 'No VPN',
        localized: 'Sin VPN',
      });
    });

    it('should filter by payment method (slug or id) and by group', async () => {
      const paypal = (await data<Named[]>('/rest/v1/tags?payment-method=paypal')).map((t) => t.slug);
      expect(paypal).toContain('verified-paypal-only');
      expect(paypal).not.toContain('pin-required');
      const byId = (await data<Named[]>('/rest/v1/tags?payment-method=200')).map((t) => t.slug);
      expect(byId).toEqual(paypal);
      const gift = (await data<Named[]>('/rest/v1/tags?group=gift-cards')).map((t) => t.slug);
      expect(gift).toEqual(expect.arrayContaining(['pin-required', 'e-gift-card', 'gcc-instantly']));
      expect(gift).not.toContain('verified-paypal-only');
      expect(gift).not.toContain('same-bank-only');
      expect(await data<Named[]>('/rest/v1/tags?group=1')).toHaveLength(gift.length);
    });

    it('should answer 404 for an unknown method or group', async () => {
      expect((await client.get('/rest/v1/tags?payment-method=nope')).statusCode).toBe(404);
      expect((await client.get('/rest/v1/tags?group=nope')).statusCode).toBe(404);
    });
  });

  describe('countries', () => {
    it('v1 should list every country with WORLDWIDE first, paged by limit and offset', async () => {
      const all = await data<Json[]>('/rest/v1/countries?limit=500&offset=0');
      expect(all.length).toBeGreaterThanOrEqual(250);
      expect(all[0]).toMatchObject({ id: 9999, iso: 'WORLDWIDE', slug: 'worldwide' });
      expect(Object.keys(all[1] ?? {})).toEqual(
        expect.arrayContaining(['id', 'iso', 'name', 'originalName', 'code']),
      );
      const pageTwo = await data<Json[]>('/rest/v1/countries?limit=10&offset=10');
      expect(pageTwo).toHaveLength(10);
      expect(pageTwo[0]).toEqual(all[10]);
      expect((await client.get('/rest/v1/countries?limit=501')).statusCode).toBe(422);
      expect((await client.get('/rest/v1/countries?offset=-1')).statusCode).toBe(422);
    });

    it('v2 should filter by kyc and important, and add WORLDWIDE only with iso_null=1', async () => {
      const all = await data<Json[]>('/rest/v2/countries?limit=500&offset=0');
      expect(all.some((c) => c.iso === 'WORLDWIDE')).toBe(false);
      expect(all.some((c) => c.iso === 'IR')).toBe(true);
      const kyc = await data<Json[]>('/rest/v2/countries?kyc=1');
      expect(kyc.some((c) => c.iso === 'IR')).toBe(false);
      expect(kyc.every((c) => c.isKycSupported)).toBe(true);
      const important = await data<Json[]>('/rest/v2/countries?important=1');
      expect(important[0]).toMatchObject({ iso: 'US' });
      expect(important.every((c) => c.isImportant)).toBe(true);
      const withWorld = await data<Json[]>(
        '/rest/v2/countries?iso_null=1&kyc=1&important=1&limit=500&offset=0',
      );
      expect(withWorld[0]).toMatchObject({ iso: 'WORLDWIDE', id: 9999 });
      expect(withWorld).toHaveLength(important.length + 1);
    });

    it('v2 should localize names and sort by them', async () => {
      const es = await data<{ iso: string; name: string; originalName: string }[]>(
        '/rest/v2/countries?locale=es',
      );
      expect(es.find((c) => c.iso === 'DE')).toMatchObject({ name: 'Alemania', originalName: 'Germany' });
      const names = es.map((c) => c.name);
      expect(names).toEqual([...names].sort(new Intl.Collator('es', { sensitivity: 'base' }).compare));
    });

    it('phone-verification should list only countries we can verify, with calling codes', async () => {
      const list = await data<Json[]>('/rest/v2/countries/phone-verification?limit=500&offset=0');
      expect(list.every((c) => c.isPhoneVerificationSupported)).toBe(true);
      expect(list.find((c) => c.iso === 'NG')).toMatchObject({ phoneCode: '234' });
      expect(list.some((c) => c.iso === 'KP' || c.iso === 'AQ')).toBe(false);
    });
  });

  it('should hide a payment method an operator switched off, on every instance', async () => {
    const { createCatalogueService } = await import('./service.js');
    const other = createCatalogueService(t.database.db, { refreshMs: 0 });
    await other.data();
    const admin = createCatalogueService(t.database.db);
    expect(await admin.setPaymentMethodActive('paypal', false)).toBe(true);
    // The app's own instance notices the new version on its next check (refresh interval 5 s in the app).
    await other.data(); // schedules the check
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await other.data()).methodBySlug.has('paypal')).toBe(false);
    expect(await admin.setPaymentMethodActive('paypal', true)).toBe(true);
    expect(await admin.setPaymentMethodActive('no-such', true)).toBe(false);
  });
});
