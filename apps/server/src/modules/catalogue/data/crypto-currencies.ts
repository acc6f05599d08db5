/**
 * Crypto currencies the marketplace trades. Ids USDT 6, BTC 8, ETH 9 are the spec's; the others were
 * chosen next to them and are frozen. `decimals` is the on-chain base unit (satoshi 8, wei 18, USDT and
 * USDC 6, piconero 12, litoshi 8): amounts are stored as integers of it. `formattingDecimalsCount` is
 * what the UI shows (the spec's maxPrecision).
 */
export type CryptoCurrencyRow = {
  id: number;
  code: string;
  urlParam: string;
  fullName: string;
  shortName: string;
  icon: string;
  decimals: number;
  formattingDecimalsCount: number;
  isStablecoin: boolean;
  isBlocked: boolean;
  /** Offer features this coin is kept out of. */
  excludedOfferFeatures: string[];
  order: number;
};

export const CRYPTO_CURRENCIES: readonly CryptoCurrencyRow[] = [
  {
    id: 8,
    code: 'BTC',
    urlParam: 'bitcoin',
    fullName: 'Bitcoin',
    shortName: 'Bitcoin',
    icon: 'btc',
    decimals: 8,
    formattingDecimalsCount: 8,
    isStablecoin: false,
    isBlocked: false,
    excludedOfferFeatures: [],
    order: 1,
  },
  {
    id: 6,
    code: 'USDT',
    urlParam: 'tether',
    fullName: 'Tether USD',
    shortName: 'Tether',
    icon: 'usdt',
    decimals: 6,
    formattingDecimalsCount: 6,
    isStablecoin: true,
    isBlocked: false,
    excludedOfferFeatures: [],
    order: 2,
  },
  {
    id: 9,
    code: 'ETH',
    urlParam: 'ethereum',
    fullName: 'Ethereum',
    shortName: 'Ether',
    icon: 'eth',
    decimals: 18,
    formattingDecimalsCount: 8,
    isStablecoin: false,
    isBlocked: false,
    excludedOfferFeatures: [],
    order: 3,
  },
  {
    id: 10,
    code: 'USDC',
    urlParam: 'usd-coin',
    fullName: 'USD Coin',
    shortName: 'USDC',
    icon: 'usdc',
    decimals: 6,
    formattingDecimalsCount: 6,
    isStablecoin: true,
    isBlocked: false,
    excludedOfferFeatures: [],
    order: 4,
  },
  {
    id: 11,
    code: 'XMR',
    urlParam: 'monero',
    fullName: 'Monero',
    shortName: 'Monero',
    icon: 'xmr',
    decimals: 12,
    formattingDecimalsCount: 8,
    isStablecoin: false,
    isBlocked: false,
    // A privacy coin: deposits cannot be traced for a chargeback or sanctions review, so it stays out
    // of the flows that rely on that (spec: "XMR is excluded from some offer features").
    excludedOfferFeatures: ['gift-card-offers', 'offer-promotion', 'lite-flow', 'bond'],
    order: 5,
  },
  {
    id: 12,
    code: 'LTC',
    urlParam: 'litecoin',
    fullName: 'Litecoin',
    shortName: 'Litecoin',
    icon: 'ltc',
    decimals: 8,
    formattingDecimalsCount: 8,
    isStablecoin: false,
    isBlocked: false,
    excludedOfferFeatures: [],
    order: 6,
  },
];
