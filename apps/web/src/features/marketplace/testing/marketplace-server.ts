import type { OfferSearchResult, PaymentMethodShort, PopularPaymentMethods } from '@app/contract';
import { vi } from 'vitest';
import {
  buildCountry,
  buildCrypto,
  buildCurrency,
  buildGroup,
  buildMethod,
  buildTag,
  WORLDWIDE,
} from '@/features/catalogue/testing/factories';
import { createFakeFetch, jsonResponse, type FakeHandler, type FakeRequest } from '@/testing/fake-fetch';

export const cryptos = [
  buildCrypto({ id: 8, code: 'BTC', urlParam: 'bitcoin', fullName: 'Bitcoin' }),
  buildCrypto({ id: 6, code: 'USDT', urlParam: 'tether', fullName: 'Tether USD', decimals: 6 }),
  buildCrypto({ id: 9, code: 'ETH', urlParam: 'ethereum', fullName: 'Ethereum', decimals: 18 }),
];

export const methods = [
  buildMethod(1, 'bank-transfer', 'Bank Transfer', 5),
  buildMethod(5, 'sepa-instant', 'SEPA Instant Credit Transfer', 5),
  buildMethod(20, 'paypal', 'PayPal', 3),
  buildMethod(400, 'amazon-gift-card', 'Amazon Gift Card', 1),
];

const groups = [
  buildGroup(0, 'all-payment-methods', 'All payment methods', 0),
  buildGroup(5, 'bank-transfers', 'Bank transfers', 1),
  buildGroup(3, 'online-transfers', 'Online transfers', 2),
  buildGroup(1, 'gift-cards', 'Gift cards', 3),
];

const [bank, sepa, paypal, amazon] = methods as [
  PaymentMethodShort,
  PaymentMethodShort,
  PaymentMethodShort,
  PaymentMethodShort,
];
const popularGroups = {
  'bank-transfers': [bank, sepa],
  'cash-deposits': [],
  'debitcredit-cards': [],
  'digital-currencies': [],
  'gift-cards': [amazon],
  'online-transfers': [paypal],
};
/** `GET /rest/v2/payment-methods/popular`: Spain's buyers pay with SEPA Instant and PayPal. */
export const popular: PopularPaymentMethods = {
  buy: { country: { WORLDWIDE: [bank, paypal], ES: [sepa, paypal] }, groups: popularGroups },
  sell: { country: { WORLDWIDE: [bank] }, groups: popularGroups },
};

/** The query string of a recorded request as a plain object. */
export const queryOf = (request: FakeRequest) =>
  Object.fromEntries(new URL(request.url, 'http://test').searchParams.entries());

/**
 * The reference data every marketplace page reads, plus `GET /rest/v1/offers` from `search`, and the
 * favourite calls. Override any route; the fake records every request.
 */
export function serveMarketplace({
  search,
  routes = {},
}: {
  search: (request: FakeRequest) => OfferSearchResult | Response;
  routes?: Record<string, FakeHandler>;
}) {
  const fake = createFakeFetch({
    'GET /rest/v2/wallet/crypto-currencies': () =>
      jsonResponse(200, {
        data: {
          cryptoCurrencies: cryptos,
          metadata: Object.fromEntries(
            cryptos.map((crypto) => [crypto.code, { isBlocked: false, excludedOfferFeatures: [] }]),
          ),
        },
      }),
    'GET /rest/v2/payment-methods': () => jsonResponse(200, { data: methods }),
    'GET /rest/v2/payment-method-groups': () => jsonResponse(200, { data: groups }),
    'GET /rest/v2/payment-methods/popular': () => jsonResponse(200, { data: popular }),
    'GET /rest/v2/currencies': () =>
      jsonResponse(200, {
        data: {
          currencies: [
            buildCurrency('EUR', 'Euro'),
            buildCurrency('USD', 'US Dollar'),
            buildCurrency('JPY', 'Japanese Yen', { precision: 0 }),
          ],
          popular: [],
        },
      }),
    'GET /rest/v2/countries': () =>
      jsonResponse(200, { data: [WORLDWIDE, buildCountry('DE', 'Germany'), buildCountry('ES', 'Spain')] }),
    'GET /rest/v1/tags': () =>
      jsonResponse(200, {
        data: [buildTag(1, 'no-vpn', 'No VPN'), buildTag(2, 'receipt-required', 'Receipt required')],
      }),
    'GET /rest/v1/trade/active': () => jsonResponse(200, { data: { trades: [] } }),
    'GET /rest/v1/offers': (request) => {
      const answer = search(request);
      return answer instanceof Response ? answer : jsonResponse(200, { data: answer });
    },
    ...routes,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

/** The recorded searches (`GET /rest/v1/offers`), oldest first. */
export const searchesOf = (fake: ReturnType<typeof serveMarketplace>) =>
  fake.requests.filter((request) => request.url.startsWith('/rest/v1/offers?')).map(queryOf);
