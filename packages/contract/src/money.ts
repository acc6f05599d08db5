import { lineString } from './strings.js';

/**
 * Crypto amounts: integers of base units (satoshi, wei, ...) as `bigint` in code, decimal strings on the
 * wire. The codec never rounds: an amount with more decimals than the coin has is refused, because a
 * rounded withdrawal or trade amount is a different amount than the user typed.
 */

export const amountErrorCodes = ['not_a_number', 'too_many_decimals', 'not_positive', 'too_large'] as const;
export type AmountErrorCode = (typeof amountErrorCodes)[number];

export type ParsedAmount =
  { ok: true; units: bigint } | { ok: false; code: AmountErrorCode; message: string };

const AMOUNT_PATTERN = /^(\d+)(?:\.(\d+))?$/;
/** NUMERIC(78,0) holds up to 78 digits; stay well inside it. */
const MAX_DIGITS = 60;

/** Decimal string -> base units, refusing negatives, zero, exponents, and excess decimals. */
export function parseAmount(value: string, decimals: number): ParsedAmount {
  const match = AMOUNT_PATTERN.exec(value.trim());
  if (!match) return { ok: false, code: 'not_a_number', message: 'Enter an amount like 0.5' };
  const [, whole = '', fraction = ''] = match;
  if (fraction.replace(/0+$/, '').length > decimals) {
    return { ok: false, code: 'too_many_decimals', message: `At most ${decimals} decimal places` };
  }
  const digits = `${whole}${fraction.padEnd(decimals, '0').slice(0, decimals)}`.replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_DIGITS) return { ok: false, code: 'too_large', message: 'The amount is too large' };
  const units = BigInt(digits);
  if (units <= 0n) {
    return { ok: false, code: 'not_positive', message: 'The amount must be greater than zero' };
  }
  return { ok: true, units };
}

/** Base units -> decimal string with exactly `decimals` places (`50000000n`, 8 -> `"0.50000000"`). */
export function formatBaseUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** Same, without trailing zeros (`"0.5"`), for display. */
export function formatBaseUnitsTrimmed(units: bigint, decimals: number): string {
  const text = formatBaseUnits(units, decimals);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** An amount as the wire carries it: a non-negative decimal string (checked against the coin later). */
export const amountStringSchema = lineString()
  .trim()
  .regex(AMOUNT_PATTERN, { message: 'Enter an amount like 0.5' })
  .max(MAX_DIGITS + 1);
