/** Cache keys of the offer manager; everything lives under `['offer-manager']`. */
export const offerManagerKeys = {
  all: ['offer-manager'] as const,
  lists: () => ['offer-manager', 'my-offers'] as const,
  list: (type: 'buy' | 'sell') => ['offer-manager', 'my-offers', type] as const,
  offer: (id: string) => ['offer-manager', 'offer', id] as const,
  rules: () => ['offer-manager', 'rules'] as const,
  rates: (locale: string) => ['offer-manager', 'crypto-fiat-rates', locale] as const,
  methodDetail: (slug: string, locale: string) => ['offer-manager', 'payment-method', slug, locale] as const,
  bankAccounts: () => ['offer-manager', 'bank-accounts'] as const,
  mobileMoneyWallets: (locale: string) => ['offer-manager', 'mobile-money-wallets', locale] as const,
};
