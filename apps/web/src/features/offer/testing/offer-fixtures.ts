import type { OfferListing, OfferView, PublicProfile } from '@app/contract';
import { jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { amountFormatRoutes } from '@/features/catalogue/testing/factories';

/** The offer page's answer for a BTC sell offer in EUR, as the server presents it; override what a test needs. */
export function buildOfferView(overrides: Partial<OfferView> = {}): OfferView {
  return {
    offer: {
      id: 'tNwYvbf0a0ig',
      type: 'sell',
      area: 'otc',
      ownerUsername: 'trader0197',
      paymentMethod: { id: 211, slug: 'revolut', name: 'Revolut' },
      paymentMethodLabel: 'Personal only',
      fiatCurrency: { code: 'EUR', precision: 2, rate: { usd: '0.8545' } },
      cryptoCurrencyId: 8,
      altCoin: { code: 'BTC', precision: 8, rate: '95000.00' },
      margin: '5.3800',
      fiatPricePerCrypto: '85544.85',
      buySellPagePrice: '85544.85',
      fiatLimitMin: '85.00',
      fiatLimitMax: '171.00',
      predefinedAmount: [],
      newBuyerMaxFiatLimit: null,
      paymentWindow: 30,
      offerTerms: 'Pay from your own Revolut account.',
      tradeDetails: 'Send the reference shown in the chat.',
      tags: ['online-payments'],
      requirements: [],
      timezone: 'Europe/Madrid',
      isSell: true,
      isOnline: false,
      customRate: null,
      giftCardBinCodes: [],
      isBinCodeEnabled: false,
      amazonGiftCardRegions: [],
      flowType: 'default',
      isThirdPartyTreatmentEnabled: false,
      isGiftCodeCheckEnabled: false,
      isReachedCap: false,
      isCapLessThanMin: false,
      isAnonymousUserRestricted: false,
      availableIn: [],
      countryListMode: 'all',
      isActive: true,
    },
    isOwner: false,
    isAvailable: true,
    isNewBuyer: true,
    isTrustedUser: false,
    isGrayCountry: false,
    isFavorite: false,
    isAvailableForCountry: true,
    discountedEscrowFee: null,
    dutyHours: [],
    dutyHoursTimezone: 'Europe/Madrid',
    isMaxTradeLimitUserIDNotVerified: true,
    offerCap: null,
    recommendedOffers: [],
    flashMessages: [],
    startTradeRequirements: { payerName: false },
    ...overrides,
  };
}

/** A listing card as search, favourites and profiles answer it. */
export function buildListing(overrides: Partial<OfferListing> = {}): OfferListing {
  return {
    hash: 'ListingHash01',
    type: 'sell',
    owner: {
      username: 'trader0088',
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
    paymentMethod: { id: 211, slug: 'revolut', name: 'Revolut', groupId: 3 },
    paymentMethodLabel: '',
    margin: '5.6300',
    fixedPrice: null,
    pricePerBtc: '85747.79',
    pricePerUsd: '100348.50',
    fiatAmountRangeMin: '21.00',
    fiatAmountRangeMax: '85.00',
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

export function buildProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    username: 'trader0197',
    avatarUrl: null,
    country: { iso: 'ES', name: 'Spain' },
    bio: '',
    joinedAt: '2025-06-01T10:00:00.000Z',
    lastSeenAt: '2026-01-01T10:00:00.000Z',
    isOnline: false,
    isBanned: false,
    feedback: { positive: 12, negative: 1 },
    isTrusted: false,
    isBlocked: false,
    trustedCount: 3,
    blockedCount: 0,
    companyName: null,
    fullName: null,
    tradeStats: { completedTrades: 40, completionRate: '95.0', avgReleaseSeconds: 420 },
    ...overrides,
  };
}

const group = (id: number, slug: string) => ({ id, slug, name: { original: slug, localized: slug } });

/** The fake server of the offer page: the offer, the method, coins, tags, the owner, feedback, report state. */
export function offerPageRoutes(
  view: OfferView = buildOfferView(),
  overrides: Record<string, FakeHandler> = {},
): Record<string, FakeHandler> {
  const id = view.offer.id;
  return {
    [`GET /rest/v1/offers/${id}`]: () => jsonResponse(200, { data: view }),
    [`GET /rest/v2/payment-methods/${view.offer.paymentMethod.slug}`]: () =>
      jsonResponse(200, {
        data: {
          id: view.offer.paymentMethod.id,
          name: { original: 'Revolut', localized: 'Revolut' },
          paymentMethodGroupId: 3,
          slug: view.offer.paymentMethod.slug,
          originalName: 'Revolut',
          buyOffersCount: 0,
          sellOffersCount: 0,
          isBinCodeEnabled: false,
          iconName: 'revolut',
          iconUrl: '/icons/revolut.svg',
          isCountrySpecific: false,
          countries: [],
          group: group(3, 'online-transfers'),
          tags: [],
          regions: [],
          cryptoCurrency: null,
        },
      }),
    'GET /rest/v2/wallet/crypto-currencies': () =>
      jsonResponse(200, {
        data: {
          cryptoCurrencies: [
            {
              id: 8,
              code: 'BTC',
              urlParam: 'bitcoin',
              fullName: 'Bitcoin',
              shortName: 'Bitcoin',
              icon: 'btc',
              formattingDecimalsCount: 8,
              decimals: 8,
              isStablecoin: false,
              isBlocked: false,
              rate: '95000',
            },
            {
              id: 9,
              code: 'ETH',
              urlParam: 'ethereum',
              fullName: 'Ethereum',
              shortName: 'Ether',
              icon: 'eth',
              formattingDecimalsCount: 8,
              decimals: 18,
              isStablecoin: false,
              isBlocked: false,
              rate: '3000',
            },
          ],
          metadata: {},
        },
      }),
    'GET /rest/v2/currencies': amountFormatRoutes()['GET /rest/v2/currencies'],
    // An L1 trader's trade limits (5,000 USD a trade, 20,000 a day), in the offer's EUR.
    'GET /rest/v1/limits/trade-level-limitations': (request) =>
      jsonResponse(200, {
        data: {
          area: 'trade',
          level: 'L1',
          accountLevel: 1,
          trade: {
            perTradeUsd: '5000.00',
            daily: { limitUsd: '20000.00', usedUsd: '1000.00', leftUsd: '19000.00' },
            lifetime: { limitUsd: '50000.00', usedUsd: '1000.00', leftUsd: '49000.00' },
            maxActiveTrades: 2,
            activeTrades: 1,
          },
          wallet: null,
          blockedActions: [],
          tradeInFiat: request.url.includes('fiatCurrencyCode=EUR')
            ? {
                fiatCurrencyCode: 'EUR',
                perTrade: '4600.00',
                dailyLimit: '18400.00',
                dailyLeft: '17480.00',
                lifetimeLeft: '45080.00',
              }
            : null,
        },
      }),
    'GET /rest/v1/tags': () =>
      jsonResponse(200, {
        data: [
          {
            id: 1,
            slug: 'online-payments',
            name: { original: 'Online payments', localized: 'Online payments' },
            description: { original: '', localized: '' },
            appliesToAll: true,
            groups: [],
            paymentMethods: [],
          },
        ],
      }),
    [`GET /rest/v1/users/${view.offer.ownerUsername}`]: () =>
      jsonResponse(200, { data: buildProfile({ username: view.offer.ownerUsername }) }),
    [`GET /rest/v1/offers/${id}/feedback`]: () =>
      jsonResponse(200, {
        data: { items: [], positiveCount: 0, negativeCount: 0, totalCount: 0, paginationNextPage: null },
      }),
    [`GET /rest/v1/offers/${id}/report`]: () =>
      jsonResponse(200, { data: { reported: false, reason: null, createdAt: null } }),
    ...overrides,
  };
}

const party = (username: string) => ({
  username,
  avatarUrl: null,
  fullName: null,
  ipLocation: null,
  lastSeen: null,
  phone: null,
  feedback: { positive: 0, negative: 0 },
  verification: { id: false, email: true },
  registered: '2025-06-01T10:00:00.000Z',
  totalTrades: 0,
  totalPartners: 0,
  btcTraded: '0',
  trustedCount: 0,
  blockedCount: 0,
});

/** The answer of `POST /rest/v1/trade/start`: a new trade on the fixture offer. */
export function buildStartedTrade(hash: string, buyer: string, fiatAmount: string) {
  const at = { timestamp: 1_767_261_600, humanReadable: '1 January 2026, 10:00' };
  return {
    id: hash,
    tradeHash: hash,
    status: 'active_funded',
    role: 'buyer',
    isVendor: false,
    offerType: 'sell',
    cryptoCurrencyId: 8,
    cryptoCurrencyCode: 'BTC',
    cryptoAmount: { amount: '0.00116897', decimals: 8 },
    buyerReceives: '0.00116897',
    escrowAmount: '0.00118065',
    fee: { amount: '0.00001168', percent: '1', payer: 'seller' },
    fiatAmount,
    fiatPricePerCrypto: '85544.85',
    currency: { code: 'EUR', precision: 2 },
    paymentMethod: { id: 211, slug: 'revolut', name: { original: 'Revolut', localized: 'Revolut' } },
    paymentMethodLabel: '',
    buyer: party(buyer),
    seller: party('trader0197'),
    startedAt: at,
    expiresAt: { timestamp: at.timestamp + 1800 },
    paidAt: null,
    completedAt: null,
    cancelledAt: null,
    paymentWindowMinutes: 30,
    tradeCompleted: false,
    isCancelled: false,
    chatUrl: `/trade/${hash}`,
    offer: { hash: 'tNwYvbf0a0ig', url: '/offer/tNwYvbf0a0ig', terms: '' },
    paymentDetails: null,
    paymentAccounts: null,
    viewerRelation: { isTrusted: false, isBlocked: false },
    isOpponentsSameIp: false,
    dispute: {
      available: false,
      availableAt: null,
      isOpen: false,
      reasonId: null,
      reasonText: null,
      openedBy: null,
      openedAt: null,
      moderator: null,
      decision: null,
      appeal: { status: 'not_available', closesAt: null, outcome: null },
      hold: null,
    },
    chargeback: null,
    flow: {
      type: 'default',
      step: 'beforeMarkAsPaid',
      state: { beforeRevealPaymentDetails: [], beforeMarkAsPaid: [] },
    },
    availableActions: ['mark_paid', 'cancel'],
    cancelAvailableAt: null,
    chat: { canPost: true, blockReason: null, closesAt: null },
  };
}
