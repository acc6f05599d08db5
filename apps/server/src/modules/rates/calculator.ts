import {
  cryptoToFiat,
  divide,
  fiatToCrypto,
  formatDecimal,
  multiply,
  parseDecimal,
  rescale,
  subtract,
  type CalculatorCurrency,
  type ChartRange,
  type Locale,
} from '@app/contract';
import { localizedName, type CatalogueData, type CurrencyRecord } from '../catalogue/index.js';
import { DAY_MS, HOUR_MS, type Granularity } from './history.js';
import { fiatPerUnit, type RatesView } from './service.js';

/** The USD value the calculator's default amount is worth, in every currency. */
const DEFAULT_AMOUNT_USD = '100';

/**
 * What each chart range shows. Day and week use hourly closes; the month uses every 4th hourly close
 * (181 points, enough for a smooth line on a phone); the year uses daily closes.
 */
export const RANGE_SPECS: Record<ChartRange, { granularity: Granularity; spanMs: number; every: number }> = {
  day: { granularity: 'hour', spanMs: DAY_MS, every: 1 },
  '24h': { granularity: 'hour', spanMs: DAY_MS, every: 1 },
  week: { granularity: 'hour', spanMs: 7 * DAY_MS, every: 1 },
  '7d': { granularity: 'hour', spanMs: 7 * DAY_MS, every: 1 },
  month: { granularity: 'hour', spanMs: 30 * DAY_MS, every: 4 },
  '1m': { granularity: 'hour', spanMs: 30 * DAY_MS, every: 4 },
  year: { granularity: 'day', spanMs: 365 * DAY_MS, every: 1 },
};

/** The first bucket a range shows, relative to `now`. */
export function rangeStart(range: ChartRange, now: Date): Date {
  const spec = RANGE_SPECS[range];
  const size = spec.granularity === 'hour' ? HOUR_MS : DAY_MS;
  return new Date(Math.floor((now.getTime() - spec.spanMs) / size) * size);
}

/**
 * A round amount worth about 100 USD: 100 x USD/fiat kept to two significant digits (85.45 EUR -> 85,
 * 146,500 NGN -> 150,000), at least 1.
 */
export function defaultAmountFor(usdFiat: string): string {
  const value = rescale(multiply(parseDecimal(DEFAULT_AMOUNT_USD), parseDecimal(usdFiat)), 0, 'half-up');
  const digits = value.units.toString().length;
  if (digits <= 2) return value.units > 0n ? value.units.toString() : '1';
  const unit = 10n ** BigInt(digits - 2);
  return (((value.units + unit / 2n) / unit) * unit).toString();
}

/** Fiat currencies the calculator offers (metals are payment assets, not a calculator currency). */
export function calculatorCurrencyRecords(catalogue: CatalogueData, view: RatesView): CurrencyRecord[] {
  return catalogue.currencies.filter((c) => c.kind === 'fiat' && view.usdFiat.has(c.code));
}

/** The calculator's currency list: popular first (in popularity order), then by code. */
export function buildCalculatorCurrencies(
  catalogue: CatalogueData,
  view: RatesView,
  locale: Locale,
): CalculatorCurrency[] {
  const records = calculatorCurrencyRecords(catalogue, view).sort((a, b) => {
    const pa = a.popularOrder ?? Number.MAX_SAFE_INTEGER;
    const pb = b.popularOrder ?? Number.MAX_SAFE_INTEGER;
    return pa !== pb ? pa - pb : a.code.localeCompare(b.code);
  });
  return records.map((c, index) => ({
    id: c.id,
    code: c.code,
    name: localizedName(c.names, locale),
    precision: c.precision,
    rate: {
      usd: fiatPerUnit(view, 'USD', c.code) ?? '0',
      btc: fiatPerUnit(view, 'BTC', c.code) ?? '0',
      usdt: fiatPerUnit(view, 'USDT', c.code) ?? '0',
    },
    defaultAmount: defaultAmountFor(view.usdFiat.get(c.code) ?? '1'),
    order: index + 1,
  }));
}

/**
 * Chart points of one coin in one fiat currency: each stored USD close times today's USD/fiat rate,
 * rounded to the currency's precision. (Fiat history is not stored: fiat moves a few per cent a year
 * while crypto moves tens, so the shape of the line is the coin's.)
 */
export function chartPoints(
  history: { bucket: Date; rate: string }[],
  range: ChartRange,
  usdFiat: string,
  precision: number,
): { date: string; rate: string }[] {
  const every = RANGE_SPECS[range].every;
  const last = history.length - 1;
  const fiat = parseDecimal(usdFiat);
  return history
    .filter((_, index) => (last - index) % every === 0)
    .map((p) => ({
      date: p.bucket.toISOString(),
      rate: formatDecimal(rescale(multiply(parseDecimal(p.rate), fiat), precision, 'half-up')),
    }));
}

/**
 * The calculator's amounts: with `btcAmount` it converts BTC -> fiat (half-up to the currency's
 * precision); otherwise `fiatAmount` (or the currency's default amount) -> BTC, rounded down to the satoshi.
 * Both directions use the same rate string the page shows, so the page can check the result to the digit.
 */
export function convertAmounts(
  input: { fiatAmount?: string | undefined; btcAmount?: string | undefined },
  btcPrice: string,
  precision: number,
  defaultAmount: string,
  btcDecimals: number,
): { fiatAmount: string; btcAmount: string } {
  if (Number(btcPrice) <= 0) return { fiatAmount: input.fiatAmount ?? defaultAmount, btcAmount: '0' };
  if (input.btcAmount !== undefined) {
    return { btcAmount: input.btcAmount, fiatAmount: cryptoToFiat(input.btcAmount, btcPrice, precision) };
  }
  const fiatAmount = input.fiatAmount ?? defaultAmount;
  return { fiatAmount, btcAmount: fiatToCrypto(fiatAmount, btcPrice, btcDecimals) };
}

/** Percent change from `before` to `after`, two decimals half-up (`-1.25`). */
export function percentChange(before: string, after: string): string {
  const b = parseDecimal(before);
  if (b.units === 0n) return '0.00';
  return formatDecimal(
    divide(multiply(subtract(parseDecimal(after), b), parseDecimal('100')), b, 2, 'half-up'),
  );
}
