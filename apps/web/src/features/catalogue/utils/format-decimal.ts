import { formatDecimal, parseDecimal, rescale } from '@app/contract';

type FormatOptions = {
  /** Decimals always shown (a currency's precision). @default 0 */
  minFraction?: number;
  /** Decimals kept at most, rounded half-up; zeros past `minFraction` are dropped. @default 8 */
  maxFraction?: number;
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
  const { minFraction = 0, maxFraction = 8 } = options;
  const rounded = rescale(parseDecimal(value), Math.max(maxFraction, minFraction), 'half-up');
  const negative = rounded.units < 0n;
  const text = formatDecimal(negative ? { ...rounded, units: -rounded.units } : rounded);
  const [whole = '0', rawFraction = ''] = text.split('.');
  const trimmed = rawFraction.replace(/0+$/, '');
  const fraction = trimmed.length < minFraction ? trimmed.padEnd(minFraction, '0') : trimmed;
  const grouped = integerFormat(locale).format(BigInt(whole));
  return `${negative ? '-' : ''}${grouped}${fraction ? `${decimalSeparator(locale)}${fraction}` : ''}`;
}
