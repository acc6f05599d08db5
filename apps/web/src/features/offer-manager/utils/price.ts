import {
  divide,
  formatDecimal,
  formatDecimalTrimmed,
  isAmountInput,
  multiply,
  offerFiatPrice,
  parseAmount,
  parseDecimal,
  rescale,
  subtract,
} from '@app/contract';
import { MARGIN_PATTERN } from './offer-form';

/**
 * The live price of an offer being edited, with the contract's exact decimal helpers (never a float):
 * the same `offerFiatPrice` the server uses to present the offer, from the same market rate
 * (`GET /rest/v2/crypto-fiat-rates`, fiat per coin).
 */

export type PricePreview = {
  /** The offer's fiat price of one coin at the currency's precision, or null while the input is not valid. */
  price: string | null;
  /** How far the price is from the market in percent: the margin, or a fixed price's implied margin (2 places). */
  marginPercent: string | null;
};

export type PricePreviewInput = {
  /** Fiat per coin at the market (the rate's value), or null while the rate is unknown. */
  market: string | null;
  priceMode: 'margin' | 'fixed';
  margin: string;
  fixedPrice: string;
  fiatPrecision: number;
};

const isZero = (value: string) => parseDecimal(value).units === 0n;

export function previewPrice({
  market,
  priceMode,
  margin,
  fixedPrice,
  fiatPrecision,
}: PricePreviewInput): PricePreview {
  if (priceMode === 'margin') {
    const text = margin.trim();
    if (!market || isZero(market) || !MARGIN_PATTERN.test(text)) return { price: null, marginPercent: null };
    const price = offerFiatPrice({ market, margin: text, fixedPrice: null, fiatPrecision });
    return { price, marginPercent: formatDecimalTrimmed(parseDecimal(text)) };
  }
  const text = fixedPrice.trim();
  if (!parseAmount(text, fiatPrecision).ok) return { price: null, marginPercent: null };
  const price = offerFiatPrice({ market: '0', margin: null, fixedPrice: text, fiatPrecision });
  if (!market || isZero(market)) return { price, marginPercent: null };
  // (price / market - 1) x 100, rounded half-up to 2 places.
  const ratio = subtract(divide(parseDecimal(price), parseDecimal(market), 8), parseDecimal('1'));
  const percent = rescale(multiply(ratio, parseDecimal('100')), 2, 'half-up');
  return { price, marginPercent: formatDecimal(percent) };
}

/**
 * What an amount input accepts (spec: digits with an optional single decimal point, or empty); a comma
 * is read as the decimal point (Spanish keyboards). Returns the cleaned text, or null to refuse the
 * keystroke so the input keeps its previous value.
 */
export function sanitizeAmountInput(raw: string): string | null {
  const text = raw.replace(',', '.').replace(/\s/g, '');
  return isAmountInput(text) && text.length <= 40 ? text : null;
}

/** Like sanitizeAmountInput for a margin, which may start with a minus sign. */
export function sanitizeMarginInput(raw: string): string | null {
  const text = raw.replace(',', '.').replace(/\s/g, '');
  return /^-?\d*\.?\d*$/.test(text) && text.length <= 12 ? text : null;
}
