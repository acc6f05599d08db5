import { popularGroupSlugs, type PaymentMethodShort, type PopularPaymentMethods } from '@app/contract';
import type { MarketFilters } from './search-params';

/** The shortcuts shown under the payment method picker: a handful, most used first. */
export const POPULAR_SHORTCUTS = 6;

const isPopularGroup = (slug: string): slug is (typeof popularGroupSlugs)[number] =>
  (popularGroupSlugs as readonly string[]).includes(slug);

/**
 * The popular methods that fit the search: the chosen group's when a group is chosen (the gift card
 * market is the gift cards group), else the country's (where the visitor is, else where the offers'
 * owners are, else worldwide), for the visitor's side.
 */
export function popularFor(
  popular: PopularPaymentMethods,
  filters: Pick<MarketFilters, 'side' | 'area' | 'group' | 'countryIso' | 'usersCountryIso'>,
): PaymentMethodShort[] {
  const side = popular[filters.side];
  const group = filters.area === 'gift-cards' ? 'gift-cards' : filters.group;
  if (group) return isPopularGroup(group) ? side.groups[group].slice(0, POPULAR_SHORTCUTS) : [];
  const country = filters.countryIso ?? filters.usersCountryIso;
  const list = (country ? side.country[country] : undefined) ?? side.country.WORLDWIDE ?? [];
  return list.slice(0, POPULAR_SHORTCUTS);
}
