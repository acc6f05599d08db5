/** Outbound HTTP to addresses users give, safe against server-side request forgery. */
export { isPublicAddress } from './public-address.js';
export {
  checkOutboundUrl,
  createSafeFetch,
  hostOf,
  OutboundError,
  type OutboundAnswer,
  type OutboundRefusal,
  type SafeFetch,
  type SafeFetchOptions,
} from './safe-fetch.js';
