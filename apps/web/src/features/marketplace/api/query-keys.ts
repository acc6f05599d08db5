import type { QueryParams } from '@/shared/api';

/** Every marketplace query lives under `['marketplace']`, so a favourite toggle can patch them all. */
export const marketplaceKeys = {
  all: ['marketplace'] as const,
  search: (query: QueryParams) => ['marketplace', 'search', query] as const,
  top: (query: QueryParams) => ['marketplace', 'top', query] as const,
  paymentMethod: (slug: string, locale: string) => ['marketplace', 'payment-method', slug, locale] as const,
  usdRates: () => ['marketplace', 'usd-rates'] as const,
};
