import { z } from 'zod';
import { localeSchema } from './common.js';
import { lineString } from './strings.js';

/**
 * Reference data: payment methods and their groups, fiat currencies, countries, crypto currencies and
 * offer tags (spec, trading core sections 3 and 7; account document sections 3 and 7). Every list is
 * served under `{ data }`; names come as `{ original, localized }` where `original` is the English
 * (or brand) name and `localized` the name in the requested `locale`.
 */

/** A name in the language the data was written in and in the requested locale. */
export const localizedNameSchema = z.object({
  original: z.string(),
  localized: z.string(),
});
export type LocalizedName = z.infer<typeof localizedNameSchema>;

/** The group slugs the spec names, in the order the marketplace filter shows them. */
export const paymentMethodGroupSlugs = [
  'all-payment-methods',
  'bank-transfers',
  'online-transfers',
  'gift-cards',
  'cash-deposits',
  'debitcredit-cards',
  'goods-and-services',
  'digital-currencies',
  'mobile-money',
  'services',
] as const;
export type PaymentMethodGroupSlug = (typeof paymentMethodGroupSlugs)[number];

/**
 * Every group the catalogue serves, in its order: the spec's slugs, then `assets` (precious metals, a
 * category without a marketplace slug in the spec). The web app names groups by these slugs.
 */
export const catalogueGroupSlugs = [...paymentMethodGroupSlugs, 'assets'] as const;
export type CatalogueGroupSlug = (typeof catalogueGroupSlugs)[number];

/**
 * Payment category ids from the spec (both documents, section 3/9). A group's id is its category id, so
 * `paymentMethodGroupId` on a method is the category. `assets` (precious metals) is a category without a
 * marketplace group slug of its own in the spec; we give it the slug `assets`.
 */
export const PAYMENT_CATEGORY_IDS = {
  giftCards: 1,
  cash: 2,
  onlineWallets: 3,
  debitCreditCards: 4,
  bankTransfers: 5,
  digitalCurrencies: 6,
  goodsAndServices: 7,
  mobileMoney: 8,
  services: 9,
  assets: 43,
} as const;

/** The pseudo-group "all payment methods" has id 0: it is a filter value, never a method's group. */
export const ALL_PAYMENT_METHODS_GROUP_ID = 0;

/** Query flags arrive as `1`/`0` (or `true`/`false`); absent means false. */
export const queryFlagSchema = z
  .enum(['1', '0', 'true', 'false'])
  .transform((value) => value === '1' || value === 'true');

export const localeQuerySchema = z.object({ locale: localeSchema.optional() });

// --- payment methods -------------------------------------------------------------------------------

/** `GET /rest/v2/payment-methods?mode=short`: one row of the picker list. */
export const paymentMethodShortSchema = z.object({
  id: z.number().int(),
  name: localizedNameSchema,
  paymentMethodGroupId: z.number().int(),
  slug: z.string(),
  /** Active sell offers using this method (0 until offers exist). */
  sellQuantity: z.number().int(),
  isBinCodeEnabled: z.boolean(),
  iconName: z.string(),
});
export type PaymentMethodShort = z.infer<typeof paymentMethodShortSchema>;

/** A payment method in the full list and in the detail answer. */
export const paymentMethodSchema = z.object({
  id: z.number().int(),
  name: localizedNameSchema,
  paymentMethodGroupId: z.number().int(),
  slug: z.string(),
  originalName: z.string(),
  /** Active buy offers using this method (0 until offers exist). */
  buyOffersCount: z.number().int(),
  sellOffersCount: z.number().int(),
  isBinCodeEnabled: z.boolean(),
  iconName: z.string(),
  /** A small generated SVG badge; the web app may replace it with a brand logo. */
  iconUrl: z.string(),
  /** True when the method only exists in the countries listed (a local bank, a national wallet). */
  isCountrySpecific: z.boolean(),
  /** ISO 3166 alpha-2 codes; empty for methods usable anywhere. */
  countries: z.array(z.string()),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const paymentMethodsQuerySchema = z.object({
  mode: z.enum(['short', 'full']).optional(),
  locale: localeSchema.optional(),
});

/** A gift card region (spec: Region id, name; offer field amazonGiftCardRegions). */
export const regionSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  countries: z.array(z.string()),
});
export type Region = z.infer<typeof regionSchema>;

export const paymentMethodGroupSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: localizedNameSchema,
  /** Methods in the group (for `all-payment-methods`: every method). */
  paymentMethodsCount: z.number().int(),
  order: z.number().int(),
});
export type PaymentMethodGroup = z.infer<typeof paymentMethodGroupSchema>;

/** `GET /rest/v2/payment-methods/{slug}`. */
export const paymentMethodDetailSchema = paymentMethodSchema.extend({
  group: paymentMethodGroupSchema.pick({ id: true, slug: true, name: true }),
  /** Slugs of the tags an offer with this method may carry. */
  tags: z.array(z.string()),
  /** Gift card regions the card may come from (empty for other groups). */
  regions: z.array(regionSchema),
  /** When `crypto` was asked for: the crypto and the offer counts for it. */
  cryptoCurrency: z
    .object({
      id: z.number().int(),
      code: z.string(),
      buyOffersCount: z.number().int(),
      sellOffersCount: z.number().int(),
    })
    .nullable(),
});
export type PaymentMethodDetail = z.infer<typeof paymentMethodDetailSchema>;

export const paymentMethodDetailQuerySchema = z.object({
  crypto: lineString().max(20).optional(),
  locale: localeSchema.optional(),
});

export const offerSides = ['buy', 'sell'] as const;
export const offerSideSchema = z.enum(offerSides);

/** The groups the popular lists are split by (spec: popular payment methods). */
export const popularGroupSlugs = [
  'bank-transfers',
  'cash-deposits',
  'debitcredit-cards',
  'digital-currencies',
  'gift-cards',
  'online-transfers',
] as const;

/**
 * Popular methods for one side: `country` maps an ISO alpha-2 code (and `WORLDWIDE`) to the methods
 * people there use most; `groups` maps each popular group slug to its best-known methods.
 */
export const popularSideSchema = z.object({
  country: z.record(z.string(), z.array(paymentMethodShortSchema)),
  groups: z.record(z.enum(popularGroupSlugs), z.array(paymentMethodShortSchema)),
});
export const popularPaymentMethodsSchema = z.object({ buy: popularSideSchema, sell: popularSideSchema });
export type PopularPaymentMethods = z.infer<typeof popularPaymentMethodsSchema>;

// --- currencies -------------------------------------------------------------------------------------

/** Fiat currency kinds: `metal` are the spec's non-currency methods XPD, XPT, XAU, XAG. */
export const currencyKinds = ['fiat', 'metal'] as const;
export const NON_CURRENCY_CODES = ['XPD', 'XPT', 'XAU', 'XAG'] as const;
export const DEFAULT_CURRENCY_CODE = 'USD';
export const DEFAULT_CURRENCY_ID = 144;

export const currencySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: localizedNameSchema,
  /** ISO 4217 minor units (JPY 0, USD 2, KWD 3); metals are quoted to 4 places. */
  precision: z.number().int(),
  symbol: z.string(),
  isPopular: z.boolean(),
  /** XPD, XPT, XAU, XAG: precious metals, tradable as payment but not a country's money. */
  isNonCurrency: z.boolean(),
  /** Every rate is quoted against this currency (the market's base). */
  counterCurrencyCode: z.string(),
});
export type Currency = z.infer<typeof currencySchema>;

export const currenciesQuerySchema = z.object({
  'with-popular': queryFlagSchema.optional(),
  count: queryFlagSchema.optional(),
  locale: localeSchema.optional(),
});

export const currenciesResponseSchema = z.object({
  currencies: z.array(currencySchema),
  /** With `with-popular=1`: the popular ones, most used first. */
  popular: z.array(currencySchema).optional(),
  /** With `count=1`: how many currencies the list holds. */
  count: z.number().int().optional(),
});

export const currencyCodeParamsSchema = z.object({ code: lineString().min(1).max(10) });

// --- countries --------------------------------------------------------------------------------------

export const WORLDWIDE_COUNTRY = { id: 9999, iso: 'WORLDWIDE', slug: 'worldwide' } as const;
export const COUNTRIES_PAGE_SIZE = 500;

export const countrySchema = z.object({
  id: z.number().int(),
  /** ISO 3166-1 alpha-2, or `WORLDWIDE` for the pseudo-country. */
  iso: z.string(),
  /** ISO 3166-1 alpha-3 (empty for the pseudo-country). */
  code: z.string(),
  slug: z.string(),
  /** Name in the requested locale. */
  name: z.string(),
  /** English name. */
  originalName: z.string(),
  /** International calling code without the plus, e.g. `234`. */
  phoneCode: z.string(),
  currencyCode: z.string().nullable(),
  isKycSupported: z.boolean(),
  isImportant: z.boolean(),
  isPhoneVerificationSupported: z.boolean(),
});
export type Country = z.infer<typeof countrySchema>;

const pageQuery = {
  limit: z.coerce.number().int().min(1).max(COUNTRIES_PAGE_SIZE).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  locale: localeSchema.optional(),
};
export const countriesV1QuerySchema = z.object(pageQuery);
export const countriesV2QuerySchema = z.object({
  ...pageQuery,
  kyc: queryFlagSchema.optional(),
  important: queryFlagSchema.optional(),
  /** 1: include the WORLDWIDE pseudo-country, which has no real ISO code. */
  iso_null: queryFlagSchema.optional(),
});

// --- crypto currencies ------------------------------------------------------------------------------

export const CRYPTO_IDS = { USDT: 6, BTC: 8, ETH: 9 } as const;

export const cryptoCurrencySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  /** The word in URLs (`/trading/buy-bitcoin/...`). */
  urlParam: z.string(),
  fullName: z.string(),
  shortName: z.string(),
  icon: z.string(),
  /** Decimals shown in the UI (the spec's maxPrecision). */
  formattingDecimalsCount: z.number().int(),
  /** Decimals of the base unit on chain (satoshi 8, wei 18, USDT 6). */
  decimals: z.number().int(),
  isStablecoin: z.boolean(),
  isBlocked: z.boolean(),
  /** Price of one coin in USD, a decimal string. */
  rate: z.string(),
});
export type CryptoCurrency = z.infer<typeof cryptoCurrencySchema>;

/** Per-code metadata (spec: keyed by code, has isBlocked). */
export const cryptoMetadataSchema = z.object({
  isBlocked: z.boolean(),
  /** Offer features this coin is kept out of (XMR: see docs/decisions/0003). */
  excludedOfferFeatures: z.array(z.string()),
});

export const walletCryptoCurrenciesSchema = z.object({
  cryptoCurrencies: z.array(cryptoCurrencySchema),
  metadata: z.record(z.string(), cryptoMetadataSchema),
});

// --- tags -------------------------------------------------------------------------------------------

export const tagSlugs = [
  'cash-only',
  'diwali',
  'e-codes-accepted',
  'e-gift-card',
  'local-in-person-only',
  'no-id-needed',
  'no-negotiation',
  'no-receipt-needed',
  'no-third-parties',
  'no-verification-needed',
  'no-vpn',
  'off-site',
  'online-payments',
  'photo-id-required',
  'physical-cards-only',
  'pin-required',
  'receipt-required',
  'same-bank-only',
  'up-to-100-face-value',
  'verified-paypal-only',
  'blackfriday',
  'bitcoinforall',
  'valentinesday',
  'guided-trade',
  'gcc-instantly',
  'self-checkout',
  'with-receipt',
  'without-receipt',
] as const;
export type TagSlug = (typeof tagSlugs)[number];

export const tagSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: localizedNameSchema,
  description: localizedNameSchema,
  /** True when the tag fits an offer with any payment method. */
  appliesToAll: z.boolean(),
  /** Group slugs the tag fits (every method in them). */
  groups: z.array(z.string()),
  /** Method slugs the tag fits on top of its groups. */
  paymentMethods: z.array(z.string()),
});
export type Tag = z.infer<typeof tagSchema>;

export const tagsQuerySchema = z.object({
  /** A method slug or id: only tags that fit it. */
  'payment-method': lineString().max(100).optional(),
  /** A group slug or id: only tags that fit the group. */
  group: lineString().max(100).optional(),
  locale: localeSchema.optional(),
});
