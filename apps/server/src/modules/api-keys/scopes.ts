import type { ApiKeyScope } from '@app/contract';

/**
 * What an API key may reach (decision 0042), by the route's pattern, so no spelling of a URL gets
 * around it. A route missing here is closed to keys: the account's own secrets and safety (keys,
 * sessions, two-factor, password, e-mail, phone, closing it), personal documents and staff work stay
 * with a person in a browser.
 */
const CLOSED_READS = [
  '/rest/v1/api-keys',
  '/rest/v1/users/sessions',
  '/rest/v1/users/two-factor',
  // Personal data no bot needs (decision 0054).
  '/rest/v1/users/birth-date',
  '/rest/v1/auth/',
  '/rest/v1/verification/requests/',
  '/rest/v1/bankaccounts/:id',
  '/rest/v1/mobile-money-wallets/:id',
  '/rest/v1/admin/',
];

const WRITES: readonly [prefix: string, scope: ApiKeyScope][] = [
  ['/rest/v1/trade/', 'trade'],
  ['/rest/v1/feedback/', 'trade'],
  ['/rest/v1/my-offers', 'offers'],
  ['/offer-manager/toggle-all-offers-state', 'offers'],
  ['/rest/v2/wallet/withdraw', 'wallet-withdraw'],
];

/** The scope a call needs, or null when keys may not make it at all. */
export function scopeOf(method: string, route: string | undefined): ApiKeyScope | null {
  if (!route) return null;
  if (method === 'GET' || method === 'HEAD') {
    return CLOSED_READS.some((closed) => route.startsWith(closed)) ? null : 'read';
  }
  return WRITES.find(([prefix]) => route.startsWith(prefix))?.[1] ?? null;
}
