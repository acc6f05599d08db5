import { DEFAULT_CHART_RANGE, chartRangeSchema, type ChartRange } from '@app/contract';

/**
 * The spec's seven ranges are four spans with two names each (day = 24h, week = 7d, month = 1m), and the
 * server answers a pair with the same points. The page shows one button per span; an address with
 * either name selects that button.
 */
export const RANGE_BUTTONS = ['day', 'week', 'month', 'year'] as const;
export type RangeButton = (typeof RANGE_BUTTONS)[number];

const BUTTON_OF: Record<ChartRange, RangeButton> = {
  day: 'day',
  '24h': 'day',
  week: 'week',
  '7d': 'week',
  month: 'month',
  '1m': 'month',
  year: 'year',
};

/** The `?range=` value, or the default (month) when it is absent or not one of the spec's names. */
export function parseRange(value: string | null): ChartRange {
  const parsed = chartRangeSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_CHART_RANGE;
}

export function rangeButtonOf(range: ChartRange): RangeButton {
  return BUTTON_OF[range];
}
