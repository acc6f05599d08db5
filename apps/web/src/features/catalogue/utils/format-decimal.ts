import { formatDecimal, NON_CURRENCY_CODES, parseDecimal, rescale } from '@app/contract';

/**
 * THE formatting of numbers the server sends as decimal strings (amounts, prices, rates, percentages),
 * for every screen (decision 0053). Digits never go through a JS `number`: a decimal string is rounded
 * with the contract's bigint helpers and only its whole part is grouped by `Intl` (as a `bigint`), so
 * `19.985468211352636154` keeps every digit it has until the display drops them on purpose.
 *
 * - Crypto amounts: at the coin's display precision (the catalogue's `formattingDecimalsCount`: 8 for
 *   BTC and ETH, 6 for USDT), truncated, never rounded up: a wallet never shows more than is there. At
 *   least two decimals (`0.50`), trailing zeros dropped past them; a non-zero amount too small to show
 *   reads `<0.00000001`. The exact value stays available (`formatExactAmount`, `plainExactAmount`).
 * - Fiat amounts: at the currency's precision (ISO 4217 minor units from the catalogue: JPY 0, USD 2,
 *   KWD 3; metals 4), truncated the same way, every decimal shown (`250.00 USD`).
 * - Grouping and separators are the page's language's (`81,177.50` / `81.177,50`).
 */

type FormatOptions = {
  /** Decimals always shown (a currency's precision). @default 0 */
  minFraction?: number;
  /** Decimals kept at most; zeros past `minFraction` are dropped. @default 8 */
  maxFraction?: number;
  /**
   * How dropped digits round: `half-up` for rates and percentages, `down` (towards zero) for amounts,
   * so a balance or a limit never reads more than it is. @default 'half-up'
   */
  rounding?: 'half-up' | 'down';
};

const integerFormats = new Map<string, Intl.NumberFormat>();

function integerFormat(locale: string): Intl.NumberFormat {
  let format = integerFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { useGrouping: true, maximumFractionDigits: 0 });
    integerFormats.set(locale, format);
  }
  return format;
}

const decimalSeparators = new Map<string, string>();

function decimalSeparator(locale: string): string {
  let separator = decimalSeparators.get(locale);
  if (separator === undefined) {
    separator =
      new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
    decimalSeparators.set(locale, separator);
  }
  return separator;
}

/**
 * A decimal string (`"81177.50000000"`) for display in `locale` (`81,177.50`, `81.177,50`). Exact: the
 * digits are rounded with the contract's decimal helpers and the whole part is grouped as a `bigint`, so
 * no float ever touches the amount.
 */
export function formatDecimalString(value: string, locale: string, options: FormatOptions = {}): string {
  const { minFraction = 0, maxFraction = 8, rounding = 'half-up' } = options;
  const rounded = rescale(parseDecimal(value), Math.max(maxFraction, minFraction), rounding);
  const negative = rounded.units < 0n;
  const text = formatDecimal(negative ? { ...rounded, units: -rounded.units } : rounded);
  const [whole = '0', rawFraction = ''] = text.split('.');
  const trimmed = rawFraction.replace(/0+$/, '');
  const fraction = trimmed.length < minFraction ? trimmed.padEnd(minFraction, '0') : trimmed;
  const grouped = integerFormat(locale).format(BigInt(whole));
  return `${negative ? '-' : ''}${grouped}${fraction ? `${decimalSeparator(locale)}${fraction}` : ''}`;
}

// --- crypto ----------------------------------------------------------------------------------------

/** A coin's display decimals while the catalogue's list is not at hand: BTC's and ETH's 8. */
export const FALLBACK_CRYPTO_DISPLAY_DECIMALS = 8;
/** Fewest decimals a crypto amount shows: `0.50` rather than `0.5`, `150.00` rather than `150`. */
const MIN_CRYPTO_DECIMALS = 2;

/** Decimals a decimal string carries (`"0.500"` -> 3). */
const scaleOf = (value: string): number => value.trim().split('.')[1]?.length ?? 0;

/** Whether the displayed amount is all of it: nothing beyond `displayDecimals` but zeros. */
export function showsEveryDigit(amount: string, displayDecimals: number): boolean {
  const value = parseDecimal(amount);
  return rescale(rescale(value, displayDecimals, 'down'), value.scale).units === value.units;
}

function cryptoMagnitude(magnitude: string, displayDecimals: number, locale: string): string {
  const decimals = Math.max(0, displayDecimals);
  const text = formatDecimalString(magnitude, locale, {
    minFraction: Math.min(MIN_CRYPTO_DECIMALS, decimals),
    maxFraction: decimals,
    rounding: 'down',
  });
  if (
    parseDecimal(magnitude).units === 0n ||
    rescale(parseDecimal(magnitude), decimals, 'down').units !== 0n
  ) {
    return text;
  }
  // Dust: more than nothing, less than the smallest step shown.
  const smallest = formatDecimal({ units: 1n, scale: decimals });
  return `<${formatDecimalString(smallest, locale, { maxFraction: decimals })}`;
}

/**
 * A crypto amount at the coin's display precision (`19.985468211352636154` ETH -> `19.98546821`),
 * truncated, at least two decimals, grouped the locale's way. Without the code: callers put it after.
 */
export function formatCryptoAmount(amount: string, displayDecimals: number, locale: string): string {
  const trimmed = amount.trim();
  const negative = trimmed.startsWith('-');
  const text = cryptoMagnitude(negative ? trimmed.slice(1) : trimmed, displayDecimals, locale);
  return negative ? `-${text}` : text;
}

/** The same with a sign for history lines, a real minus: `+0.50` / `−0.10`. */
export function formatSignedCryptoAmount(amount: string, displayDecimals: number, locale: string): string {
  const trimmed = amount.trim();
  const negative = trimmed.startsWith('-');
  const text = cryptoMagnitude(negative ? trimmed.slice(1) : trimmed, displayDecimals, locale);
  return `${negative ? '\u2212' : '+'}${text}`;
}

/** Every digit an amount has, grouped for reading (the hover text): `19.985468211352636154`. */
export function formatExactAmount(amount: string, locale: string): string {
  const scale = scaleOf(amount);
  return formatDecimalString(amount, locale, {
    minFraction: Math.min(MIN_CRYPTO_DECIMALS, scale),
    maxFraction: scale,
  });
}

/** Every digit as a plain decimal with a point and no grouping (what a copy puts on the clipboard). */
export function plainExactAmount(amount: string): string {
  const text = formatDecimal(parseDecimal(amount));
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

// --- fiat ------------------------------------------------------------------------------------------

const METALS: readonly string[] = NON_CURRENCY_CODES;
const fallbackPrecisions = new Map<string, number>();

/**
 * A currency's decimals while the catalogue's list is not at hand: `Intl`'s (CLDR) for the currency,
 * which agrees with ISO 4217 for most codes (CLDR shows fewer for a few, e.g. COP), 4 for the metals
 * (the catalogue quotes them to 4 places), 2 for a code `Intl` does not know.
 */
export function fallbackFiatPrecision(currency: string): number {
  const code = currency.trim().toUpperCase();
  if (METALS.includes(code)) return 4;
  let precision = fallbackPrecisions.get(code);
  if (precision === undefined) {
    try {
      precision =
        new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      precision = 2;
    }
    fallbackPrecisions.set(code, precision);
  }
  return precision;
}

const symbolFormats = new Map<string, Intl.NumberFormat | null>();

function symbolFormat(locale: string, currency: string, precision: number): Intl.NumberFormat | null {
  const key = `${locale}|${currency}|${precision}`;
  let format = symbolFormats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: precision,
        maximumFractionDigits: precision,
        // Grouped like every other amount (`integerFormat`): 1.234,50 US$ beside 1.234,50 USDT.
        useGrouping: true,
      });
    } catch {
      format = null;
    }
    symbolFormats.set(key, format);
  }
  return format;
}

/**
 * A fiat amount at the currency's `precision`, every decimal shown, truncated: `250.00000000` USD ->
 * `250.00 USD`. `symbol` puts the currency the locale's way (`$47,500.00`, `47.500,00 US$`) for totals;
 * `code` (the default) writes the code after the number, as prices and limits read everywhere else;
 * `number` leaves the currency to the text around it (`{{fiat}} {{currency}}`).
 */
export function formatFiatAmount(
  amount: string,
  currency: string,
  precision: number,
  locale: string,
  style: 'code' | 'symbol' | 'number' = 'code',
): string {
  const number = formatDecimalString(amount, locale, {
    minFraction: precision,
    maxFraction: precision,
    rounding: 'down',
  });
  if (style === 'number') return number;
  if (style === 'symbol') {
    const format = symbolFormat(locale, currency, precision);
    if (format) {
      const truncated = formatDecimal(rescale(parseDecimal(amount), precision, 'down'));
      // A string is formatted as written (Intl.NumberFormat v3): already cut to `precision`, exact.
      return format.format(truncated as Intl.StringNumericLiteral);
    }
  }
  return `${number} ${currency}`;
}
