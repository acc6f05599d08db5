import type { Market } from '../fixtures/market.js';
import { urlFor, validValue, type Operation, type SentRequest } from './openapi.js';
import { FUZZ_PHONE } from './stateful.js';

/**
 * Well-formed requests for every operation, filled from the market fixture so they reach the handlers:
 * the trade each action needs, the offer, the parties' names, amounts the seller can afford.
 */

/** The fixture trade an action on `/trade/{id}/...` or `/feedback/{id}/...` should use. */
export function tradeFor(operation: Operation, m: Market): string {
  const { path } = operation;
  if (path.endsWith('/paid')) return m.toPayTrade;
  if (path.endsWith('/cancel')) return m.toCancelTrade;
  if (path.endsWith('/release')) return m.paidTrade;
  if (path.endsWith('/dispute')) return m.disputableTrade;
  if (path.endsWith('/appeal')) return m.appealableTrade;
  if (path.startsWith('/rest/v1/feedback/')) return m.releasedTrade;
  return m.activeTrade;
}

/** What `{id}` is on each family of paths; elsewhere a trade (on trade paths) or an offer. */
const ID_BY_PATH_PREFIX: Array<[prefix: string, value: (m: Market) => string | number]> = [
  ['/rest/v1/admin/chargebacks/', (m) => m.chargebackId],
  ['/rest/v1/admin/reports/', (m) => m.reportId],
  ['/rest/v1/admin/appeals/', (m) => m.appealId],
  ['/rest/v1/admin/withdrawals/', (m) => m.awaitingWithdrawalId ?? 'none'],
  ['/rest/v1/admin/offer-appeals/', (m) => m.offerAppealId],
  ['/rest/v1/users/sessions/', (m) => m.sellerOtherSessionId],
  ['/rest/v1/verification/requests/', (m) => m.verificationRequestId],
  ['/rest/v1/admin/verifications/', (m) => m.reviewRequestId],
  ['/rest/v1/bankaccounts/', (m) => m.bankAccountId],
  ['/rest/v1/mobile-money-wallets/', (m) => m.mobileMoneyWalletId],
  ['/rest/v1/api-keys/', (m) => m.apiKeyId],
  ['/rest/v1/webhooks/deliveries/', (m) => m.webhookDeliveryId],
];

function idFor(operation: Operation, m: Market): string {
  const found = ID_BY_PATH_PREFIX.find(([prefix]) => operation.path.startsWith(prefix));
  if (found) return String(found[1](m));
  return /^\/rest\/v[12]\/(trade|feedback)\//.test(operation.path) ? tradeFor(operation, m) : m.offerHash;
}

/** Real ids for path parameters, by name and place. */
export function pathValuesFor(operation: Operation, m: Market): Record<string, string> {
  const values: Record<string, string> = {};
  for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
    const { name } = parameter;
    values[name] =
      name === 'id'
        ? idFor(operation, m)
        : name === 'hash'
          ? operation.path.endsWith('/reset-penalty')
            ? m.penalizedOffer
            : operation.path.endsWith('/appeal')
              ? m.rejectedOffer
              : m.offerHash
          : name === 'tradeHash'
            ? m.activeTrade
            : name === 'tradeId'
              ? operation.path.endsWith('/award')
                ? m.awardableTrade
                : m.disputedTrade
              : name === 'username'
                ? operation.path.startsWith('/rest/v1/admin/')
                  ? m.bystander.name
                  : m.seller.name
                : name === 'slug'
                  ? operation.path.startsWith('/rest/v1/pages/')
                    ? 'about'
                    : 'bank-transfer'
                  : name === 'code'
                    ? 'USD'
                    : name === 'attachmentId'
                      ? String(m.attachmentId)
                      : name === 'area'
                        ? 'dashboard-level-limitations'
                        : name === 'documentId'
                          ? String(
                              operation.path.startsWith('/rest/v1/admin/')
                                ? m.reviewDocumentId
                                : m.verificationDocumentId,
                            )
                          : name === 'type' && operation.path.includes('/verification/')
                            ? 'id'
                            : String(validValue(parameter.schema, name, () => undefined));
  }
  return values;
}

let unique = 0;
/** A name no other call of this run used (registrations, idempotency keys). */
export const uniqueName = (prefix: string) => {
  unique += 1;
  return `${prefix}${process.pid % 1000}x${unique}`;
};

/** Values the schema alone cannot choose well, by field name (bodies) for one operation. */
export function bodyHint(operation: Operation, m: Market): (name: string) => unknown {
  const registering = operation.path === '/rest/v1/auth/register';
  const loggingIn = operation.path === '/rest/v1/auth/login';
  const resetting = operation.path === '/rest/v1/auth/password/reset';
  // A new address where the call wants one; else an account's (the forgotten-password request).
  const newAddress =
    registering ||
    operation.path.endsWith('/email/change-unconfirmed') ||
    operation.path.endsWith('/email/change');
  const renaming = operation.path === '/rest/v1/users/set-username';
  const closing = operation.path === '/rest/v1/users/close';
  const name = newAddress ? uniqueName('fz') : m.bystander.name;
  const hints: Record<string, unknown> = {
    type: 'sell',
    crypto_currency_code: 'BTC',
    fiat_currency_code: 'USD',
    payment_method: 'bank-transfer',
    margin: '1',
    range_min: '10',
    range_max: '500',
    amount: '0.001',
    // The console's dispute assignment takes a staff member (the fixture's admin: taking it themself).
    username: registering
      ? name
      : renaming
        ? uniqueName('fr')
        : operation.path.startsWith('/rest/v1/admin/disputes/')
          ? m.staff.name
          : m.buyer.name,
    email: `${name}@example.com`,
    password: registering || loggingIn || closing ? m.password : resetting ? 'R3set-pass-word!' : undefined,
    timezone: 'UTC',
    bio: 'Fast releases.',
    token: m.resetToken,
    // Two-factor calls: the code their step prepared (fuzz/stateful.ts); e-mail verification: the buyer's.
    code: /two-factor|email\/change$/.test(operation.path) ? (m.stateful.code ?? '000000') : m.buyerEmailCode,
    phone: FUZZ_PHONE,
    call: false,
    phoneCode: m.stateful.code ?? '000000',
    // What asks for a code: nothing, so the seller's trades and sends go on without one.
    release: false,
    sendout: false,
    // The first party to try changes its password (the login calls come earlier in the document).
    currentPassword: m.password,
    newPassword: 'N3w-pass-word!',
    login: operation.path === '/rest/v1/users/two-factor' ? false : m.buyer.name,
    offer_hash: m.offerHash,
    fiat_amount: '20',
    text: 'Hello there',
    message: 'Thanks, all good',
    rating: 'positive',
    dispute_reason_id: 3,
    dispute_reason_text: 'No answer from the seller',
    reason: 'obvious_scam',
    url: 'https://example.com/rules',
    new_status: true,
    new_margin: '1',
    new_fixed_price: m.marketPrice,
    offer_cap: { amount: '100000', active: true },
    requirement_id: m.requirementId,
    // A chargeback report by the seller of a released trade.
    id_hashed: m.chargebackTrade,
    chargeback_date: '2026-01-15',
    description: 'The bank recalled the transfer.',
    // Staff console: an action and a role change that can succeed on the bystander.
    // Contacts: the party trusts the user in the path (the seller; harmless for the calls after it).
    action: operation.path.startsWith('/rest/v1/admin/reports/')
      ? 'dismiss'
      : operation.path.endsWith('/relations')
        ? 'trusted'
        : 'set_notice',
    notice: 2,
    role: 'moderator',
    // Payment accounts: a UK bank account (NatWest's sort-code range) and a Kenyan M-Pesa wallet.
    fiat_currency_id: 'GBP',
    holder_name: 'Fuzz Trader',
    is_personal: true,
    country_id: operation.path.includes('mobile-money') ? 'KE' : 'GB',
    routing_number: '60-16-13',
    account_number: '31926819',
    payment_method_id: 800,
    phone_number: '+254712345678',
    // Identity verification: a Spanish passport and a Madrid address (decision 0038).
    issue_country_iso3: 'ESP',
    country_iso3: 'ESP',
    document_type: operation.path.endsWith('/start/document') ? 'utility_bill' : 'passport',
    first_name_original: 'Ana',
    middle_name_original: '',
    last_name_original: 'Pérez',
    document_number: 'X1234567',
    region_name: '',
    city_name: 'Madrid',
    address_line_1: 'Calle Mayor 1',
    address_line_2: '',
    zip_code: '28001',
    nga_nin: '',
    nga_bvn: '',
    // A corporate account's application (decision 0040).
    legal_name: 'Fuzz Trading S.L.',
    business_name: '',
    registration_number: 'B12345678',
    name_display: 'legal_entity',
    // An adult's date of birth (decision 0054): the first party confirms it, the other gets the 409.
    birth_date: '1990-06-15',
  };
  return (field) => hints[field];
}

/** A query value the schema alone cannot choose well. */
const queryHints: Record<string, string> = {
  crypto_currency_code: 'BTC',
  // The banks directory's lookups: NatWest (the IBAN is the textbook example of its sort code 60-16-13).
  country_id: 'GB',
  iban: 'GB29NWBK60161331926819',
  routing_number: '601613',
  swift_code: 'NWBKGB2L',
};

/** The well-formed request for `operation` (`?case=snake` added when asked). */
export function validRequest(
  operation: Operation,
  m: Market,
  options: {
    snake?: boolean;
    upload?: { payload: Buffer; contentType: string };
    /** The multipart body of a verification document (it names its side). */
    documentUpload?: { payload: Buffer; contentType: string };
  } = {},
): SentRequest {
  const query: [string, string][] = [];
  for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
    const hinted = queryHints[parameter.name];
    if (hinted !== undefined) query.push([parameter.name, hinted]);
    else if (parameter.required) {
      query.push([parameter.name, String(validValue(parameter.schema, parameter.name, () => undefined))]);
    }
  }
  if (options.snake) query.push(['case', 'snake']);
  const headers: Record<string, string> = {};
  for (const parameter of operation.parameters.filter((p) => p.in === 'header')) {
    if (parameter.name === 'idempotency-key') headers[parameter.name] = uniqueName('idem-key-');
  }
  const request: SentRequest = {
    method: operation.method,
    url: urlFor(operation, pathValuesFor(operation, m), query),
    headers,
  };
  if (operation.body) request.body = { json: validValue(operation.body, '', bodyHint(operation, m)) };
  const upload =
    operation.path.startsWith('/rest/v1/verification/') && options.documentUpload
      ? options.documentUpload
      : options.upload;
  if (operation.multipart && upload) {
    request.body = { raw: upload.payload };
    headers['content-type'] = upload.contentType;
  }
  return request;
}
