import { z } from 'zod';
import { localeSchema } from './common.js';
import { localizedNameSchema } from './catalogue.js';
import { lineString } from './strings.js';

/**
 * Market rates, the calculator and exact decimal conversions. Rates travel as decimal strings; the
 * helpers below do arithmetic on scaled bigints so that no JavaScript float ever touches money. The web
 * calculator uses the same helpers, so the page and the server agree to the last digit.
 */

// --- exact decimals ---------------------------------------------------------------------------------

/** A decimal number as an integer of units and a scale: `{ units: 12345n, scale: 2 }` is 123.45. */
export type Decimal = { units: bigint; scale: number };
export type RoundingMode = 'down' | 'half-up' | 'half-even';

const DECIMAL_PATTERN = /^(-)?(\d+)(?:\.(\d+))?$/;
/** A non-negative decimal string the way amounts arrive from inputs: `12`, `12.5`, `.5` is refused. */
export const decimalStringSchema = lineString().regex(/^\d{1,30}(\.\d{1,30})?$/, 'Must be a decimal number');

/** True when `value` is a plain decimal (optional minus, digits, optional fraction). */
export function isDecimalString(value: string): boolean {
  return DECIMAL_PATTERN.test(value);
}

/** Parses `"-12.340"` into `{ units: -12340n, scale: 3 }`. Throws on anything else (no exponents). */
export function parseDecimal(value: string): Decimal {
  const match = DECIMAL_PATTERN.exec(value.trim());
  if (!match) throw new Error(`Not a decimal: ${value}`);
  const [, minus, whole, fraction = ''] = match;
  const units = BigInt(`${whole}${fraction}`);
  return { units: minus ? -units : units, scale: fraction.length };
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** Divides two integers and rounds the quotient with `mode` (the one place rounding happens). */
function divRound(numerator: bigint, denominator: bigint, mode: RoundingMode): bigint {
  if (denominator === 0n) throw new Error('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let quotient = n / d;
  const remainder = n % d;
  if (remainder !== 0n && mode !== 'down') {
    const twice = remainder * 2n;
    if (twice > d || (twice === d && (mode === 'half-up' || quotient % 2n === 1n))) quotient += 1n;
  }
  return negative ? -quotient : quotient;
}

/** Changes a decimal's scale, rounding when digits are dropped. */
export function rescale(value: Decimal, scale: number, mode: RoundingMode = 'half-up'): Decimal {
  if (scale >= value.scale) return { units: value.units * pow10(scale - value.scale), scale };
  return { units: divRound(value.units, pow10(value.scale - scale), mode), scale };
}

/** Exact product (the scale grows; rescale afterwards). */
export function multiply(a: Decimal, b: Decimal): Decimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

/** Exact difference `a - b`. */
export function subtract(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale).units - rescale(b, scale).units, scale };
}

/** `a / b` rounded to `scale` decimals. */
export function divide(a: Decimal, b: Decimal, scale: number, mode: RoundingMode = 'half-up'): Decimal {
  // a/b = (a.units / 10^a.scale) / (b.units / 10^b.scale); scale it up to `scale` decimals first.
  const shift = scale + b.scale - a.scale;
  const numerator = shift >= 0 ? a.units * pow10(shift) : a.units;
  const denominator = shift >= 0 ? b.units : b.units * pow10(-shift);
  return { units: divRound(numerator, denominator, mode), scale };
}

/** Compares two decimals: -1, 0 or 1. */
export function compareDecimals(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const x = rescale(a, scale).units;
  const y = rescale(b, scale).units;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Prints with exactly `value.scale` decimals (`{ units: 5n, scale: 3 }` is `0.005`). */
export function formatDecimal(value: Decimal): string {
  const negative = value.units < 0n;
  const digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, '0');
  const whole = digits.slice(0, digits.length - value.scale);
  const fraction = value.scale > 0 ? `.${digits.slice(digits.length - value.scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** Like formatDecimal but drops trailing zeros of the fraction (`1.500` is `1.5`, `2.000` is `2`). */
export function formatDecimalTrimmed(value: Decimal): string {
  const text = formatDecimal(value);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/**
 * Fiat -> crypto: how much crypto `fiatAmount` buys at `pricePerCoin` (fiat per one coin), to the
 * coin's base unit. Rounds down by default: a quote never promises a fraction of a base unit more than
 * the money pays for.
 */
export function fiatToCrypto(
  fiatAmount: string,
  pricePerCoin: string,
  cryptoDecimals: number,
  mode: RoundingMode = 'down',
): string {
  return formatDecimal(divide(parseDecimal(fiatAmount), parseDecimal(pricePerCoin), cryptoDecimals, mode));
}

/** Crypto -> fiat: what `cryptoAmount` is worth at `pricePerCoin`, to the fiat's precision (half-up). */
export function cryptoToFiat(
  cryptoAmount: string,
  pricePerCoin: string,
  fiatPrecision: number,
  mode: RoundingMode = 'half-up',
): string {
  return formatDecimal(
    rescale(multiply(parseDecimal(cryptoAmount), parseDecimal(pricePerCoin)), fiatPrecision, mode),
  );
}

// --- rates on the wire ------------------------------------------------------------------------------

/** Rates of one fiat currency: units of that fiat for one USD (`usd`) and for one coin (`btc`, `eth`, ...). */
export const fiatRateSchema = z.record(z.string(), z.string());

export const cryptoFiatRateSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: localizedNameSchema,
  precision: z.number().int(),
  rate: fiatRateSchema,
});

/** `GET /rest/v2/crypto-fiat-rates`. */
export const cryptoFiatRatesSchema = z.object({
  updatedAt: z.string(),
  /** Lower-case keys present in every `rate` object: `usd` and each crypto code. */
  rateKeys: z.array(z.string()),
  currencies: z.array(cryptoFiatRateSchema),
});
export type CryptoFiatRates = z.infer<typeof cryptoFiatRatesSchema>;

export const walletRatesQuerySchema = z.object({
  currency: lineString().min(3).max(3).optional(),
  locale: localeSchema.optional(),
});

/** `GET /rest/v2/wallet/crypto-currencies/rates`. */
export const walletRatesSchema = z.object({
  currency: z.string(),
  updatedAt: z.string(),
  rates: z.array(
    z.object({
      cryptoCurrencyId: z.number().int(),
      code: z.string(),
      /** Price of one coin in USD. */
      usd: z.string(),
      /** Price of one coin in `currency`. */
      fiat: z.string(),
      /** Change over the last 24 hours in percent, two decimals (`-1.25`). */
      change24hPercent: z.string(),
    }),
  ),
});

// --- calculator -------------------------------------------------------------------------------------

/** Chart ranges the spec names; pairs are synonyms (day = 24h, week = 7d, month = 1m). */
export const chartRanges = ['day', '24h', 'week', '7d', 'month', '1m', 'year'] as const;
export const chartRangeSchema = z.enum(chartRanges);
export type ChartRange = z.infer<typeof chartRangeSchema>;
export const DEFAULT_CHART_RANGE: ChartRange = 'month';

export const calculatorCurrencySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: localizedNameSchema,
  precision: z.number().int(),
  /** Units of this currency for one USD, one BTC and one USDT. */
  rate: z.object({ usd: z.string(), btc: z.string(), usdt: z.string() }),
  /** A round amount worth about 100 USD, prefilled in the calculator. */
  defaultAmount: z.string(),
  /** Position in the picker: popular currencies first. */
  order: z.number().int(),
});
export type CalculatorCurrency = z.infer<typeof calculatorCurrencySchema>;

export const chartPointSchema = z.object({ date: z.string(), rate: z.string() });

export const calculatorQuerySchema = z.object({
  range: chartRangeSchema.optional(),
  currency: lineString().min(3).max(3).optional(),
  /** Converts this fiat amount to BTC (exact, rounded down to satoshi). */
  fiatAmount: decimalStringSchema.optional(),
  /** Converts this BTC amount to fiat (exact, half-up to the currency's precision). */
  btcAmount: decimalStringSchema.optional(),
  locale: localeSchema.optional(),
});

/** `GET /rest/v1/calculator`. */
export const calculatorSchema = z.object({
  currency: z.string(),
  range: chartRangeSchema,
  currencies: z.array(calculatorCurrencySchema),
  fiatAmount: z.string(),
  btcAmount: z.string(),
  chart: z.object({
    cryptoCurrencyCode: z.string(),
    currencyCode: z.string(),
    range: chartRangeSchema,
    points: z.array(chartPointSchema),
  }),
  updatedAt: z.string(),
});
export type Calculator = z.infer<typeof calculatorSchema>;

export const calculatorCurrencyQuerySchema = z.object({ locale: localeSchema.optional() });
