import { cryptoToFiat, fiatToCrypto, isAmountInput, parseDecimal } from '@app/contract';
import { CALCULATOR_CRYPTO_DECIMALS } from './calculator-path';

/** More whole digits than any real amount; keeps a pasted essay out of the bigint maths. */
const MAX_WHOLE_DIGITS = 15;

/**
 * What an amount input accepts (spec: digits with an optional single decimal point, or empty). A comma
 * is read as the decimal point, since Spanish keyboards type one; at most `maxDecimals` decimals.
 * Returns the cleaned text, or null to refuse the keystroke (the input keeps its previous value).
 */
export function sanitizeAmountInput(raw: string, maxDecimals: number): string | null {
  const text = raw.trim().replace(',', '.');
  if (!isAmountInput(text)) return null;
  const [whole = '', fraction] = text.split('.');
  if (whole.length > MAX_WHOLE_DIGITS) return null;
  if (fraction !== undefined && (maxDecimals === 0 || fraction.length > maxDecimals)) return null;
  return text;
}

/**
 * The typed text as a decimal the contract helpers take: blank (and a lone point) counts as 0, `12.` is
 * 12 and `.5` is 0.5.
 */
export function toDecimalOperand(text: string): string {
  const [whole = '', fraction = ''] = text.split('.');
  const cleanWhole = whole === '' ? '0' : whole;
  return fraction === '' ? cleanWhole : `${cleanWhole}.${fraction}`;
}

export type AmountSide = 'fiat' | 'crypto';

export type Amounts = {
  /** What the fiat input shows. */
  fiatText: string;
  /** What the crypto input shows. */
  cryptoText: string;
  /** The crypto amount as a decimal, for the currencies table. */
  cryptoAmount: string;
};

const isZero = (price: string) => parseDecimal(price).units === 0n;

/**
 * Both amounts from the one the user typed, with the contract's exact helpers and the rate the page
 * shows: fiat -> BTC rounds down to the satoshi, BTC -> fiat rounds half-up to the currency's precision.
 */
export function deriveAmounts(side: AmountSide, text: string, price: string, fiatPrecision: number): Amounts {
  const operand = toDecimalOperand(text);
  if (side === 'fiat') {
    const crypto = isZero(price) ? '0' : fiatToCrypto(operand, price, CALCULATOR_CRYPTO_DECIMALS);
    return { fiatText: text, cryptoText: crypto, cryptoAmount: crypto };
  }
  return {
    fiatText: cryptoToFiat(operand, price, fiatPrecision),
    cryptoText: text,
    cryptoAmount: operand,
  };
}
