/**
 * The marketplace: offer search pages, the offer card and favourite heart (reused by the offer page,
 * profiles and favourites), and the top-offers block of the calculator. Other features import from here.
 */
export { OfferCard, type OfferCardProps } from './components/offer-card';
export { FavoriteToggle, type FavoriteToggleProps } from './components/favorite-toggle';
export { TopOffers, type TopOffersProps } from './components/top-offers';
export { patchCachedFavorite } from './api/favorite-offer';
export { marketplaceKeys } from './api/query-keys';
export { marketHref, defaultFilters, type MarketFilters } from './utils/search-params';
export { formatFiat, formatLimits, offerHref, offerLimits } from './utils/offer-format';
