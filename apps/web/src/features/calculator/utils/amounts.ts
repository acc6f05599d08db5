import { cryptoToFiat, fiatToCrypto, parseDecimal } from '@app/contract';
import { toDecimalOperand } from '@/shared/forms/amount-input';
import { CALCULATOR_CRYPTO_DECIMALS } from './calculator-path';

// The input rule is shared by every amount field (shared/forms/amount-input.ts).
export { sanitizeAmountInput, toDecimalOperand } from '@/shared/forms/amount-input';

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
