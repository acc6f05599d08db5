import '@mantine/charts/styles.css';
import { compareDecimals, parseDecimal, type ChartRange } from '@app/contract';
import { AreaChart } from '@mantine/charts';
import { Center, Paper, Text, VisuallyHidden } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimalString } from '@/features/catalogue';
import { useLocale } from '@/shared/i18n/locale-context';
import { rangeButtonOf, type RangeButton } from '../utils/chart-range';
import classes from './calculator.module.css';

type ChartPoint = { date: string; rate: string };

type PriceChartProps = {
  points: ChartPoint[];
  range: ChartRange;
  currencyCode: string;
  precision: number;
  /** True while another range loads: the old line stays, dimmed. */
  loading: boolean;
};

/** One plotted point: `price` is a float for the drawing only; labels always print the exact `rate`. */
type ChartDatum = { date: string; price: number; rate: string };

const TICK_FORMATS: Record<RangeButton, Intl.DateTimeFormatOptions> = {
  day: { hour: '2-digit', minute: '2-digit' },
  week: { weekday: 'short', day: 'numeric' },
  month: { day: 'numeric', month: 'short' },
  year: { month: 'short', year: '2-digit' },
};

function isChartDatum(value: unknown): value is ChartDatum {
  return typeof value === 'object' && value !== null && 'rate' in value && 'date' in value;
}

/** The BTC price line for the chosen range, with an exact tooltip and a text summary for screen readers. */
export function PriceChart({ points, range, currencyCode, precision, loading }: PriceChartProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const span = rangeButtonOf(range);
  const money = (rate: string) =>
    `${formatDecimalString(rate, locale, { minFraction: precision, maxFraction: precision })} ${currencyCode}`;

  const data = useMemo<ChartDatum[]>(
    // Number() here only places the point on screen; no amount is computed from it.
    () => points.map((point) => ({ date: point.date, price: Number(point.rate), rate: point.rate })),
    [points],
  );
  const tickFormat = useMemo(() => new Intl.DateTimeFormat(locale, TICK_FORMATS[span]), [locale, span]);
  const tooltipDate = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  );
  const axisFormat = useMemo(
    () => new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 2 }),
    [locale],
  );

  const summary = useMemo(() => {
    const first = points[0];
    const last = points[points.length - 1];
    if (!first || !last) return null;
    let low = first.rate;
    let high = first.rate;
    for (const point of points) {
      const value = parseDecimal(point.rate);
      if (compareDecimals(value, parseDecimal(low)) < 0) low = point.rate;
      if (compareDecimals(value, parseDecimal(high)) > 0) high = point.rate;
    }
    return { first: first.rate, last: last.rate, low, high };
  }, [points]);

  if (!summary) {
    return (
      <Center h={280}>
        <Text c="dimmed" size="sm">
          {t('catalogue.calculator.chart.empty')}
        </Text>
      </Center>
    );
  }

  return (
    <figure className={classes.chart} aria-busy={loading} data-testid="price-chart" style={{ margin: 0 }}>
      <VisuallyHidden component="figcaption">
        {t('catalogue.calculator.chart.summary', {
          currency: currencyCode,
          range: t(`catalogue.calculator.chart.ranges.${span}.title`),
          first: money(summary.first),
          last: money(summary.last),
          low: money(summary.low),
          high: money(summary.high),
        })}
      </VisuallyHidden>
      <AreaChart
        h={280}
        data={data}
        dataKey="date"
        series={[{ name: 'price', color: 'brand.6', label: t('catalogue.calculator.chart.series') }]}
        curveType="monotone"
        withDots={false}
        withGradient
        fillOpacity={0.3}
        strokeWidth={2}
        gridAxis="y"
        tickLine="none"
        valueFormatter={(value) => axisFormat.format(value)}
        xAxisProps={{
          tickFormatter: (value: string) => tickFormat.format(new Date(value)),
          minTickGap: 28,
          tickMargin: 8,
        }}
        yAxisProps={{ domain: ['auto', 'auto'], width: 56, tickMargin: 4 }}
        tooltipAnimationDuration={0}
        tooltipProps={{
          content: ({ payload }) => {
            const datum: unknown = payload?.[0]?.payload;
            if (!isChartDatum(datum)) return null;
            return (
              <Paper px="sm" py={6} shadow="md" withBorder radius="md">
                <Text size="xs" c="dimmed">
                  {tooltipDate.format(new Date(datum.date))}
                </Text>
                <Text size="sm" fw={700} className={classes.numeric}>
                  {money(datum.rate)}
                </Text>
              </Paper>
            );
          },
        }}
      />
    </figure>
  );
}
