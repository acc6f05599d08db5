import { compareDecimals, parseDecimal, type OfferListing } from '@app/contract';
import { formatDecimalString, formatFiatAmount } from '@/features/catalogue';

/**
 * How an offer card writes its numbers. Every value arrives as a decimal string at the currency's
 * precision; these helpers only group and localise the digits with the catalogue's formatting (exact,
 * no floats, decision 0053) and never cut a price or a limit to fewer decimals than the server sent.
 */

/** Decimals in a decimal string (`85.00` -> 2), so a price keeps the precision the server gave it. */
const decimalsOf = (value: string) => value.split('.')[1]?.length ?? 0;

/** `85544.85` + `EUR` -> `85,544.85 EUR` (`85.544,85 EUR` in Spanish). */
export function formatFiat(value: string, currencyCode: string, locale: string): string {
  return formatFiatAmount(value, currencyCode, decimalsOf(value), locale);
}

/**
 * A margin in percent with its sign: `5.3800` -> `+5.38%`, `-1.5000` -> `−1.5%` (a real minus sign),
 * `0.0000` -> `0%`. Trailing zeros go; the server stores margins to 4 places.
 */
export function formatMargin(margin: string, locale: string): string {
  const value = parseDecimal(margin);
  const sign = value.units > 0n ? '+' : value.units < 0n ? '\u2212' : '';
  const magnitude = margin.replace(/^-/, '');
  return `${sign}${formatDecimalString(magnitude, locale, { maxFraction: 4 })}%`;
}

/** A completion rate as the server sends it (`97.5`, `100.0`) in percent: `97.5%`, `100%` (`97,5%` in Spanish). */
export function formatCompletionRate(rate: string, locale: string): string {
  return `${formatDecimalString(rate, locale, { maxFraction: 1 })}%`;
}

/**
 * An average release time in whole minutes, the way a card says it: under a minute, minutes, or hours
 * and minutes from an hour on. The words come from the caller's translations.
 */
export function releaseTimeParts(
  seconds: number,
):
  | { kind: 'underMinute' }
  | { kind: 'minutes'; minutes: number }
  | { kind: 'hours'; hours: number; minutes: number } {
  if (seconds < 60) return { kind: 'underMinute' };
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return { kind: 'minutes', minutes };
  return { kind: 'hours', hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** Whether the margin puts the price above (`above`), below or at the market. */
export function marginDirection(margin: string): 'above' | 'below' | 'market' {
  const order = compareDecimals(parseDecimal(margin), { units: 0n, scale: 0 });
  return order > 0 ? 'above' : order < 0 ? 'below' : 'market';
}

export type OfferLimits =
  | { kind: 'range'; min: string; max: string; currencyCode: string }
  | { kind: 'predefined'; amounts: string[]; currencyCode: string };

/**
 * What the visitor may trade: a min-max range (`10.00 – 500.00`) or the offer's fixed amounts (spec: amount
 * modes min_max and predefined), already formatted for `locale`, without the currency code.
 */
export function offerLimits(offer: OfferListing, locale: string): OfferLimits {
  const format = (value: string) =>
    formatFiatAmount(value, offer.fiatCurrencyCode, decimalsOf(value), locale, 'number');
  if (offer.predefinedAmount.length > 0) {
    return {
      kind: 'predefined',
      amounts: offer.predefinedAmount.map(format),
      currencyCode: offer.fiatCurrencyCode,
    };
  }
  return {
    kind: 'range',
    min: format(offer.fiatAmountRangeMin),
    max: format(offer.fiatAmountRangeMax),
    currencyCode: offer.fiatCurrencyCode,
  };
}

/** The range as one line: `10.00 – 500.00 EUR`; the fixed amounts as `50.00, 100.00 EUR`. */
export function formatLimits(limits: OfferLimits): string {
  return limits.kind === 'range'
    ? `${limits.min} – ${limits.max} ${limits.currencyCode}`
    : `${limits.amounts.join(', ')} ${limits.currencyCode}`;
}

/**
 * The offer page's address (without the locale prefix): `/offer/{hash}`, with `?fiat-min=` when the
 * visitor entered an amount, so the trade form starts with it (spec: `/offer/{id}`, optional fiat-min).
 */
export function offerHref(hash: string, fiatMin?: string | null): string {
  const path = `/offer/${encodeURIComponent(hash)}`;
  return fiatMin ? `${path}?fiat-min=${encodeURIComponent(fiatMin)}` : path;
}

/** The requirements an offer puts on the visitor, in the order the card lists them. */
export type OfferRequirement =
  { kind: 'verifiedId' } | { kind: 'fullName' } | { kind: 'minPastTrades'; count: number };

export function offerRequirements(offer: OfferListing): OfferRequirement[] {
  const list: OfferRequirement[] = [];
  if (offer.requireVerifiedId) list.push({ kind: 'verifiedId' });
  if (offer.requireFullNameVisibility) list.push({ kind: 'fullName' });
  if (offer.requireMinPastTrades !== null && offer.requireMinPastTrades > 0) {
    list.push({ kind: 'minPastTrades', count: offer.requireMinPastTrades });
  }
  return list;
}
