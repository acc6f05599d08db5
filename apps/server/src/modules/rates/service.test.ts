import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { runSeeds } from '../../seeds/index.js';
import { CURRENCIES } from '../catalogue/data/currencies.js';
import { CRYPTO_CURRENCIES } from '../catalogue/data/crypto-currencies.js';
import { bucketStart, DAY_MS, HOUR_MS } from './history.js';
import type { RatesProvider } from './provider.js';
import { seededRng, walkParamsFor } from './random-walk.js';
import { createRatesService } from './service.js';
import { SimulatedMarketProvider } from './simulated-provider.js';
import { currentRates, rateHistory } from './tables.js';

describe('rates service', () => {
  let t: TestApp;
  let seedMs = 0;
  /** When the history was written: its last day is that day's (a run across midnight must not fail). */
  let seededAt = new Date();
  beforeAll(async () => {
    seededAt = new Date();
    t = await createTestApp();
    const started = performance.now();
    await runSeeds(t.database.db, { demoData: false });
    seedMs = performance.now() - started;
  });
  afterAll(() => t.close());

  const db = () => t.database.db;

  async function hourlyBuckets(base: string) {
    const rows = await db()
      .select({ bucket: rateHistory.bucket, rate: rateHistory.rate })
      .from(rateHistory)
      .where(
        and(eq(rateHistory.base, base), eq(rateHistory.quote, 'USD'), eq(rateHistory.granularity, 'hour')),
      )
      .orderBy(asc(rateHistory.bucket));
    return rows;
  }

  function expectContiguous(buckets: { bucket: Date }[], step: number) {
    const gaps = buckets
      .slice(1)
      .filter((b, i) => b.bucket.getTime() - buckets[i]!.bucket.getTime() !== step);
    expect(gaps).toEqual([]);
  }

  it('should seed quickly: every coin in USD and USD in every tradable currency', async () => {
    expect(seedMs).toBeLessThan(15_000);
    const rows = await db().select().from(currentRates);
    const tradable = CURRENCIES.filter(([, , , , kind]) => kind === 'fiat' || kind === 'metal').length;
    expect(rows).toHaveLength(CRYPTO_CURRENCIES.length + tradable);
    expect(rows.find((r) => r.base === 'BTC')?.rate).toMatch(/^95000\.0+$/);
    expect(rows.find((r) => r.quote === 'XAU')?.rate).toMatch(/^0\.000251256/);
  });

  it('should store a contiguous year of history for every coin', async () => {
    for (const coin of CRYPTO_CURRENCIES) {
      const hourly = await hourlyBuckets(coin.code);
      expect(hourly.length).toBe(30 * 24 + 1);
      expectContiguous(hourly, HOUR_MS);
      const daily = await db()
        .select({ bucket: rateHistory.bucket })
        .from(rateHistory)
        .where(and(eq(rateHistory.base, coin.code), eq(rateHistory.granularity, 'day')))
        .orderBy(asc(rateHistory.bucket));
      expect(daily.length).toBe(366);
      expectContiguous(daily, DAY_MS);
      expect(daily.at(-1)?.bucket).toEqual(bucketStart(seededAt, 'day'));
    }
  });

  it('should apply a tick on exactly one of two instances and let the other see it', async () => {
    const start = Date.now() + 61_000;
    const clock = { now: start };
    const make = (seed: number) =>
      createRatesService({
        db: db(),
        provider: new SimulatedMarketProvider(seededRng(seed)),
        tickSeconds: 60,
        refreshMs: 0,
        now: () => new Date(clock.now),
      });
    const a = make(1);
    const b = make(2);
    const before = await b.view();
    const results = await Promise.all([a.tick(), b.tick()]);
    expect(results.filter(Boolean)).toHaveLength(1);
    // Too early for the next tick, on either instance.
    expect(await a.tick()).toBe(false);
    expect(await b.tick()).toBe(false);

    await b.view(); // schedules the version check (refreshMs 0)
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await b.view();
    expect(after.version).toBeGreaterThan(before.version);
    const btcBefore = Number(before.cryptoUsd.get('BTC'));
    const btcAfter = Number(after.cryptoUsd.get('BTC'));
    expect(btcAfter).not.toBe(btcBefore);
    const params = walkParamsFor('BTC', 'USD');
    expect(btcAfter).toBeGreaterThanOrEqual(95_000 * (1 - params.band));
    expect(btcAfter).toBeLessThanOrEqual(95_000 * (1 + params.band));
  });

  it('should keep history contiguous across a pause and update the live bucket', async () => {
    let now = Date.now() + 5 * HOUR_MS + 120_000;
    const service = createRatesService({
      db: db(),
      provider: new SimulatedMarketProvider(seededRng(3)),
      tickSeconds: 60,
      now: () => new Date(now),
    });
    expect(await service.tick()).toBe(true);
    const hourly = await hourlyBuckets('BTC');
    expectContiguous(hourly, HOUR_MS);
    expect(hourly.at(-1)?.bucket).toEqual(bucketStart(new Date(now), 'hour'));
    const view = await service.view();
    expect(hourly.at(-1)?.rate).toBe(view.cryptoUsd.get('BTC'));
    // A forced tick (admin command) runs even inside the interval.
    now += 1_000;
    expect(await service.tick()).toBe(false);
    expect(await service.tick({ force: true })).toBe(true);
  });

  it('should keep the last rates when the provider fails', async () => {
    const failing: RatesProvider = {
      name: 'failing',
      fetchSnapshot: () => Promise.reject(new Error('ticker down')),
    };
    const service = createRatesService({
      db: db(),
      provider: failing,
      tickSeconds: 60,
      now: () => new Date(Date.now() + 10 * DAY_MS),
    });
    const before = await db()
      .select()
      .from(currentRates)
      .orderBy(asc(currentRates.base), asc(currentRates.quote));
    await expect(service.tick()).rejects.toThrow('ticker down');
    const after = await db()
      .select()
      .from(currentRates)
      .orderBy(asc(currentRates.base), asc(currentRates.quote));
    expect(after).toEqual(before);
  });

  it('should prune hourly history older than the retention window', async () => {
    const now = Date.now() + 40 * DAY_MS;
    const service = createRatesService({
      db: db(),
      provider: new SimulatedMarketProvider(seededRng(4)),
      tickSeconds: 60,
      now: () => new Date(now),
    });
    expect(await service.tick({ force: true })).toBe(true);
    const [oldest] = await db()
      .select({ bucket: sql<Date>`min(${rateHistory.bucket})` })
      .from(rateHistory)
      .where(eq(rateHistory.granularity, 'hour'));
    expect(new Date(oldest!.bucket).getTime()).toBeGreaterThanOrEqual(now - 31 * DAY_MS - HOUR_MS);
    const hourly = await hourlyBuckets('ETH');
    expectContiguous(hourly, HOUR_MS);
    const daily = await db()
      .select({ bucket: rateHistory.bucket })
      .from(rateHistory)
      .where(and(eq(rateHistory.base, 'ETH'), eq(rateHistory.granularity, 'day')))
      .orderBy(asc(rateHistory.bucket));
    expectContiguous(daily, DAY_MS);
  });
});
