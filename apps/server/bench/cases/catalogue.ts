import type { BenchCase } from '../lib.js';

/** What a browser sends: the cached answers go to it brotli- or gzip-compressed. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

/**
 * Reference data and rates: the two answers every page asks for (issue "Reference data, market rates
 * and the calculator"). Measured as a browser asks (br, gzip) and as a bare client asks (identity).
 */
export const catalogueCase: BenchCase = {
  name: 'catalogue',
  requests: [
    {
      title: 'payment methods (short), browser',
      path: '/rest/v2/payment-methods?mode=short',
      headers: BROWSER,
    },
    { title: 'crypto-fiat rates, browser', path: '/rest/v2/crypto-fiat-rates', headers: BROWSER },
    // The marketplace filters' shortcuts (issue 26).
    {
      title: 'popular payment methods, browser',
      path: '/rest/v2/payment-methods/popular',
      headers: BROWSER,
    },
    { title: 'payment methods (short), identity', path: '/rest/v2/payment-methods?mode=short' },
    { title: 'crypto-fiat rates, identity', path: '/rest/v2/crypto-fiat-rates' },
  ],
};
