import { multiply, parseDecimal, rescale, type Decimal } from '@app/contract';

/**
 * Money on the wallet page. Amounts arrive as decimal strings and stay exact: arithmetic happens on
 * bigints (the contract's parseAmount / Decimal helpers). Display is the catalogue's formatting
 * (`useAmountFormat`, decision 0053).
 */

/** Base units of a decimal string the server sent (always valid, may be zero or negative). */
export function toUnits(amount: string, decimals: number): bigint {
  return rescale(parseDecimal(amount), decimals, 'down').units;
}

/** `"0.50000000"` -> `"0.5"` for an input field: exact, trailing zeros dropped. */
export function trimAmount(amount: string): string {
  return amount.includes('.') ? amount.replace(/\.?0+$/, '') : amount;
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
