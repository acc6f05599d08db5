import { isAmountInput } from '@app/contract';

/** More whole digits than any real amount; keeps a pasted essay out of the address. */
const MAX_WHOLE_DIGITS = 15;
/** Enough for any fiat currency (metals are quoted to 4 places). */
const MAX_DECIMALS = 8;

/**
 * The amount field's input rule (spec: digits with an optional single decimal point, or empty). A comma
 * is read as the point (Spanish keyboards). Returns the cleaned text, or null to refuse the keystroke.
 */
export function sanitizeAmountText(raw: string): string | null {
  const text = raw.trim().replace(',', '.');
  if (!isAmountInput(text)) return null;
  const [whole = '', fraction] = text.split('.');
  if (whole.length > MAX_WHOLE_DIGITS) return null;
  if (fraction !== undefined && fraction.length > MAX_DECIMALS) return null;
  return text;
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
