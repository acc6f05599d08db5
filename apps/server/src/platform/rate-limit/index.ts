export { createRateLimiter, rateLimited, type RateLimiter, type RateRule } from './limiter.js';
export { createRateLimits, rateRules, type RateLimits } from './rules.js';
export { clientAddressSubject } from './client-address.js';
export { rateLimitCounters } from './tables.js';
