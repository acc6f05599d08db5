/**
 * The catalogue module's public surface: reference data (payment methods, groups, currencies, countries,
 * crypto currencies, tags), its routes, its seed, and the cached-response helpers other read-mostly
 * modules (rates) reuse.
 */
export { catalogueRoutes, findCrypto } from './routes.js';
export { createCatalogueService, type CatalogueService, type CatalogueData } from './service.js';
export { catalogueSeed, syncCatalogue } from './seed.js';
export { localizedName, paymentMethodName, presentCurrency } from './presenter.js';
export {
  RATES_CACHE_CONTROL,
  REFERENCE_CACHE_CONTROL,
  ResponseCache,
  sendCached,
  sendCachedBody,
  sendJsonText,
  cachedBodyOf,
  toCachedBody,
  type CachedBody,
  matchesIfNoneMatch,
  responseCaseOf,
} from './http-cache.js';
export type { CryptoRecord, CurrencyRecord } from './repository.js';
