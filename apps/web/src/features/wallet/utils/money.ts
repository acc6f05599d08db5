import { multiply, parseDecimal, rescale, type Decimal } from '@app/contract';

/**
 * Money on the wallet page. Amounts arrive as decimal strings and stay exact: arithmetic happens on
 * bigints (the contract's parseAmount / Decimal helpers), and display goes through Intl.NumberFormat's
 * string input, which formats the decimal as written instead of converting it to a float first.
 */

/** Fewest decimals shown for a crypto amount: `0.50` rather than `0.5`, `150.00` rather than `150`. */
const MIN_CRYPTO_DECIMALS = 2;

/** Base units of a decimal string the server sent (always valid, may be zero or negative). */
export function toUnits(amount: string, decimals: number): bigint {
  return rescale(parseDecimal(amount), decimals, 'down').units;
}

/** `"0.50000000"` -> `"0.5"` for an input field: exact, trailing zeros dropped. */
export function trimAmount(amount: string): string {
  return amount.includes('.') ? amount.replace(/\.?0+$/, '') : amount;
}

/**
 * A crypto amount for display in `locale`: every significant decimal kept (never rounded), at least
 * two, grouped the locale's way (`1,234.5` / `1234,5`).
 */
export function formatCrypto(amount: string, decimals: number, locale: string): string {
  const maximumFractionDigits = Math.max(Math.min(decimals, 100), 0);
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: Math.min(MIN_CRYPTO_DECIMALS, maximumFractionDigits),
    maximumFractionDigits,
    // A string is formatted exactly (Intl.NumberFormat v3), so no digit is lost on the way.
  }).format(amount as Intl.StringNumericLiteral);
}

/** Same as formatCrypto, with a sign for history lines: `+0.50` / `−0.10`. */
export function formatSignedCrypto(amount: string, decimals: number, locale: string): string {
  const negative = amount.trim().startsWith('-');
  const magnitude = negative ? amount.trim().slice(1) : amount.trim();
  return `${negative ? '−' : '+'}${formatCrypto(magnitude, decimals, locale)}`;
}

/** A fiat amount with its currency sign, exactly `precision` decimals (the value is already rounded). */
export function formatFiat(amount: string, currency: string, precision: number, locale: string): string {
  const options = { minimumFractionDigits: precision, maximumFractionDigits: precision };
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, ...options }).format(
      amount as Intl.StringNumericLiteral,
    );
  } catch {
    // A code Intl does not know as a currency: the number, then the code.
    return `${new Intl.NumberFormat(locale, options).format(amount as Intl.StringNumericLiteral)} ${currency}`;
  }
}

/** What `amount` of a coin is worth at `rate` (fiat per coin), exact, then rounded half-up to `precision`. */
export function fiatValue(amount: string, rate: string, precision: number): Decimal {
  return rescale(multiply(parseDecimal(amount), parseDecimal(rate)), precision, 'half-up');
}

/** Exact sum of decimals (at the largest scale among them). */
export function sumDecimals(values: readonly Decimal[], scale: number): Decimal {
  return {
    units: values.reduce((total, value) => total + rescale(value, scale, 'half-up').units, 0n),
    scale,
  };
}

/** True when a decimal string the server sent is greater than zero. */
export const isPositive = (amount: string): boolean => parseDecimal(amount).units > 0n;
