import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cryptoToFiat, fiatToCrypto, type Calculator, type CalculatorCurrency } from '@app/contract';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { runSeeds } from '../../seeds/index.js';

type Json = Record<string, unknown>;

describe('rates routes', () => {
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

  it('GET /rest/v2/crypto-fiat-rates should give every currency a rate per USD and per coin', async () => {
    const rates = await data<{
      rateKeys: string[];
      currencies: (Json & { code: string; rate: Record<string, string> })[];
    }>('/rest/v2/crypto-fiat-rates?locale=es');
    expect(rates.rateKeys).toEqual(['usd', 'btc', 'usdt', 'eth', 'usdc', 'xmr', 'ltc']);
    expect(rates.currencies.length).toBeGreaterThanOrEqual(150);
    const usd = rates.currencies.find((c) => c.code === 'USD');
    expect(usd?.rate.usd).toBe('1.00000000');
    expect(usd?.rate.btc).toMatch(/^95000\.0+$/);
    const eur = rates.currencies.find((c) => c.code === 'EUR');
    expect(eur).toMatchObject({ id: expect.any(Number), name: { original: 'Euro', localized: 'Euro' } });
    // BTC in EUR is BTC/USD x USD/EUR, exactly: 95000 x 0.8545 = 81177.5.
    expect(eur?.rate.btc).toBe('81177.50000000');
    for (const currency of rates.currencies) {
      for (const key of rates.rateKeys) {
        expect(Number(currency.rate[key]), `${currency.code} ${key}`).toBeGreaterThan(0);
      }
    }
  });

  it('should revalidate rates with ETag and a short Cache-Control', async () => {
    const first = await client.get('/rest/v2/crypto-fiat-rates');
    expect(first.headers['cache-control']).toBe('public, max-age=5, must-revalidate');
    const again = await client.get('/rest/v2/crypto-fiat-rates', {
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('GET /rest/v2/wallet/crypto-currencies should list coins with rates and metadata by code', async () => {
    const wallet = await data<{
      cryptoCurrencies: Json[];
      metadata: Record<string, { isBlocked: boolean; excludedOfferFeatures: string[] }>;
    }>('/rest/v2/wallet/crypto-currencies');
    expect(wallet.cryptoCurrencies.find((c) => c.code === 'BTC')).toMatchObject({
      id: 8,
      urlParam: 'bitcoin',
      formattingDecimalsCount: 8,
      decimals: 8,
      isStablecoin: false,
      isBlocked: false,
    });
    expect(wallet.cryptoCurrencies.find((c) => c.code === 'USDT')).toMatchObject({
      id: 6,
      isStablecoin: true,
      decimals: 6,
    });
    expect(wallet.cryptoCurrencies.find((c) => c.code === 'ETH')).toMatchObject({ id: 9, decimals: 18 });
    expect(wallet.metadata.XMR?.excludedOfferFeatures.length).toBeGreaterThan(0);
    expect(wallet.metadata.BTC).toEqual({ isBlocked: false, excludedOfferFeatures: [] });
  });

  it('GET /rest/v2/wallet/crypto-currencies/rates should price coins in a currency with the 24h change', async () => {
    const usd = await data<{
      currency: string;
      rates: { code: string; usd: string; fiat: string; change24hPercent: string }[];
    }>('/rest/v2/wallet/crypto-currencies/rates');
    expect(usd.currency).toBe('USD');
    const btc = usd.rates.find((r) => r.code === 'BTC');
    expect(btc?.fiat).toMatch(/^95000\.0+$/);
    expect(btc?.change24hPercent).toMatch(/^-?\d+\.\d{2}$/);
    const ngn = await data<{ currency: string }>('/rest/v2/wallet/crypto-currencies/rates?currency=ngn');
    expect(ngn.currency).toBe('NGN');
    expect((await client.get('/rest/v2/wallet/crypto-currencies/rates?currency=ZZZ')).statusCode).toBe(404);
  });

  describe('calculator', () => {
    it('should default to USD and the month range, with the currency list and a chart', async () => {
      const calc = await data<Calculator>('/rest/v1/calculator');
      expect(calc).toMatchObject({
        currency: 'USD',
        range: 'month',
        fiatAmount: '100',
        btcAmount: '0.00105263',
      });
      expect(calc.chart).toMatchObject({ cryptoCurrencyCode: 'BTC', currencyCode: 'USD', range: 'month' });
      expect(calc.chart.points.length).toBeGreaterThanOrEqual(180);
      expect(calc.currencies[0]).toMatchObject({ code: 'USD', id: 144, order: 1, defaultAmount: '100' });
      expect(Object.keys(calc.currencies[0]?.rate ?? {})).toEqual(['usd', 'btc', 'usdt']);
      expect(calc.currencies.some((c) => c.code === 'XAU')).toBe(false);
    });

    it('should draw each range with the right number of points, oldest first, ending on the live price', async () => {
      const expected: Record<string, [number, number]> = {
        day: [24, 26],
        '24h': [24, 26],
        week: [168, 170],
        '7d': [168, 170],
        month: [180, 182],
        '1m': [180, 182],
        year: [365, 367],
      };
      for (const [range, [min, max]] of Object.entries(expected)) {
        const calc = await data<Calculator>(`/rest/v1/calculator?range=${range}&currency=USD`);
        expect(calc.range).toBe(range);
        expect(calc.chart.points.length, range).toBeGreaterThanOrEqual(min);
        expect(calc.chart.points.length, range).toBeLessThanOrEqual(max);
        const dates = calc.chart.points.map((p) => Date.parse(p.date));
        expect(dates).toEqual([...dates].sort((a, b) => a - b));
        expect(calc.chart.points.at(-1)?.rate).toBe('95000.00');
      }
      expect((await client.get('/rest/v1/calculator?range=decade')).statusCode).toBe(422);
    });

    it('should switch currency: names, rates and chart in that currency', async () => {
      const eur = await data<Calculator>('/rest/v1/calculator?range=day&currency=eur&locale=es');
      expect(eur.currency).toBe('EUR');
      expect(eur.chart.currencyCode).toBe('EUR');
      expect(eur.chart.points.at(-1)?.rate).toBe('81177.50');
      const selected = eur.currencies.find((c) => c.code === 'EUR') as CalculatorCurrency;
      expect(selected.name).toEqual({ original: 'Euro', localized: 'Euro' });
      expect(selected.defaultAmount).toBe('85');
      expect(eur.fiatAmount).toBe('85');
      expect((await client.get('/rest/v1/calculator?currency=ZZZ')).statusCode).toBe(404);
      expect((await client.get('/rest/v1/calculator?currency=XAU')).statusCode).toBe(404);
    });

    it('should convert exactly in both directions, with the rate it shows', async () => {
      const toBtc = await data<Calculator>('/rest/v1/calculator?currency=NGN&fiatAmount=250000&range=day');
      const ngn = toBtc.currencies.find((c) => c.code === 'NGN') as CalculatorCurrency;
      // 95000 x 1465 = 139175000 NGN per BTC; 250000 / 139175000 = 0.001796299622...
      expect(ngn.rate.btc).toBe('139175000.00000000');
      expect(toBtc.btcAmount).toBe('0.00179629');
      expect(toBtc.btcAmount).toBe(fiatToCrypto('250000', ngn.rate.btc, 8));

      const toFiat = await data<Calculator>(
        '/rest/v1/calculator?currency=JPY&btcAmount=0.12345678&range=day',
      );
      const jpy = toFiat.currencies.find((c) => c.code === 'JPY') as CalculatorCurrency;
      expect(jpy.rate.btc).toBe('14231000.00000000');
      // 0.12345678 x 14231000 = 1756913.43618 -> JPY has no minor unit -> 1756913.
      expect(toFiat.fiatAmount).toBe('1756913');
      expect(toFiat.fiatAmount).toBe(cryptoToFiat('0.12345678', jpy.rate.btc, 0));

      const kwd = await data<Calculator>('/rest/v1/calculator?currency=KWD&btcAmount=1&range=day');
      expect(kwd.fiatAmount).toBe('29022.500');
      expect((await client.get('/rest/v1/calculator?fiatAmount=1e5')).statusCode).toBe(422);
      expect((await client.get('/rest/v1/calculator?btcAmount=-1')).statusCode).toBe(422);
    });

    it('GET /rest/v1/calculator/currency should give the calculator currency list', async () => {
      const list = await data<CalculatorCurrency[]>('/rest/v1/calculator/currency?locale=es');
      expect(list[0]).toMatchObject({ code: 'USD', order: 1, name: { localized: 'Dólar estadounidense' } });
      expect(list.map((c) => c.order)).toEqual(list.map((_, i) => i + 1));
      expect(list.length).toBeGreaterThanOrEqual(150);
    });
  });

  it('should serve the new rates after a tick (the cache follows the version)', async () => {
    const before = await data<Calculator>('/rest/v1/calculator?range=day');
    expect(await t.app.rates.tick({ force: true })).toBe(true);
    const after = await data<Calculator>('/rest/v1/calculator?range=day');
    expect(after.currencies[0]?.rate.btc).not.toBe(before.currencies[0]?.rate.btc);
    expect(after.chart.points.at(-1)?.rate).toBe(cryptoToFiat('1', after.currencies[0]?.rate.btc ?? '0', 2));
  });
});
