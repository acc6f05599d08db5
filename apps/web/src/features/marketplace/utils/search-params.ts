import {
  formatDecimal,
  multiply,
  offerSorts,
  parseDecimal,
  rescale,
  type CryptoCurrency,
  type OfferSort,
} from '@app/contract';
import type { QueryParams } from '@/shared/api';
import { toAmountValue } from './amount-input';

/**
 * The marketplace search lives in its address: the side, coin and payment method in the path, every
 * other filter in the query string (spec, section 2). This module is the one place that maps
 *   address -> filters (parseMarketFilters), filters -> address (marketHref), filters -> API query
 *   (toOfferSearchQuery).
 * Decisions (docs/decisions/0008-offers.md, "Web: marketplace") are noted where they apply.
 */

export type MarketSide = 'buy' | 'sell';
/** `otc`: `/trading/...`; `gift-cards`: `/{side}-giftcard[-for-{crypto}]/...` (group fixed to gift cards). */
export type MarketArea = 'otc' | 'gift-cards';

export type MarketFilters = {
  area: MarketArea;
  /** The visitor's side: `buy` lists sell offers (the API's `type`). */
  side: MarketSide;
  /** The coin's URL word (`bitcoin`, `tether`), the catalogue's `urlParam`. */
  crypto: string;
  /** A payment method slug; null for any method (`any` / `all-payment-methods` in the path). */
  paymentMethod: string | null;
  /** The searched currency; null for every currency (`anyCurrency`) or, before it is chosen, none yet. */
  currencyCode: string | null;
  /**
   * The address asks for every currency (`currencyCode=any`). Without it, an address with no currency
   * gets the viewer's own (the page writes it in: utils/default-currency.ts).
   */
  anyCurrency: boolean;
  /** A payment method group slug; null for all groups. Always `gift-cards` in the gift card area. */
  group: string | null;
  /** The amount the visitor wants to trade (a plain decimal), in `currencyCode` or in USD (convertFromUSD). */
  fiatMin: string | null;
  isVerifiedOffers: boolean;
  isVerifiedUsers: boolean;
  tags: string[];
  /** Where the visitor is: offers whose country list admits that country. */
  countryIso: string | null;
  /** Where the offer's owner is. */
  usersCountryIso: string | null;
  onlineUsers: boolean;
  /** Load the next page by itself when the end of the list scrolls into view. */
  hasScroll: boolean;
  binCode: string | null;
  cardRegion: number | null;
  /** `fiatMin` was typed in USD: convert it to `currencyCode` with the live rate before searching. */
  convertFromUSD: boolean;
  /** Which collapsible block of the page is open on small screens (`filters`); not sent to the API. */
  block: string | null;
  /** Only offers the visitor can take: no ID / past-trades requirement, open to the visitor's country. */
  acceptableOnly: boolean;
  sortType: OfferSort;
};

export const DEFAULT_CRYPTO_SLUG = 'bitcoin';
/** The path's word for "every payment method". `all-payment-methods` is read as the same. */
export const ANY_METHOD_SLUG = 'any';
const ANY_METHOD_SLUGS = new Set([ANY_METHOD_SLUG, 'all-payment-methods']);
export const GIFT_CARDS_GROUP = 'gift-cards';
/** Page size of the search (the API's default). */
export const SEARCH_PAGE_SIZE = 20;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const NUMERIC = /^\d{1,15}(\.\d{1,8})?$/;
const ISO = /^[A-Z]{2}$/;
const CURRENCY = /^[A-Z]{3}$/;
const BIN_CODE = /^\d{6,8}$/;
/** `currencyCode=any`: every currency, as the viewer chose (no default currency is put in). */
export const ANY_CURRENCY = 'any';

export function defaultFilters(overrides: Partial<MarketFilters> = {}): MarketFilters {
  return {
    area: 'otc',
    side: 'buy',
    crypto: DEFAULT_CRYPTO_SLUG,
    paymentMethod: null,
    currencyCode: null,
    anyCurrency: false,
    group: null,
    fiatMin: null,
    isVerifiedOffers: false,
    isVerifiedUsers: false,
    tags: [],
    countryIso: null,
    usersCountryIso: null,
    onlineUsers: false,
    hasScroll: false,
    binCode: null,
    cardRegion: null,
    convertFromUSD: false,
    block: null,
    acceptableOnly: false,
    sortType: 'default',
    ...overrides,
  };
}

/** `buy-bitcoin` -> buy + bitcoin (`/trading/{side}-{crypto}/...`). */
export function parseTradingSegment(segment: string): { side: MarketSide; crypto: string } | null {
  const match = /^(buy|sell)-([a-z0-9]+(?:-[a-z0-9]+)*)$/.exec(segment.toLowerCase());
  if (!match) return null;
  return { side: match[1] as MarketSide, crypto: match[2] as string };
}

/** `buy-giftcard` -> buy + bitcoin; `sell-giftcard-for-tether` -> sell + tether. */
export function parseGiftCardSegment(segment: string): { side: MarketSide; crypto: string } | null {
  const match = /^(buy|sell)-giftcard(?:-for-([a-z0-9]+(?:-[a-z0-9]+)*))?$/.exec(segment.toLowerCase());
  if (!match) return null;
  return { side: match[1] as MarketSide, crypto: match[2] ?? DEFAULT_CRYPTO_SLUG };
}

const flag = (value: string | null) => value === '1' || value === 'true';
const matching = (value: string | null, pattern: RegExp) =>
  value !== null && pattern.test(value) ? value : null;

/**
 * The filters of an address. `segment` is the path's first part after the locale (`buy-bitcoin` under
 * `/trading/`, or `buy-giftcard-for-tether`), `methodSlug` the last one. Returns null when the path is
 * not a marketplace address. Query values that do not fit their rule are ignored (a hand-edited or
 * outdated link still opens the search), never sent to the server.
 */
export function parseMarketFilters(
  area: MarketArea,
  segment: string,
  methodSlug: string,
  search: URLSearchParams,
): MarketFilters | null {
  const head = area === 'otc' ? parseTradingSegment(segment) : parseGiftCardSegment(segment);
  const method = methodSlug.toLowerCase();
  if (!head || !SLUG.test(method)) return null;
  // The path's method wins; `?paymentMethod=` is read only when the path says "any method".
  const queryMethod = search.get('paymentMethod')?.toLowerCase() ?? null;
  const paymentMethod = !ANY_METHOD_SLUGS.has(method)
    ? method
    : queryMethod && SLUG.test(queryMethod) && !ANY_METHOD_SLUGS.has(queryMethod)
      ? queryMethod
      : null;
  const group = search.get('group')?.toLowerCase() ?? null;
  const sort = search.get('sortType');
  const fiatMin = search.get('fiat-min')?.trim() ?? null;
  const cardRegion = search.get('cardRegion');
  const currency = search.get('currencyCode')?.trim() ?? null;
  const anyCurrency = currency?.toLowerCase() === ANY_CURRENCY;
  const tags = (search.get('tags') ?? '')
    .split(',')
    .map((tag) => tag.trim().toLowerCase())
    .filter((tag) => SLUG.test(tag));
  return {
    area,
    side: head.side,
    crypto: head.crypto,
    paymentMethod,
    currencyCode: anyCurrency ? null : matching(currency?.toUpperCase() ?? null, CURRENCY),
    anyCurrency,
    group:
      area === 'gift-cards'
        ? GIFT_CARDS_GROUP
        : group && SLUG.test(group) && group !== 'all-payment-methods'
          ? group
          : null,
    fiatMin: fiatMin && NUMERIC.test(fiatMin) ? toAmountValue(fiatMin) : null,
    isVerifiedOffers: flag(search.get('isVerifiedOffers')),
    isVerifiedUsers: flag(search.get('isVerifiedUsers')),
    tags: [...new Set(tags)],
    countryIso: matching(search.get('countryIso')?.toUpperCase() ?? null, ISO),
    usersCountryIso: matching(search.get('usersCountryIso')?.toUpperCase() ?? null, ISO),
    onlineUsers: flag(search.get('onlineUsers')),
    hasScroll: flag(search.get('hasScroll')),
    binCode: area === 'gift-cards' ? matching(search.get('binCode'), BIN_CODE) : null,
    cardRegion:
      area === 'gift-cards' && cardRegion !== null && /^[1-9]\d{0,5}$/.test(cardRegion)
        ? Number(cardRegion)
        : null,
    convertFromUSD: flag(search.get('convertFromUSD')),
    block: matching(search.get('block'), /^[a-z]{1,20}$/),
    acceptableOnly: flag(search.get('acceptableOnly')),
    sortType: sort && (offerSorts as readonly string[]).includes(sort) ? (sort as OfferSort) : 'default',
  };
}

/** The path without the locale prefix: `/trading/buy-bitcoin/any`, `/sell-giftcard-for-tether/amazon-gift-card`. */
export function marketPath(filters: Pick<MarketFilters, 'area' | 'side' | 'crypto' | 'paymentMethod'>) {
  const method = filters.paymentMethod ?? ANY_METHOD_SLUG;
  if (filters.area === 'gift-cards') {
    // Bitcoin is the gift card market's default coin, so its address has no `-for-` part.
    const coin = filters.crypto === DEFAULT_CRYPTO_SLUG ? '' : `-for-${filters.crypto}`;
    return `/${filters.side}-giftcard${coin}/${method}`;
  }
  return `/trading/${filters.side}-${filters.crypto}/${method}`;
}

/**
 * The query string of the filters, `?` included (or ''), in a fixed order and only with values that
 * differ from the defaults, so one search has one address (and the back button steps through searches).
 */
export function marketSearch(filters: MarketFilters): string {
  const params = new URLSearchParams();
  const set = (key: string, value: string | null | undefined) => {
    if (value) params.set(key, value);
  };
  set('currencyCode', filters.currencyCode ?? (filters.anyCurrency ? ANY_CURRENCY : null));
  if (filters.area === 'otc') set('group', filters.group);
  set('fiat-min', filters.fiatMin);
  set('convertFromUSD', filters.convertFromUSD ? '1' : null);
  set('isVerifiedOffers', filters.isVerifiedOffers ? '1' : null);
  set('isVerifiedUsers', filters.isVerifiedUsers ? '1' : null);
  set('tags', filters.tags.join(','));
  set('countryIso', filters.countryIso);
  set('usersCountryIso', filters.usersCountryIso);
  set('onlineUsers', filters.onlineUsers ? '1' : null);
  set('acceptableOnly', filters.acceptableOnly ? '1' : null);
  if (filters.area === 'gift-cards') {
    set('binCode', filters.binCode);
    set('cardRegion', filters.cardRegion === null ? null : String(filters.cardRegion));
  }
  set('sortType', filters.sortType === 'default' ? null : filters.sortType);
  set('hasScroll', filters.hasScroll ? '1' : null);
  set('block', filters.block);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Path and query of the filters (no locale prefix). */
export const marketHref = (filters: MarketFilters) => `${marketPath(filters)}${marketSearch(filters)}`;

/**
 * Filters reset to the defaults, keeping where the visitor is (area, side and coin) and how the page
 * behaves (the order, the open filter block on a phone, loading by scrolling), which are not filters.
 * The payment method is a filter like the others (the panel's picker sets it), so it goes back to
 * every method: "clear filters" that kept it would leave the list as narrow as it was (issue 26).
 */
export const clearedFilters = (filters: MarketFilters): MarketFilters =>
  defaultFilters({
    area: filters.area,
    side: filters.side,
    crypto: filters.crypto,
    group: filters.area === 'gift-cards' ? GIFT_CARDS_GROUP : null,
    sortType: filters.sortType,
    block: filters.block,
    hasScroll: filters.hasScroll,
  });

/**
 * True when a filter beyond side and coin narrows the list (the empty state offers to clear them): the
 * payment method or anything in the query. The viewer's own currency (`defaultCurrency`, what clearing
 * comes back to) does not count.
 */
export function hasNarrowingFilters(filters: MarketFilters, defaultCurrency: string | null = null): boolean {
  if (filters.paymentMethod !== null) return true;
  const currencyCode = filters.currencyCode === defaultCurrency ? null : filters.currencyCode;
  return (
    marketSearch({
      ...filters,
      currencyCode,
      anyCurrency: false,
      hasScroll: false,
      block: null,
      sortType: 'default',
    }) !== ''
  );
}

/** The coin of a URL word, from the catalogue's list (`bitcoin` -> BTC). */
export const cryptoBySlug = (cryptos: readonly CryptoCurrency[], slug: string) =>
  cryptos.find((crypto) => crypto.urlParam === slug && !crypto.isBlocked);

/** Everything the API query needs that is not in the address. */
export type SearchContext = {
  /** The coin's id (`crypto_currency_id`). */
  cryptoId: number;
  /** Units of `currencyCode` for one USD and its precision (for convertFromUSD); null while unknown. */
  usdRate?: { rate: string; precision: number } | null;
  /** The logged-in viewer's country (for acceptableOnly), if known. */
  viewerCountryIso?: string | null;
  limit?: number;
};

/** convertFromUSD applies when a currency other than USD is chosen (otherwise the amount is used as it is). */
export const needsUsdConversion = (filters: MarketFilters) =>
  filters.convertFromUSD &&
  filters.fiatMin !== null &&
  filters.currencyCode !== null &&
  filters.currencyCode !== 'USD';

/**
 * The amount to search with, in the search's currency: `fiatMin` itself, or, with convertFromUSD, the USD
 * amount x units per USD, rounded half-up to the currency's precision. Undefined while a needed rate is
 * not known yet (the search waits for it). The offer links carry this amount too.
 */
export function effectiveFiatMin(
  filters: MarketFilters,
  usdRate: SearchContext['usdRate'],
): string | null | undefined {
  if (filters.fiatMin === null) return null;
  if (!needsUsdConversion(filters)) return filters.fiatMin;
  if (!usdRate) return undefined;
  const exact = multiply(parseDecimal(filters.fiatMin), parseDecimal(usdRate.rate));
  return formatDecimal(rescale(exact, usdRate.precision, 'half-up'));
}

/**
 * The filters as `GET /rest/v1/offers` parameters (without `searchId` / `page_id`, which the pager adds).
 * Returns null while the amount still waits for a rate. Mapping (decision doc, "Web: marketplace"):
 * - side -> `type`; coin -> `crypto_currency_id`; method -> `payment-method`; currencyCode -> `currency`;
 *   group -> `group`; fiat-min (converted when convertFromUSD) -> `fiat-min`; tags -> `tags` (all of them);
 *   usersCountryIso -> `users_country_iso`; countryIso -> `visitor_country_iso`; onlineUsers ->
 *   `online_users`; binCode, cardRegion as they are (gift cards only); sortType -> `sort`.
 * - isVerifiedOffers -> `newbieOffers=1`: offers that ask for no ID verification and no past trades.
 * - isVerifiedUsers -> `user_badges=verified`: owners holding the verified badge.
 * - acceptableOnly -> `newbieOffers=1` and `visitor_country_iso` = the viewer's own country when known
 *   (it wins over countryIso: "offers I can take" is about where I am).
 * - hasScroll and block are page behaviour, not filters.
 */
export function toOfferSearchQuery(filters: MarketFilters, context: SearchContext): QueryParams | null {
  const fiatMin = effectiveFiatMin(filters, context.usdRate);
  if (fiatMin === undefined) return null;
  const newbie = filters.isVerifiedOffers || filters.acceptableOnly;
  const visitorCountry =
    filters.acceptableOnly && context.viewerCountryIso ? context.viewerCountryIso : filters.countryIso;
  const giftCards = filters.area === 'gift-cards';
  return {
    type: filters.side,
    crypto_currency_id: context.cryptoId,
    'payment-method': filters.paymentMethod,
    currency: filters.currencyCode,
    group: giftCards ? GIFT_CARDS_GROUP : filters.group,
    'fiat-min': fiatMin,
    tags: filters.tags.length > 0 ? filters.tags.join(',') : null,
    visitor_country_iso: visitorCountry,
    users_country_iso: filters.usersCountryIso,
    online_users: filters.onlineUsers ? 1 : null,
    newbieOffers: newbie ? 1 : null,
    user_badges: filters.isVerifiedUsers ? 'verified' : null,
    binCode: giftCards ? filters.binCode : null,
    cardRegion: giftCards ? filters.cardRegion : null,
    sort: filters.sortType,
    limit: context.limit ?? SEARCH_PAGE_SIZE,
  };
}
