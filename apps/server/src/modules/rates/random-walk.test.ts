import { describe, expect, it } from 'vitest';
import { parseDecimal } from '@app/contract';
import { backfillPair, bucketStart, DAY_MS, fillGap, HOUR_MS } from './history.js';
import {
  maxLogStep,
  seededRng,
  toDecimalString,
  WALK_PARAMS,
  walkParamsFor,
  walkStep,
  type Rng,
} from './random-walk.js';

describe('random walk', () => {
  it('should keep every step within the step bound and the band, for every kind of asset', () => {
    const cases = [
      ['BTC', 'USD', 95_000],
      ['ETH', 'USD', 3_400],
      ['USDT', 'USD', 1],
      ['USD', 'EUR', 0.85],
      ['USD', 'XAU', 0.00025],
    ] as const;
    for (const [base, quote, anchor] of cases) {
      const params = walkParamsFor(base, quote);
      const rng = seededRng(42);
      let value: number = anchor;
      const violations: string[] = [];
      for (let i = 0; i < 20_000; i += 1) {
        const dt = [60, 3_600, 86_400][i % 3]!;
        const next = walkStep(value, anchor, dt, params, rng);
        if (Math.abs(Math.log(next / value)) > maxLogStep(params, dt) + 1e-12) violations.push(`step ${i}`);
        if (next < anchor * (1 - params.band) * (1 - 1e-12)) violations.push(`low ${i}`);
        if (next > anchor * (1 + params.band) * (1 + 1e-12)) violations.push(`high ${i}`);
        value = next;
      }
      expect(violations, `${base}/${quote}`).toEqual([]);
    }
  });

  it('should hold the bounds even with a hostile random source (always the extreme draw)', () => {
    const extremes: Rng[] = [() => 0, () => 0.999999999, () => Number.EPSILON];
    for (const rng of extremes) {
      let value = 95_000;
      for (let i = 0; i < 1_000; i += 1) {
        const next = walkStep(value, 95_000, 86_400, WALK_PARAMS.BTC, rng);
        expect(Math.abs(Math.log(next / value))).toBeLessThanOrEqual(
          maxLogStep(WALK_PARAMS.BTC, 86_400) + 1e-12,
        );
        expect(next).toBeLessThanOrEqual(95_000 * 1.35 + 1e-9);
        expect(next).toBeGreaterThanOrEqual(95_000 * 0.65 - 1e-9);
        value = next;
      }
    }
  });

  it('should not move when no time passed', () => {
    expect(walkStep(100, 100, 0, WALK_PARAMS.BTC, seededRng(1))).toBe(100);
  });

  it('should be deterministic for a seed', () => {
    const a = seededRng(7);
    const b = seededRng(7);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });

  it('should print rates as plain decimals with 12 significant digits', () => {
    expect(toDecimalString(95_000.123456789)).toBe('95000.1234568');
    expect(toDecimalString(0.00025125628140703)).toBe('0.000251256281407');
    expect(toDecimalString(1e-9)).toMatch(/^0\.0000000010+$/);
    expect(() => parseDecimal(toDecimalString(123456789012345))).not.toThrow();
    expect(() => toDecimalString(0)).toThrow();
  });
});

describe('history backfill', () => {
  const now = new Date('2026-11-21T10:37:00Z');

  it('should produce contiguous hourly buckets for 30 days and daily buckets for a year, ending on the current rate', () => {
    const rows = backfillPair('BTC', 'USD', '95000', '95000', now, 365);
    const hourly = rows.filter((r) => r.granularity === 'hour');
    const daily = rows.filter((r) => r.granularity === 'day');
    expect(hourly).toHaveLength(30 * 24 + 1);
    expect(daily).toHaveLength(366);
    for (const [series, step] of [
      [hourly, HOUR_MS],
      [daily, DAY_MS],
    ] as const) {
      for (let i = 1; i < series.length; i += 1) {
        expect(series[i]!.bucket.getTime() - series[i - 1]!.bucket.getTime()).toBe(step);
      }
    }
    expect(hourly.at(-1)).toMatchObject({ bucket: bucketStart(now, 'hour'), rate: toDecimalString(95000) });
    expect(daily.at(-1)?.bucket).toEqual(bucketStart(now, 'day'));
    expect(daily.at(-1)?.rate).toBe(hourly.at(-1)?.rate);
    expect(daily[0]?.bucket).toEqual(new Date(bucketStart(now, 'day').getTime() - 365 * DAY_MS));
    for (const row of rows) {
      const value = Number(row.rate);
      expect(value).toBeGreaterThanOrEqual(95_000 * 0.65 - 1e-6);
      expect(value).toBeLessThanOrEqual(95_000 * 1.35 + 1e-6);
    }
  });

  it('should be deterministic for a pair and a time', () => {
    expect(backfillPair('ETH', 'USD', '3400', '3400', now, 60)).toEqual(
      backfillPair('ETH', 'USD', '3400', '3400', now, 60),
    );
  });

  it('should fill a gap with every missing bucket, interpolated between the two ends', () => {
    const from = new Date('2026-11-01T00:00:00Z');
    const to = new Date('2026-11-01T05:00:00Z');
    const gap = fillGap('hour', from, '100', to, '200', 1_000);
    expect(gap.map((p) => p.bucket.getUTCHours())).toEqual([1, 2, 3, 4]);
    expect(Number(gap[0]!.rate)).toBeGreaterThan(100);
    expect(Number(gap[3]!.rate)).toBeLessThan(200);
    expect(fillGap('hour', from, '100', new Date(from.getTime() + HOUR_MS), '200', 10)).toEqual([]);
    expect(fillGap('hour', from, '100', to, '200', 2).map((p) => p.bucket.getUTCHours())).toEqual([3, 4]);
  });
});
