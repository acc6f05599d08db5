import type { OfferListing, OfferSearchResult } from '@app/contract';

let sequence = 0;

/** An offer card the way `GET /rest/v1/offers` presents it; override what the test cares about. */
export function buildOfferListing(overrides: Partial<OfferListing> = {}): OfferListing {
  sequence += 1;
  return {
    hash: `offer${String(sequence).padStart(7, '0')}`,
    type: 'sell',
    owner: {
      username: `seller${sequence}`,
      avatarUrl: null,
      status: 'offline',
      feedbackPositive: 0,
      feedbackNegative: 0,
      badge: null,
      monthlyTradeStats: { trades: 0, partners: 0 },
      completionRate: null,
      avgReleaseSeconds: null,
      country: 'DE',
    },
    cryptoCurrencyCode: 'BTC',
    fiatCurrencyCode: 'EUR',
    paymentMethod: { id: 5, slug: 'sepa-instant', name: 'SEPA Instant Credit Transfer', groupId: 5 },
    paymentMethodLabel: '',
    margin: '2.0000',
    fixedPrice: null,
    pricePerBtc: '83100.00',
    pricePerUsd: '97250.00',
    fiatAmountRangeMin: '50.00',
    fiatAmountRangeMax: '2000.00',
    predefinedAmount: [],
    tags: [],
    customRate: null,
    score: null,
    isFeatured: false,
    isStickied: false,
    isFavorite: false,
    isBlocked: false,
    requireMinPastTrades: null,
    requireVerifiedId: false,
    requireFullNameVisibility: false,
    withCashback: false,
    cashbackPercent: null,
    cashbackMaxValue: null,
    location: { country: { iso: 'DE', name: 'Germany' }, subdivision: null, city: null },
    ...overrides,
  };
}

export function buildSearchResult(
  offers: OfferListing[],
  options: {
    searchId?: string | null;
    nextPageId?: string | null;
    total?: number | null;
    totalCapped?: boolean;
  } = {},
): OfferSearchResult {
  return {
    offers,
    searchId: options.searchId ?? '1',
    nextPageId: options.nextPageId ?? null,
    // A first page without a cursor holds every match; later pages (a cursor asked) carry no count.
    total: options.total !== undefined ? options.total : options.nextPageId ? null : offers.length,
    totalCapped: options.totalCapped ?? false,
  };
}
