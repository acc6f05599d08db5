import type {
  Country,
  CryptoCurrency,
  Currency,
  MyOffer,
  MyOffersList,
  OfferEditorState,
  PaymentMethodGroup,
  PaymentMethodShort,
  Tag,
} from '@app/contract';
import { jsonResponse, type FakeHandler } from '@/testing/fake-fetch';

/**
 * Server answers for the offer manager's component tests: the reference lists the editor's pickers
 * read, the market rate, and the owner's offers. Tests add or replace handlers (a save, a failure).
 */

export const OFFER_ID = 'AbC123xyz789';

const crypto = (id: number, code: string, fullName: string, decimals: number): CryptoCurrency => ({
  id,
  code,
  urlParam: fullName.toLowerCase(),
  fullName,
  shortName: fullName,
  icon: code.toLowerCase(),
  formattingDecimalsCount: Math.min(decimals, 8),
  decimals,
  isStablecoin: false,
  isBlocked: false,
  rate: '1',
});

const currency = (code: string, name: string, precision = 2): Currency => ({
  id: code.charCodeAt(0) * 100 + code.charCodeAt(1),
  code,
  name: { original: name, localized: name },
  precision,
  symbol: code,
  isPopular: code === 'EUR' || code === 'USD',
  isNonCurrency: false,
  counterCurrencyCode: 'USD',
});

const group = (id: number, slug: string, name: string, order: number): PaymentMethodGroup => ({
  id,
  slug,
  name: { original: name, localized: name },
  paymentMethodsCount: 1,
  order,
});

const method = (
  id: number,
  slug: string,
  name: string,
  groupId: number,
  bin = false,
): PaymentMethodShort => ({
  id,
  slug,
  name: { original: name, localized: name },
  paymentMethodGroupId: groupId,
  sellQuantity: 0,
  isBinCodeEnabled: bin,
  iconName: slug,
});

const tag = (id: number, slug: string, name: string): Tag => ({
  id,
  slug,
  name: { original: name, localized: name },
  description: { original: `${name}.`, localized: `${name}.` },
  appliesToAll: true,
  groups: [],
  paymentMethods: [],
});

const country = (iso: string, name: string): Country => ({
  id: iso.charCodeAt(0) * 100 + iso.charCodeAt(1),
  iso,
  code: `${iso}X`,
  slug: name.toLowerCase(),
  name,
  originalName: name,
  phoneCode: '1',
  currencyCode: null,
  isKycSupported: true,
  isImportant: false,
  isPhoneVerificationSupported: true,
});

/** Market: 1 BTC = 80,000.00 EUR = 86,000.00 USD. */
export const MARKET_EUR = '80000.00000000';

/** An offer as the my-offers list shows it; override what the test cares about. */
export function buildMyOffer(overrides: Partial<MyOffer> = {}): MyOffer {
  return {
    idHashed: OFFER_ID,
    type: 'sell',
    area: 'otc',
    cryptoCurrencyCode: 'BTC',
    fiatCurrencyCode: 'EUR',
    paymentMethod: { id: 1, groupId: 5, slug: 'bank-transfer' },
    flowType: 'default',
    isActive: true,
    isEnabled: true,
    hasGiftCards: false,
    margin: '2.0000',
    fixedPrice: null,
    pricePerCoin: '81600.00',
    amountMode: 'min_max',
    rangeMin: '50.00',
    rangeMax: '500.00',
    predefinedAmount: [],
    newBuyerMaxFiatLimit: null,
    offerCap: null,
    depositInfo: { isBondInsufficient: false },
    tags: [],
    bankAccounts: [],
    mobileMoneyWallets: [],
    manualEscrowFee: null,
    pinnedPosition: null,
    moderationStatus: 1,
    moderatorNote: null,
    penalty: null,
    appeal: null,
    ...overrides,
  };
}

export function buildMyOffersList(offers: MyOffer[], overrides: Partial<MyOffersList> = {}): MyOffersList {
  return {
    offers,
    depositData: { makeDeposit: { options: [], isEnabled: false }, makeWithdraw: { isEnabled: false } },
    userPerks: [],
    messages: [],
    meta: {
      counts: {
        buy: offers.filter((o) => o.type === 'buy').length,
        sell: offers.filter((o) => o.type === 'sell').length,
      },
    },
    isNotSellActiveOffers: !offers.some((o) => o.type === 'sell' && o.isActive),
    isNotBuyActiveOffers: !offers.some((o) => o.type === 'buy' && o.isActive),
    promoteTotal: 0,
    promoteAvailable: 0,
    ...overrides,
  };
}

/** A saved offer in the editor's body shape (`GET /rest/v1/my-offers/{id}`). */
export function buildEditorState(overrides: Partial<OfferEditorState['body']> = {}): OfferEditorState {
  return {
    idHashed: OFFER_ID,
    isBondInsufficient: false,
    body: {
      area: 'otc',
      type: 'sell',
      crypto_currency_code: 'BTC',
      fiat_currency_code: 'EUR',
      payment_method: 'bank-transfer',
      margin: '2.0000',
      range_min: '50.00',
      range_max: '500.00',
      payment_window: 90,
      offer_terms: 'Reply within 10 minutes.',
      trade_details: 'IBAN in the chat.',
      payment_method_label: 'N26',
      tags: ['no-receipt-needed'],
      requirements: [{ type: 'VerifyId' }],
      is_trusted_only: false,
      country_list_mode: 'all',
      countries: [],
      opening_hours: [{ day: 1, start_time: '09:00', end_time: '17:00', active: true }],
      timezone: 'Europe/Berlin',
      gift_card_bin_codes: [],
      card_regions: [],
      flow_type: 'default',
      is_third_party_allowed: false,
      is_gift_code_check_enabled: false,
      is_active: true,
      bank_accounts: [],
      mobile_money_wallets: [],
      ...overrides,
    },
  };
}

/** `GET /rest/v2/wallet/bond`: BTC needs 0.002 for the bonded groups; `deposited` of it is there. */
export function buildBondStatus(deposited = '0.00000000') {
  const missing = deposited === '0.00000000' ? '0.00200000' : '0.00000000';
  return {
    paymentGroups: ['gift-cards', 'online-transfers'],
    holdDays: 7,
    coins: [
      {
        currencyCode: 'BTC',
        requiredAmount: '0.00200000',
        depositedAmount: deposited,
        missingAmount: missing,
        canDeposit: false,
        canRetrieve: false,
        heldUntil: null,
      },
    ],
  };
}

/** Every GET the editor and the my-offers page make, answered. */
export function offerManagerRoutes(overrides: Record<string, FakeHandler> = {}): Record<string, FakeHandler> {
  return {
    'GET /rest/v2/wallet/crypto-currencies': () =>
      jsonResponse(200, {
        data: {
          cryptoCurrencies: [crypto(8, 'BTC', 'Bitcoin', 8), crypto(9, 'ETH', 'Ethereum', 18)],
          metadata: {
            BTC: { isBlocked: false, excludedOfferFeatures: [] },
            ETH: { isBlocked: false, excludedOfferFeatures: [] },
          },
        },
      }),
    'GET /rest/v2/currencies': () =>
      jsonResponse(200, {
        data: {
          currencies: [
            currency('EUR', 'Euro'),
            currency('USD', 'US Dollar'),
            currency('JPY', 'Japanese Yen', 0),
          ],
          popular: [currency('EUR', 'Euro'), currency('USD', 'US Dollar')],
        },
      }),
    'GET /rest/v2/payment-methods': () =>
      jsonResponse(200, {
        data: [
          method(1, 'bank-transfer', 'Bank Transfer', 5),
          method(200, 'paypal', 'PayPal', 3),
          method(400, 'amazon-gift-card', 'Amazon Gift Card', 1),
        ],
      }),
    'GET /rest/v2/payment-method-groups': () =>
      jsonResponse(200, {
        data: [
          group(0, 'all-payment-methods', 'All payment methods', 0),
          group(5, 'bank-transfers', 'Bank transfers', 1),
          group(3, 'online-transfers', 'Online wallets', 2),
          group(1, 'gift-cards', 'Gift cards', 3),
        ],
      }),
    'GET /rest/v2/countries': () =>
      jsonResponse(200, {
        data: [country('DE', 'Germany'), country('ES', 'Spain'), country('US', 'United States')],
      }),
    'GET /rest/v1/tags': () =>
      jsonResponse(200, {
        data: [tag(1, 'no-receipt-needed', 'No receipt needed'), tag(2, 'same-bank-only', 'Same bank only')],
      }),
    'GET /rest/v2/crypto-fiat-rates': () =>
      jsonResponse(200, {
        data: {
          updatedAt: '2026-11-21T12:00:00.000Z',
          rateKeys: ['usd', 'btc', 'eth'],
          currencies: [
            {
              id: 1,
              code: 'EUR',
              name: { original: 'Euro', localized: 'Euro' },
              precision: 2,
              rate: { usd: '0.93023256', btc: MARKET_EUR, eth: '3000.00000000' },
            },
            {
              id: 2,
              code: 'USD',
              name: { original: 'US Dollar', localized: 'US Dollar' },
              precision: 2,
              rate: { usd: '1.00000000', btc: '86000.00000000', eth: '3225.00000000' },
            },
          ],
        },
      }),
    'GET /rest/v1/trade/active': () => jsonResponse(200, { data: { trades: [] } }),
    // The operator's bounds: the server's defaults.
    'GET /rest/v1/my-offers/rules': () =>
      jsonResponse(200, { data: { marginMin: -50, marginMax: 200, maxLimitUsd: 100_000 } }),
    // The owner's bond: online transfers and gift cards need 0.002 BTC; none deposited.
    'GET /rest/v2/wallet/bond': () => jsonResponse(200, { data: buildBondStatus() }),
    // The owner's receiving accounts (the sell offer's picker): none unless a test gives some.
    'GET /rest/v1/bankaccounts': () => jsonResponse(200, { data: [] }),
    'GET /rest/v1/mobile-money-wallets': () =>
      jsonResponse(200, { data: { mobileMoneyWallets: [], paymentMethods: [] } }),
    ...overrides,
  };
}
