import { featureFlags, type CurrentUser, type InitialState } from '@app/contract';

let sequence = 0;

/** A logged-in user as the server presents it; override what the test cares about. */
export function buildCurrentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  sequence += 1;
  const username = overrides.username ?? `trader${sequence}`;
  return {
    id: sequence,
    externalId: `ext-${sequence}`,
    username,
    email: `${username}@example.com`,
    phone: null,
    avatarUrl: null,
    userFullName: null,
    firstName: null,
    lastName: null,
    displayedFullName: null,
    location: null,
    country: null,
    currency: 'USD',
    currencyId: 144,
    locationCurrency: null,
    locale: 'en',
    urlLocale: '',
    timezone: 'UTC',
    referralCode: null,
    feeDiscount: null,
    completedTrades: 0,
    successfulTrades: 0,
    totalTradedBtc: '0',
    activeOffersCount: 0,
    merchantBalance: null,
    twoFactor: { login: false, release: false, sendout: false },
    vendorLanguages: null,
    completedTourGuides: null,
    kycLevelCheck: {
      level: 0,
      levelId: 'L0',
      unusedTradingVolumeInFiatCurrency: '50000.00',
      fiatCurrencyCode: 'USD',
    },
    kycIdRequired: false,
    basicVerification: false,
    blockedKycActions: [],
    fullNameVisibilityType: 'nobody',
    accountCorporateNames: [],
    corporateAccount: null,
    role: 'user',
    accountState: 'active',
    accountNotice: null,
    isLogged: true,
    isBanned: false,
    isSuspended: false,
    isOnHold: false,
    isFrozen: false,
    isRestricted: false,
    isCompromised: false,
    isMerchant: false,
    isVendor: false,
    isDemoAccount: false,
    isCorporateAccount: false,
    isIdVerified: false,
    isPhoneVerified: false,
    // Most screens are about verified traders; the verify-email banner has its own tests.
    isEmailVerified: true,
    isAddressVerified: false,
    isVideoVerifiedPending: false,
    isVideoVerifiedApproved: false,
    isVideoVerifiedRejected: false,
    isVideoVerifiedAllowed: false,
    isVideoVerifiedForced: false,
    isCompanyVerified: false,
    isModerator: false,
    isAdmin: false,
    hasOffers: false,
    hasActiveTrades: false,
    isBalanceHidden: null,
    isApiKeyConnected: false,
    hasActiveMobileApp: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** What the server sends: only named routes whose pages exist (the planned ones are absent). */
export const testRoutes: InitialState['routes'] = {
  'home.main': '/',
  register: '/register',
  login: '/login',
  logout: '/logout',
  walletIndex: '/wallet',
  calculator: '/calculator/btc-to-usd',
  about: '/about',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  fees: '/fees',
  myOffers: '/offer-manager',
  tradeHistory: '/trade-history',
  marketplace: '/trading/buy-bitcoin/any',
};

export function buildInitialState(overrides: Partial<InitialState> = {}): InitialState {
  return {
    app: {
      name: 'P2P Market',
      environment: 'testing',
      supportedLanguages: [
        { code: 'en', name: 'English' },
        { code: 'es', name: 'Español' },
      ],
      defaultLanguage: 'en',
      defaultCountry: 'WORLDWIDE',
      defaultCurrency: 'USD',
      isMobileApp: false,
      maintenance: { enabled: false, message: null, endsAt: null },
    },
    // As the server starts by default: every coin on the simulated chain (decision 0047).
    chain: { simulated: true, simulatedCoins: ['BTC', 'LTC', 'ETH', 'USDT', 'USDC', 'XMR'] },
    currentUser: null,
    features: Object.fromEntries(featureFlags.map((flag) => [flag, false])) as InitialState['features'],
    session: { csrfToken: 'test-csrf-token' },
    routes: testRoutes,
    ...overrides,
  };
}
