import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTickerProvider, numberToDecimalString } from './http-provider.js';
import type { StoredRate } from './provider.js';

/** A fake ticker on 127.0.0.1: the tests never reach the internet. */
describe('HttpTickerProvider', () => {
  let server: http.Server;
  let url: string;
  let body: unknown = {};
  let status = 200;
  const requests: string[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      requests.push(request.url ?? '');
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/exchange-rates?currency=USD`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const stored = (rate: string): StoredRate => ({ rate, anchor: rate, updatedAt: new Date() });
  const previous = new Map([
    ['BTC/USD', stored('90000')],
    ['USDT/USD', stored('1')],
    ['USD/EUR', stored('0.9')],
    ['USD/NGN', stored('1500')],
  ]);

  it('should read USD-based rates, invert crypto exactly and ignore unknown codes', async () => {
    body = {
      data: {
        currency: 'USD',
        rates: { EUR: '0.8545', NGN: 1465.5, BTC: '0.00001', USDT: '1.0', XYZ: '3', DOGE: '5' },
      },
    };
    status = 200;
    const provider = new HttpTickerProvider({ url, cryptoCodes: ['BTC', 'USDT', 'DOGE'] });
    const quotes = await provider.fetchSnapshot({ previous, now: new Date() });
    expect(requests.at(-1)).toBe('/v2/exchange-rates?currency=USD');
    expect(quotes).toEqual(
      expect.arrayContaining([
        { base: 'USD', quote: 'EUR', rate: '0.8545' },
        { base: 'USD', quote: 'NGN', rate: '1465.5' },
        { base: 'BTC', quote: 'USD', rate: '100000.000000000000000000' },
        { base: 'USDT', quote: 'USD', rate: '1.000000000000000000' },
      ]),
    );
    // XYZ and DOGE have no stored pair: a ticker cannot invent markets.
    expect(quotes).toHaveLength(4);
  });

  it('should fail on an error status or a malformed document (the service keeps its rates)', async () => {
    const provider = new HttpTickerProvider({ url, cryptoCodes: ['BTC'] });
    status = 503;
    await expect(provider.fetchSnapshot({ previous, now: new Date() })).rejects.toThrow(/503/);
    status = 200;
    body = { rates: 'nope' };
    await expect(provider.fetchSnapshot({ previous, now: new Date() })).rejects.toThrow();
  });

  it('should skip zero, negative and non-numeric values', async () => {
    body = { data: { currency: 'USD', rates: { EUR: '0', NGN: 'abc', BTC: -1 } } };
    const provider = new HttpTickerProvider({ url, cryptoCodes: ['BTC'] });
    expect(await provider.fetchSnapshot({ previous, now: new Date() })).toEqual([]);
  });

  it('should turn JSON numbers in exponent form into plain decimals without float arithmetic', () => {
    expect(numberToDecimalString(1.05e-5)).toBe('0.0000105');
    expect(numberToDecimalString(1e21)).toBe('1000000000000000000000');
    expect(numberToDecimalString(1465.5)).toBe('1465.5');
    expect(numberToDecimalString(0.5)).toBe('0.5');
  });
});
