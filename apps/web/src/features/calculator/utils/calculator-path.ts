/**
 * The calculator's address: `/calculator/btc-to-{currencycode}` (spec, account document section 2), the
 * code in lower case as in the server's named route `calculator` (`/calculator/btc-to-usd`). The
 * calculator API converts and charts bitcoin only, so the crypto part is fixed.
 */
export const CALCULATOR_CRYPTO = 'BTC';
/** BTC amounts carry 8 decimals (spec: BTC amount decimals 8, one satoshi is 10^-8). */
export const CALCULATOR_CRYPTO_DECIMALS = 8;

const PAIR_PATTERN = /^btc-to-([a-z]{3})$/i;

export type CalculatorPair = {
  /** Upper-case ISO 4217 code, as the API expects it. */
  currency: string;
  /** False when the address differs from the canonical lower-case form (`btc-to-EUR`). */
  canonical: boolean;
};

/** `btc-to-eur` -> `{ currency: 'EUR', canonical: true }`; anything that is not a BTC pair -> null. */
export function parseCalculatorPair(pair: string): CalculatorPair | null {
  const match = PAIR_PATTERN.exec(pair);
  if (!match?.[1]) return null;
  return { currency: match[1].toUpperCase(), canonical: pair === pair.toLowerCase() };
}

/** The unprefixed path of one currency's calculator; localize it before linking. */
export function calculatorPath(currency: string): string {
  return `/calculator/btc-to-${currency.toLowerCase()}`;
}
