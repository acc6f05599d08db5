import type { FeedbackCounts } from '@app/contract';

const UNITS: [Intl.NumberFormatOptions['unit'] & string, number][] = [
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * A length of time in the two largest units that apply, in words of `locale` ("1 hr 5 min", "1 h 5 min"):
 * how long a trader takes to release. Under a minute is in seconds; seconds are dropped from a
 * minute on (nobody weighs a trader by them).
 */
export function formatDuration(totalSeconds: number, locale: string): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const unit = (value: number, name: string) =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  if (seconds < 60) return unit(seconds, 'second');
  const parts: string[] = [];
  let rest = seconds;
  for (const [name, size] of UNITS) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 || parts.length > 0) parts.push(unit(count, name));
    if (parts.length === 2) break;
  }
  // "2 hr, 0 min" says nothing the first part did not.
  const shown = parts.filter((part, index) => index === 0 || !/^0\D/.test(part));
  return new Intl.ListFormat(locale, { style: 'narrow', type: 'unit' }).format(shown);
}

/** A percentage the server sends as a decimal string ("97.5"), in the page's language: "97.5%", "97,5 %". */
export function formatPercent(value: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
    Number(value) / 100,
  );
}

/** The share of positive feedback as a percentage string with one decimal ("92.3"); null without any. */
export function positiveShare(counts: FeedbackCounts): string | null {
  const total = counts.positive + counts.negative;
  if (total === 0) return null;
  return (Math.round((counts.positive * 1000) / total) / 10).toFixed(1);
}
