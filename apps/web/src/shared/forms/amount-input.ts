import { isAmountInput } from '@app/contract';

/** More whole digits than any real amount; keeps a pasted essay out of the bigint maths. */
const MAX_WHOLE_DIGITS = 15;

/**
 * What an amount input accepts (spec: digits with an optional single decimal point, or empty). A comma
 * is read as the decimal point (Spanish keyboards type one); at most `maxDecimals` decimals. Returns the
 * cleaned text, or null to refuse the keystroke (the input keeps its previous value).
 */
export function sanitizeAmountInput(raw: string, maxDecimals: number): string | null {
  const text = raw.trim().replace(',', '.');
  if (!isAmountInput(text)) return null;
  const [whole = '', fraction] = text.split('.');
  if (whole.length > MAX_WHOLE_DIGITS) return null;
  if (fraction !== undefined && (maxDecimals === 0 || fraction.length > maxDecimals)) return null;
  return text;
}

/** The typed text as a decimal the contract helpers take: blank and a lone point are 0, `12.` is 12, `.5` is 0.5. */
export function toDecimalOperand(text: string): string {
  const [whole = '', fraction = ''] = text.split('.');
  const cleanWhole = whole === '' ? '0' : whole;
  return fraction === '' ? cleanWhole : `${cleanWhole}.${fraction}`;
}
