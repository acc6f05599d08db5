import {
  compareDecimals,
  cryptoToFiat,
  fiatToCrypto,
  formatDecimal,
  formatDecimalTrimmed,
  parseDecimal,
  rescale,
} from '@app/contract';
import { toDecimalOperand } from '@/shared/forms/amount-input';

// The input rule is shared by every amount field (shared/forms/amount-input.ts).
export { sanitizeAmountInput, toDecimalOperand } from '@/shared/forms/amount-input';

/**
 * The offer page's two amount inputs (fiat and crypto), converted both ways with the offer's own price
 * and the contract's exact decimal helpers: no JavaScript number ever holds an amount.
 */

export type AmountSide = 'fiat' | 'crypto';

const cmp = (a: string, b: string) => compareDecimals(parseDecimal(a), parseDecimal(b));
const isZero = (value: string) => parseDecimal(value).units === 0n;

/** The smallest of the given decimals (nulls ignored). */
export function minDecimal(first: string, ...rest: (string | null | undefined)[]): string {
  return rest.reduce<string>(
    (low, value) => (value !== null && value !== undefined && cmp(value, low) < 0 ? value : low),
    first,
  );
}

export type TradeAmountInput = {
  /** The input the user typed in last; the other one is derived from it. */
  side: AmountSide;
  text: string;
  /** Fiat price of one coin (the offer's). */
  price: string;
  fiatPrecision: number;
  /** Decimals of the coin's base unit (satoshi 8, wei 18): fiat -> crypto rounds down to it. */
  cryptoDecimals: number;
  /** The most the viewer may trade, in fiat (the offer's maximum, lowered by the new-buyer limit or cap). */
  max: string;
};

export type TradeAmounts = {
  side: AmountSide;
  /** What each input shows. */
  fiatText: string;
  cryptoText: string;
  /** The fiat amount the trade would be started with, at the currency's precision; null while blank. */
  fiatAmount: string | null;
  /** The crypto amount, to the base unit; null while blank. */
  cryptoAmount: string | null;
  /** True when the typed amount was above `max` and the inputs now hold the maximum instead. */
  clamped: boolean;
};

/**
 * Both amounts from the one the user typed. Fiat -> crypto rounds down to the coin's base unit (the
 * server does the same when the trade starts); crypto -> fiat rounds half-up to the currency's precision.
 * Above the maximum, the fiat amount becomes the maximum and the crypto amount is derived from it (spec:
 * "a trade at or above fiatLimitMax is capped to the maximum; the crypto amount is then derived").
 */
export function deriveTradeAmounts(input: TradeAmountInput): TradeAmounts {
  const { side, text, price, fiatPrecision, cryptoDecimals, max } = input;
  const blank = text === '' || text === '.';
  if (blank || isZero(price)) {
    return {
      side,
      fiatText: side === 'fiat' ? text : '',
      cryptoText: side === 'crypto' ? text : '',
      fiatAmount: null,
      cryptoAmount: null,
      clamped: false,
    };
  }
  const operand = toDecimalOperand(text);
  const fiat =
    side === 'fiat'
      ? formatDecimal(rescale(parseDecimal(operand), fiatPrecision, 'down'))
      : cryptoToFiat(operand, price, fiatPrecision);
  if (cmp(fiat, max) > 0) {
    const capped = formatDecimal(rescale(parseDecimal(max), fiatPrecision, 'down'));
    const crypto = fiatToCrypto(capped, price, cryptoDecimals);
    return {
      side: 'fiat',
      fiatText: capped,
      cryptoText: formatDecimalTrimmed(parseDecimal(crypto)),
      fiatAmount: capped,
      cryptoAmount: crypto,
      clamped: true,
    };
  }
  if (side === 'fiat') {
    const crypto = fiatToCrypto(fiat, price, cryptoDecimals);
    return {
      side,
      fiatText: text,
      cryptoText: formatDecimalTrimmed(parseDecimal(crypto)),
      fiatAmount: fiat,
      cryptoAmount: crypto,
      clamped: false,
    };
  }
  // The trade is started with the fiat amount: the crypto it buys is what the server will compute from
  // it (rounded down), which may be a base unit below what was typed.
  return {
    side,
    fiatText: fiat,
    cryptoText: text,
    fiatAmount: fiat,
    cryptoAmount: fiatToCrypto(fiat, price, cryptoDecimals),
    clamped: false,
  };
}

export type AmountProblem = 'required' | 'belowMin' | 'notPredefined' | 'tooSmall';

/** Why the amount cannot start a trade yet, or null when it can. */
export function amountProblem(
  amounts: Pick<TradeAmounts, 'fiatAmount' | 'cryptoAmount'>,
  limits: { min: string; predefined: readonly string[] },
): AmountProblem | null {
  const { fiatAmount, cryptoAmount } = amounts;
  if (fiatAmount === null || isZero(fiatAmount)) return 'required';
  if (limits.predefined.length > 0) {
    if (!limits.predefined.some((amount) => cmp(amount, fiatAmount) === 0)) return 'notPredefined';
  } else if (cmp(fiatAmount, limits.min) < 0) return 'belowMin';
  if (cryptoAmount === null || isZero(cryptoAmount)) return 'tooSmall';
  return null;
}
