/**
 * The offer page (`/offer/{id}`) and favourite offers (`/favorites`); their pages load lazily from the
 * router. Other features import from here only (the contacts page shows the favourites list).
 */
export { offerQueryOptions, useOffer } from './api/get-offer';
export { offerKeys } from './api/query-keys';
export { usedCap } from './utils/offer-state';
export { FavoriteOffersList } from './components/favorite-offers-list';
