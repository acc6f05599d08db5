import type { FastifyInstance } from 'fastify';
import type { ApiKeyScope } from '@app/contract';

/**
 * Who may call each route, in one table (decision 0049): every route the app registers has a line, and
 * test/route-access.test.ts fails when one is missing or a line names no route. platform/auth/route-gate.ts
 * holds every request to its line before the body is parsed or validated; the OpenAPI document reads its
 * security requirements from it.
 *
 * - `caller`: `anyone` (visitors too; a logged-in caller may see more), `member` (a logged-in user: 401
 *   `UNAUTHENTICATED` otherwise, before any validation), `login-step` (a logged-in user, or a visitor
 *   between the password and the code of a login: the handler checks the pending login), `staff` (the
 *   console under /rest/v1/admin/: platform/auth/staff-guard.ts answers everyone else 404).
 * - `key`: the scope an API key needs (403 `API_KEY_SCOPE` without it), or `KEYS_CLOSED` (403
 *   `API_KEY_NOT_ALLOWED`): the account's personal data and its security (e-mail, phone, names, settings,
 *   sessions, two-factor, password, keys, webhooks, identity documents, whole payment-account numbers)
 *   stay with a person in a browser (decision 0042). `read` reads the trading data a bot works with.
 *
 * A route without a line (a new one, before someone decides) is closed to keys and left to its handler
 * for everyone else.
 */
export type Caller = 'anyone' | 'member' | 'login-step' | 'staff';
export type RouteAccess = { caller: Caller; key: ApiKeyScope | null };

/** No API key may make the call, whatever its scopes. */
export const KEYS_CLOSED = null;

const anyone = (key: ApiKeyScope | null): RouteAccess => ({ caller: 'anyone', key });
const member = (key: ApiKeyScope | null): RouteAccess => ({ caller: 'member', key });
const STAFF: RouteAccess = { caller: 'staff', key: KEYS_CLOSED };

/** `METHOD /path`, the path as the OpenAPI document writes it (`{id}`). */
export const ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = {
  // The process and the API's documentation.
  'GET /healthz': anyone('read'),
  'GET /readyz': anyone('read'),
  'GET /docs': anyone('read'),
  'GET /docs/static/*': anyone('read'),
  'GET /docs/json': anyone('read'),
  'GET /docs/yaml': anyone('read'),
  'GET /docs/static/index.html': anyone('read'),
  'GET /docs/static/swagger-initializer.js': anyone('read'),
  'GET /rest/v1/pages/{slug}': anyone('read'),

  // The web app's own calls: the initial state carries the current user (e-mail, phone, names); a key
  // needs no CSRF token; the WebSocket gateway reads the session cookie only (it closes a visitor's
  // socket with its own code).
  'GET /rest/v1/app/initial-state': anyone(KEYS_CLOSED),
  'GET /rest/v1/auth/csrf': anyone(KEYS_CLOSED),
  'GET /rest/v1/ws': anyone(KEYS_CLOSED),

  // Logging in and the account's security.
  'POST /rest/v1/auth/register': anyone(KEYS_CLOSED),
  'POST /rest/v1/auth/login': anyone(KEYS_CLOSED),
  'POST /rest/v1/auth/login/two-factor': anyone(KEYS_CLOSED),
  'POST /rest/v1/auth/logout': anyone(KEYS_CLOSED),
  'POST /rest/v1/auth/password/forgot': anyone(KEYS_CLOSED),
  'POST /rest/v1/auth/password/reset': anyone(KEYS_CLOSED),
  'POST /rest/v1/auth/password/change': member(KEYS_CLOSED),
  'POST /auth/send-email-code': { caller: 'login-step', key: KEYS_CLOSED },
  'POST /auth/send-phone-code': { caller: 'login-step', key: KEYS_CLOSED },
  'POST /auth/call-phone-code': { caller: 'login-step', key: KEYS_CLOSED },
  'POST /auth/push-phone-code': { caller: 'login-step', key: KEYS_CLOSED },
  'GET /rest/v1/users/two-factor': member(KEYS_CLOSED),
  'PUT /rest/v1/users/two-factor': member(KEYS_CLOSED),
  'POST /rest/v1/users/two-factor/totp/setup': member(KEYS_CLOSED),
  'POST /rest/v1/users/two-factor/totp/enable': member(KEYS_CLOSED),
  'POST /rest/v1/users/two-factor/email/enable': member(KEYS_CLOSED),
  'POST /rest/v1/users/two-factor/totp/disable': member(KEYS_CLOSED),
  'GET /rest/v1/users/sessions': member(KEYS_CLOSED),
  'DELETE /rest/v1/users/sessions': member(KEYS_CLOSED),
  'DELETE /rest/v1/users/sessions/{id}': member(KEYS_CLOSED),
  'GET /rest/v1/api-keys': member(KEYS_CLOSED),
  'POST /rest/v1/api-keys': member(KEYS_CLOSED),
  'DELETE /rest/v1/api-keys/{id}': member(KEYS_CLOSED),

  // The account's personal data: the current user (e-mail, phone, names), e-mail, phone, settings.
  'GET /rest/v1/users/current_user': member(KEYS_CLOSED),
  'GET /rest/v1/user-verification/email': member(KEYS_CLOSED),
  'POST /rest/v1/user-verification/email/verify-code': member(KEYS_CLOSED),
  'POST /rest/v1/user-verification/email/resend-code': member(KEYS_CLOSED),
  'POST /rest/v1/user-verification/email/change-unconfirmed': member(KEYS_CLOSED),
  'POST /rest/v1/user-verification/email/change': member(KEYS_CLOSED),
  'GET /rest/v1/users/phone': member(KEYS_CLOSED),
  'POST /rest/v1/users/send-phone-code': member(KEYS_CLOSED),
  'POST /rest/v1/users/confirm-phone': member(KEYS_CLOSED),
  'POST /rest/v1/users/reset-phone': member(KEYS_CLOSED),
  'GET /rest/v1/users/settings': member(KEYS_CLOSED),
  'POST /rest/v1/users/settings': member(KEYS_CLOSED),
  'POST /rest/v1/users/set-username': member(KEYS_CLOSED),
  'GET /rest/v1/users/birth-date': member(KEYS_CLOSED),
  'POST /rest/v1/users/confirm-birthday': member(KEYS_CLOSED),
  'POST /rest/v1/users/process-avatar': member(KEYS_CLOSED),
  'DELETE /rest/v1/users/avatar': member(KEYS_CLOSED),
  'POST /rest/v1/users/close': member(KEYS_CLOSED),
  'POST /rest/v1/users/corporate-accounts/convert-to-corporate': member(KEYS_CLOSED),
  'POST /rest/v1/users/corporate-accounts/convert-to-personal': member(KEYS_CLOSED),
  'POST /rest/v1/users/postpone-company-verification': member(KEYS_CLOSED),

  // Identity verification: requests, documents, attempts; the identity service's signed callback.
  'POST /account/verification/start/id': member(KEYS_CLOSED),
  'POST /account/verification/start/document': member(KEYS_CLOSED),
  'POST /account/verification/video/upload': member(KEYS_CLOSED),
  'GET /rest/v1/verification/requests': member(KEYS_CLOSED),
  'POST /rest/v1/verification/requests/{id}/documents': member(KEYS_CLOSED),
  'GET /rest/v1/verification/requests/{id}/documents/{documentId}': member(KEYS_CLOSED),
  'GET /rest/v1/verification/left-attempt/{type}': member(KEYS_CLOSED),
  'POST /rest/v1/verification/documents/erase': member(KEYS_CLOSED),
  'GET /rest/v1/verification/supported-countries': anyone('read'),
  'GET /rest/v1/verification/document-country': anyone('read'),
  'GET /rest/v3/kyc/verifications/provider': anyone('read'),
  'POST /rest/v3/kyc/verifications/sumsub/start': member(KEYS_CLOSED),
  'POST /rest/v3/kyc/verifications/sumsub/mark-pending': member(KEYS_CLOSED),
  'POST /rest/v3/kyc/verifications/sumsub/callback': anyone(KEYS_CLOSED),

  // The trading limits of the account's level: a bot checks them before it starts a trade.
  'GET /rest/v1/limits/levels-info': member('read'),
  'GET /rest/v1/limits/{area}': member('read'),
  'GET /rest/v1/users/kyc-check': member('read'),

  // Webhooks: the address and its signing secret are the account's configuration.
  'GET /rest/v1/webhooks': member(KEYS_CLOSED),
  'POST /rest/v1/webhooks': member(KEYS_CLOSED),
  'DELETE /rest/v1/webhooks': member(KEYS_CLOSED),
  'POST /rest/v1/webhooks/verify': member(KEYS_CLOSED),
  'POST /rest/v1/webhooks/events': member(KEYS_CLOSED),
  'POST /rest/v1/webhooks/secret': member(KEYS_CLOSED),
  'GET /rest/v1/webhooks/deliveries': member(KEYS_CLOSED),
  'POST /rest/v1/webhooks/deliveries/{id}/resend': member(KEYS_CLOSED),

  // Payment accounts: the lists (numbers masked) name the accounts an offer links; one account's
  // whole numbers and every change stay in the browser.
  'GET /rest/v1/bankaccounts': member('read'),
  'POST /rest/v1/bankaccounts': member(KEYS_CLOSED),
  'GET /rest/v1/bankaccounts/{id}': member(KEYS_CLOSED),
  'PUT /rest/v1/bankaccounts/{id}': member(KEYS_CLOSED),
  'DELETE /rest/v1/bankaccounts/{id}': member(KEYS_CLOSED),
  'GET /rest/v1/mobile-money-wallets': member('read'),
  'POST /rest/v1/mobile-money-wallets': member(KEYS_CLOSED),
  'GET /rest/v1/mobile-money-wallets/{id}': member(KEYS_CLOSED),
  'PUT /rest/v1/mobile-money-wallets/{id}': member(KEYS_CLOSED),
  'DELETE /rest/v1/mobile-money-wallets/{id}': member(KEYS_CLOSED),

  // Reference data and rates.
  'GET /rest/v2/payment-methods': anyone('read'),
  'GET /rest/v2/payment-methods/popular': anyone('read'),
  'GET /rest/v2/payment-methods/icons/{file}': anyone('read'),
  'GET /rest/v2/payment-methods/{slug}': anyone('read'),
  'GET /rest/v2/payment-method-groups': anyone('read'),
  'GET /rest/v2/currencies': anyone('read'),
  'GET /rest/v2/currencies/{code}': anyone('read'),
  'GET /rest/v1/tags': anyone('read'),
  'GET /rest/v1/countries': anyone('read'),
  'GET /rest/v2/countries': anyone('read'),
  'GET /rest/v2/countries/phone-verification': anyone('read'),
  'GET /rest/v2/crypto-fiat-rates': anyone('read'),
  'GET /rest/v2/wallet/crypto-currencies': anyone('read'),
  'GET /rest/v2/wallet/crypto-currencies/rates': anyone('read'),
  'GET /rest/v1/calculator': anyone('read'),
  'GET /rest/v1/calculator/currency': anyone('read'),
  'GET /rest/v1/banks': anyone('read'),
  'GET /rest/v1/banks/by-iban': anyone('read'),
  'GET /rest/v1/banks/by-routing-number': anyone('read'),
  'GET /rest/v1/banks/by-swift': anyone('read'),
  'GET /rest/v1/dispute/reasons': anyone('read'),
  'GET /rest/v1/offers/report-reasons': anyone('read'),

  // Wallet: balances and history to read; sending out by its own scope (and two-factor code). Moving
  // money between the wallet and an offer bond stays with the owner.
  'GET /rest/v2/wallet/balances': member('read'),
  'GET /rest/v2/wallet/deposit-address': member('read'),
  'GET /rest/v2/wallet/transactions': member('read'),
  'GET /rest/v2/wallet/deposits': member('read'),
  'GET /rest/v2/wallet/withdraw-conditions': member('read'),
  'GET /rest/v2/wallet/withdrawals': member('read'),
  'GET /rest/v2/wallet/bond': member('read'),
  'POST /rest/v2/wallet/withdraw': member('wallet-withdraw'),
  'POST /wallet/deposit-bond': member(KEYS_CLOSED),
  'POST /wallet/retrieve-bond': member(KEYS_CLOSED),
  // Proof of reserves (decision 0060): the published roots and addresses are public; my inclusion proof
  // (my balances and salts) is my wallet's data, which a bot reads like the balances.
  'GET /rest/v2/wallet/proof-of-reserves': anyone('read'),
  'GET /rest/v2/wallet/proof-of-reserves/me': member('read'),

  // The market and public profiles.
  'GET /rest/v1/offers': anyone('read'),
  'GET /rest/v1/offers/{id}': anyone('read'),
  'GET /rest/v1/offers/{id}/feedback': anyone('read'),
  'GET /rest/v1/users/{username}': anyone('read'),
  'GET /rest/v1/users/{username}/avatar': anyone('read'),
  'GET /rest/v1/users/{username}/active-offers': anyone('read'),
  'GET /rest/v1/users/{username}/feedback': anyone('read'),

  // My offers.
  'GET /rest/v1/my-offers/list': member('read'),
  'GET /rest/v1/my-offers/rules': member('read'),
  'GET /rest/v1/my-offers/{hash}': member('read'),
  'POST /rest/v1/my-offers': member('offers'),
  'PUT /rest/v1/my-offers/{hash}': member('offers'),
  'PUT /rest/v1/my-offers/{hash}/status': member('offers'),
  'PUT /rest/v1/my-offers/{hash}/margin': member('offers'),
  'PUT /rest/v1/my-offers/{hash}/fixed-price': member('offers'),
  'PUT /rest/v1/my-offers/{hash}/amount': member('offers'),
  'PUT /rest/v1/my-offers/{hash}/reset-penalty': member('offers'),
  'POST /rest/v1/my-offers/{hash}/appeal': member('offers'),
  'POST /rest/v1/offers/{id}/offer-cap': member('offers'),
  'POST /offer-manager/toggle-all-offers-state': member('offers'),

  // Favourites, contacts and reports: reading them helps a bot choose; changing them is the person's.
  'GET /rest/v1/favorites/offers': member('read'),
  'POST /rest/v1/favorites/offers/{id}': member(KEYS_CLOSED),
  'DELETE /rest/v1/favorites/offers/{id}': member(KEYS_CLOSED),
  'GET /rest/v1/users/me/contacts/recent-trades': member('read'),
  'GET /rest/v1/users/me/contacts/trusted-list': member('read'),
  'GET /rest/v1/users/me/contacts/blocked-list': member('read'),
  'PUT /rest/v1/users/{username}/relations': member(KEYS_CLOSED),
  'GET /rest/v1/offers/{id}/report': member('read'),
  'POST /rest/v1/offers/{id}/report': member(KEYS_CLOSED),
  'POST /rest/v1/user-reports/chargeback': member(KEYS_CLOSED),

  // Trades: their chat, files, feedback, record, disputes and appeals.
  'POST /rest/v1/trade/start': member('trade'),
  'GET /rest/v1/trade/active': member('read'),
  'GET /rest/v1/trade/history': member('read'),
  'GET /rest/v1/trade/{id}': member('read'),
  'GET /rest/v2/trade/{tradeHash}': member('read'),
  'GET /rest/v2/trade/{tradeHash}/offer': member('read'),
  'POST /rest/v1/trade/{id}/paid': member('trade'),
  'POST /rest/v1/trade/{id}/release': member('trade'),
  'POST /rest/v1/trade/{id}/cancel': member('trade'),
  'POST /rest/v1/trade/{id}/dispute': member('trade'),
  'POST /rest/v1/trade/{id}/appeal': member('trade'),
  'POST /rest/v1/trade/{id}/fallback': member('trade'),
  'POST /rest/v1/trade/{id}/policy-read': member('trade'),
  'POST /rest/v1/trade/{id}/requirement': member('trade'),
  'GET /rest/v1/trade/{id}/messages': member('read'),
  'POST /rest/v1/trade/{id}/messages': member('trade'),
  'GET /rest/v1/trade/{id}/attachments': member('read'),
  'POST /rest/v1/trade/{id}/attachments': member('trade'),
  'GET /rest/v1/trade/{id}/attachments/{attachmentId}': member('read'),
  'GET /rest/v1/trade/{id}/uploads': member('read'),
  'POST /rest/v1/trade/{id}/upload': member('trade'),
  'GET /rest/v1/trade/{id}/record': member('read'),
  'GET /rest/v1/feedback/{id}': member('read'),
  'POST /rest/v1/feedback/{id}/give': member('trade'),
  'POST /rest/v1/feedback/{id}/reply': member('trade'),

  // The staff console (decision 0019): never a key, not even an admin's.
  'GET /rest/v1/admin/permissions': STAFF,
  'GET /rest/v1/admin/users': STAFF,
  'GET /rest/v1/admin/users/{username}': STAFF,
  'POST /rest/v1/admin/users/{username}/actions': STAFF,
  'POST /rest/v1/admin/users/{username}/role': STAFF,
  'PUT /rest/v1/admin/users/{username}/video-verification': STAFF,
  'GET /rest/v1/admin/audit-log': STAFF,
  'GET /rest/v1/admin/chain/reversals': STAFF,
  'GET /rest/v1/admin/outbox': STAFF,
  'GET /rest/v1/admin/payouts': STAFF,
  'GET /rest/v1/admin/reports': STAFF,
  'POST /rest/v1/admin/reports/{id}': STAFF,
  'GET /rest/v1/admin/offer-appeals': STAFF,
  'POST /rest/v1/admin/offer-appeals/{id}/decide': STAFF,
  'GET /rest/v1/admin/verifications': STAFF,
  'GET /rest/v1/admin/verifications/{id}': STAFF,
  'GET /rest/v1/admin/verifications/{id}/documents/{documentId}': STAFF,
  'POST /rest/v1/admin/verifications/{id}/approve': STAFF,
  'POST /rest/v1/admin/verifications/{id}/deny': STAFF,
  'POST /rest/v1/admin/verifications/{id}/documents/{documentId}/reject': STAFF,
  'GET /rest/v1/admin/disputes': STAFF,
  'GET /rest/v1/admin/disputes/{tradeId}': STAFF,
  'POST /rest/v1/admin/disputes/{tradeId}/assign': STAFF,
  'POST /rest/v1/admin/disputes/{tradeId}/evidence-request': STAFF,
  'POST /rest/v1/admin/disputes/{tradeId}/messages': STAFF,
  'POST /rest/v1/admin/disputes/{tradeId}/award': STAFF,
  'POST /rest/v1/admin/disputes/{tradeId}/release': STAFF,
  'GET /rest/v1/admin/appeals': STAFF,
  'POST /rest/v1/admin/appeals/{id}/decide': STAFF,
  'GET /rest/v1/admin/chargebacks': STAFF,
  'GET /rest/v1/admin/custody': STAFF,
  'POST /rest/v1/admin/chargebacks/{id}': STAFF,
  'GET /rest/v1/admin/withdrawals': STAFF,
  'POST /rest/v1/admin/withdrawals/{id}/approve': STAFF,
  'POST /rest/v1/admin/withdrawals/{id}/reject': STAFF,
};

/** What a route without a line gets: no key; everyone else is left to its handler. */
export const UNLISTED: RouteAccess = { caller: 'anyone', key: KEYS_CLOSED };

/** Fastify's `:id` as OpenAPI's `{id}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** `GET /rest/v1/trade/{id}` for a method and a route pattern in either form; HEAD reads as GET. */
export function routeKey(method: string, url: string): string {
  const upper = method.toUpperCase();
  return `${upper === 'HEAD' ? 'GET' : upper} ${openApiPath(url)}`;
}

/** The table by Fastify's pattern (`:id`), as requests name their route: no conversion per request. */
const byFastifyPattern = new Map(
  Object.entries(ROUTE_ACCESS).map(([key, access]) => [key.replace(/\{([^}]+)\}/g, ':$1'), access]),
);

/** The line of a route (`url` is Fastify's pattern, `request.routeOptions.url`), or UNLISTED. */
export function accessOf(method: string, url: string): RouteAccess {
  const upper = method.toUpperCase();
  return byFastifyPattern.get(`${upper === 'HEAD' ? 'GET' : upper} ${url}`) ?? UNLISTED;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered so far, as `routeKey` writes it (the table's test compares the two). */
    registeredRoutes: ReadonlySet<string>;
  }
}

/** Keeps the key of every route registered after this call (app.ts calls it before any route). */
export function recordRoutes(app: FastifyInstance): void {
  const keys = new Set<string>();
  app.decorate('registeredRoutes', keys);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) keys.add(routeKey(String(method), route.url));
  });
}
