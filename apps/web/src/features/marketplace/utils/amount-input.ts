import { sanitizeAmountInput } from '@/shared/forms/amount-input';
/** Enough for any fiat currency (metals are quoted to 4 places). */
const MAX_DECIMALS = 8;

/**
 * The amount field's input rule (spec: digits with an optional single decimal point, or empty). A comma
 * is read as the point (Spanish keyboards). Returns the cleaned text, or null to refuse the keystroke.
 */
export function sanitizeAmountText(raw: string): string | null {
  return sanitizeAmountInput(raw, MAX_DECIMALS);
}

/**
 * The typed text as the address's `fiat-min` (spec: numeric): `12.` is 12, `.5` is 0.5, leading zeros
 * go; blank, a lone point and zero mean "no amount" (null).
 */
export function toAmountValue(text: string): string | null {
  const [rawWhole = '', rawFraction = ''] = text.split('.');
  const whole = rawWhole.replace(/^0+(?=\d)/, '') || '0';
  const fraction = rawFraction.replace(/0+$/, '');
  if (!/^\d+$/.test(whole) || (whole === '0' && fraction === '')) return null;
  return fraction ? `${whole}.${fraction}` : whole;
}
