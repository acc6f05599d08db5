import { seededRng, seedFrom, toDecimalString, walkParamsFor, walkStep, type Rng } from './random-walk.js';

/**
 * History buckets and the backfill. A bucket is identified by its start (UTC hour or UTC day) and holds
 * the closing rate of that span. Hourly buckets cover the recent past (charts of a day, a week, a month),
 * daily buckets the year (the year chart).
 */

export type Granularity = 'hour' | 'day';
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** Hourly history kept: a month chart needs 30 days; one extra day absorbs clock edges. */
export const HOURLY_RETENTION_DAYS = 31;
export const HOURLY_BACKFILL_DAYS = 30;

/** Length of one bucket in milliseconds. */
export const bucketMs = (granularity: Granularity) => (granularity === 'hour' ? HOUR_MS : DAY_MS);

/** The start of the bucket `at` falls in. */
export function bucketStart(at: Date, granularity: Granularity): Date {
  const size = bucketMs(granularity);
  return new Date(Math.floor(at.getTime() / size) * size);
}

export type HistoryPoint = { bucket: Date; rate: string };

/**
 * A walk backwards in time from `rate` at `end`: `count` points, one per `stepMs`, oldest first, the last
 * being `rate` itself. A random walk looks the same run backwards, so the history ends exactly on the
 * current rate and the chart joins the live price without a jump.
 */
export function walkBackwards(
  base: string,
  quote: string,
  rate: number,
  anchor: number,
  end: Date,
  count: number,
  stepMs: number,
  rng: Rng,
): HistoryPoint[] {
  const params = walkParamsFor(base, quote);
  const points: HistoryPoint[] = [];
  let value = rate;
  for (let i = 0; i < count; i += 1) {
    points.push({ bucket: new Date(end.getTime() - i * stepMs), rate: toDecimalString(value) });
    value = walkStep(value, anchor, stepMs / 1000, params, rng);
  }
  return points.reverse();
}

export type BackfillRow = {
  base: string;
  quote: string;
  granularity: Granularity;
  bucket: Date;
  rate: string;
};

/**
 * The history a fresh install starts with, for one pair: hourly buckets for the last 30 days and daily
 * buckets for `days` days. The daily series continues the hourly one backwards, and the daily buckets
 * inside the hourly window are that day's last hourly close, so both views tell the same story.
 * Deterministic for a given pair and `now`.
 */
export function backfillPair(
  base: string,
  quote: string,
  rate: string,
  anchor: string,
  now: Date,
  days: number,
): BackfillRow[] {
  const rng = seededRng(seedFrom(`${base}/${quote}`));
  const hourlyDays = Math.min(HOURLY_BACKFILL_DAYS, days);
  const currentHour = bucketStart(now, 'hour');
  const hourly = walkBackwards(
    base,
    quote,
    Number(rate),
    Number(anchor),
    currentHour,
    hourlyDays * 24 + 1,
    HOUR_MS,
    rng,
  );
  const rows: BackfillRow[] = hourly.map((p) => ({
    base,
    quote,
    granularity: 'hour',
    bucket: p.bucket,
    rate: p.rate,
  }));

  // Daily closes inside the hourly window: the last hourly value of each day.
  const dailyClose = new Map<number, string>();
  for (const p of hourly) dailyClose.set(bucketStart(p.bucket, 'day').getTime(), p.rate);
  const today = bucketStart(now, 'day');
  const oldestHourlyDay = bucketStart(hourly[0]?.bucket ?? now, 'day');
  const olderDays = Math.max(
    0,
    Math.round((oldestHourlyDay.getTime() - (today.getTime() - days * DAY_MS)) / DAY_MS),
  );
  const firstValue = hourly[0]?.rate ?? rate;
  const older = walkBackwards(
    base,
    quote,
    Number(firstValue),
    Number(anchor),
    oldestHourlyDay,
    olderDays + 1,
    DAY_MS,
    rng,
  );
  // `older` ends on the oldest hourly day, whose close we already have from the hourly series.
  for (const p of older.slice(0, -1)) dailyClose.set(p.bucket.getTime(), p.rate);
  for (const [time, value] of [...dailyClose].sort((a, b) => a[0] - b[0])) {
    rows.push({ base, quote, granularity: 'day', bucket: new Date(time), rate: value });
  }
  return rows;
}

/**
 * Buckets strictly between `from` and `to` (exclusive both), with rates interpolated geometrically
 * between `fromRate` and `toRate`: used when the server was down, so the history stays contiguous.
 */
export function fillGap(
  granularity: Granularity,
  from: Date,
  fromRate: string,
  to: Date,
  toRate: string,
  maxBuckets: number,
): HistoryPoint[] {
  const size = bucketMs(granularity);
  const steps = Math.round((to.getTime() - from.getTime()) / size);
  if (steps <= 1) return [];
  const a = Math.log(Number(fromRate));
  const b = Math.log(Number(toRate));
  const points: HistoryPoint[] = [];
  const first = Math.max(1, steps - maxBuckets);
  for (let i = first; i < steps; i += 1) {
    points.push({
      bucket: new Date(from.getTime() + i * size),
      rate: toDecimalString(Math.exp(a + ((b - a) * i) / steps)),
    });
  }
  return points;
}
