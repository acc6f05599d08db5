import { z } from 'zod';
import { OFFER_PAYMENT_ACCOUNTS_MAX } from './payment-accounts.js';
import { offerSideSchema } from './catalogue.js';
import {
  compareDecimals,
  divide,
  formatDecimal,
  multiply,
  parseDecimal,
  rescale,
  subtract,
  type Decimal,
} from './rates.js';
import { lineString, textString } from './strings.js';

/**
 * Offers: the editor's body, the marketplace query, and the pure rules both sides share (amount input,
 * prices, opening hours). Decisions: docs/decisions/0008-offers.md.
 */

export const offerAreas = ['otc', 'silent-pool', 'gift-cards'] as const;
export const offerAmountModes = ['min_max', 'predefined'] as const;
export const offerFlowTypes = ['default', 'gcc-auto', 'lite', 'bt-auto'] as const;
export const traderRequirements = [
  'VerifyId',
  'ShowFullName',
  'VerifyIAndShowFullName',
  'RemainingTrades',
  'Vpn',
] as const;
export const offerSorts = [
  'default',
  'crypto_usd_price_desc',
  'crypto_usd_price_asc',
  'release_time_asc',
  'release_time_desc',
] as const;
export const countryListModes = ['all', 'allow', 'deny'] as const;

export type OfferArea = (typeof offerAreas)[number];
export type OfferSort = (typeof offerSorts)[number];

/** Spec (Paxful API): the payment window is 30..43200 minutes. */
export const PAYMENT_WINDOW_MIN = 30;
export const PAYMENT_WINDOW_MAX = 43_200;
export const OFFER_TEXT_MAX = 2_500;
export const OFFER_LABEL_MAX = 25;
export const PREDEFINED_AMOUNTS_MAX = 20;
export const MIN_PAST_TRADES_MAX = 10_000;

// --- amount values (the input rule itself is `isAmountInput` in strings.ts) ------------------------

/** A positive fiat or price value as the offer calls send it: `100`, `99.5` (no sign, no exponent). */
export const positiveDecimalSchema = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .pipe(lineString().regex(/^\d{1,20}(\.\d{1,18})?$/, 'Must be a positive number'));

/** A margin in percent: may be negative (`-2.5`). */
export const marginSchema = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .pipe(lineString().regex(/^-?\d{1,6}(\.\d{1,4})?$/, 'Must be a percentage like 2.5 or -1'));

// --- prices -------------------------------------------------------------------------------------------

/**
 * Fiat price of one coin for an offer: a fixed price as it is, otherwise market x (1 + margin / 100),
 * exact, rounded half-up to the fiat currency's precision.
 */
export function offerFiatPrice(input: {
  market: string;
  margin: string | null;
  fixedPrice: string | null;
  fiatPrecision: number;
}): string {
  if (input.fixedPrice !== null) {
    return formatDecimal(rescale(parseDecimal(input.fixedPrice), input.fiatPrecision, 'half-up'));
  }
  const margin = parseDecimal(input.margin ?? '0');
  // 1 + margin/100 as an exact decimal: scale the margin by two more places.
  const factor = { units: 10n ** BigInt(margin.scale + 2) + margin.units, scale: margin.scale + 2 };
  return formatDecimal(rescale(multiply(parseDecimal(input.market), factor), input.fiatPrecision, 'half-up'));
}

// --- the operator's bounds -----------------------------------------------------------------------------

/**
 * `GET /rest/v1/my-offers/rules`: the operator's numeric bounds of an offer (OFFER_MARGIN_MIN/MAX in
 * percent, OFFER_MAX_LIMIT_USD). The server judges every body against them and the editor checks each
 * step against the same values with the functions below, so both say the same thing.
 */
export const offerRulesSchema = z.object({
  marginMin: z.number(),
  marginMax: z.number(),
  maxLimitUsd: z.number().int().positive(),
});
export type OfferRules = z.infer<typeof offerRulesSchema>;

/** Whether a margin (percent) lies within the operator's bounds, both included. */
export function isMarginWithinBounds(margin: Decimal, rules: Pick<OfferRules, 'marginMin' | 'marginMax'>) {
  return (
    compareDecimals(margin, parseDecimal(String(rules.marginMin))) >= 0 &&
    compareDecimals(margin, parseDecimal(String(rules.marginMax))) <= 0
  );
}

/** The margin a fixed price stands for against the market price: (price / market - 1) x 100, 8 places. */
export function impliedMargin(fixedPrice: string, market: string): Decimal {
  return multiply(
    subtract(divide(parseDecimal(fixedPrice), parseDecimal(market), 8), parseDecimal('1')),
    parseDecimal('100'),
  );
}

/**
 * The largest limit or predefined amount in a fiat currency: OFFER_MAX_LIMIT_USD x the currency's units
 * per USD. Null without a rate (the amount is not bounded then, on the server as in the editor).
 */
export function offerAmountCeiling(maxLimitUsd: number, usdFiat: string | null | undefined): Decimal | null {
  return usdFiat ? multiply(parseDecimal(String(maxLimitUsd)), parseDecimal(usdFiat)) : null;
}

// --- opening hours ------------------------------------------------------------------------------------

/** Week days as the spec numbers them: monday = 1 ... sunday = 7. */
export const weekDaySchema = z.number().int().min(1).max(7);
const timeOfDay = lineString().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Use HH:MM (00:00 to 24:00)');

export const openingHourSchema = z
  .object({
    day: weekDaySchema,
    start_time: timeOfDay,
    end_time: timeOfDay,
    active: z.boolean().default(true),
  })
  .refine((h) => h.start_time < h.end_time, {
    message: 'The end must be after the start',
    path: ['end_time'],
  });
export type OpeningHour = z.infer<typeof openingHourSchema>;

/**
 * The spec's merging rule for an offer's opening hours: sort by day and start; a range that touches or
 * overlaps the previous range of the same day merges with it, and when their activity differs the
 * merged range is active (the active one wins); a range that does not touch starts a second range.
 */
export function mergeOpeningHours(entries: readonly OpeningHour[]): OpeningHour[] {
  const sorted = [...entries].sort((a, b) => a.day - b.day || a.start_time.localeCompare(b.start_time));
  const merged: OpeningHour[] = [];
  for (const entry of sorted) {
    const last = merged.at(-1);
    if (last && last.day === entry.day && entry.start_time <= last.end_time) {
      if (entry.end_time > last.end_time) last.end_time = entry.end_time;
      last.active = last.active || entry.active;
    } else {
      merged.push({ ...entry });
    }
  }
  return merged;
}

/** `HH:MM` -> minutes since midnight (24:00 is 1440). */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** Minutes since midnight -> `HH:MM`. */
export const timeOf = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const paymentAccountIdSchema = z.coerce.number().int().min(1).max(2_147_483_647);

// --- editor body --------------------------------------------------------------------------------------

const requirementSchema = z.object({
  type: z.enum(traderRequirements),
  /** For RemainingTrades: the minimum number of past trades. */
  value: z.coerce.number().int().min(1).max(MIN_PAST_TRADES_MAX).optional(),
});

const countryIso = lineString()
  .regex(/^[A-Za-z]{2}$/, 'Use ISO alpha-2 country codes')
  .transform((v) => v.toUpperCase());

/** `POST /rest/v1/my-offers` (and `PUT /rest/v1/my-offers/{hash}`: the same fields, all of them sent). */
export const offerBodySchema = z.object({
  area: z.enum(offerAreas).default('otc'),
  type: offerSideSchema,
  crypto_currency_code: lineString().trim().min(2).max(10),
  fiat_currency_code: lineString().trim().min(3).max(3),
  payment_method: lineString().trim().min(1).max(100),
  margin: marginSchema.optional(),
  fixed_price: positiveDecimalSchema.optional(),
  range_min: positiveDecimalSchema.optional(),
  range_max: positiveDecimalSchema.optional(),
  predefined_amount: z
    .union([z.array(positiveDecimalSchema), lineString().transform((s) => s.split(',').map((v) => v.trim()))])
    .optional(),
  new_buyer_limit: positiveDecimalSchema.optional(),
  payment_window: z.coerce.number().int().min(PAYMENT_WINDOW_MIN).max(PAYMENT_WINDOW_MAX).default(90),
  offer_terms: textString().max(OFFER_TEXT_MAX).default(''),
  trade_details: textString().max(OFFER_TEXT_MAX).default(''),
  payment_method_label: lineString().trim().max(OFFER_LABEL_MAX).default(''),
  tags: z.array(lineString().trim().min(1).max(60)).max(10).default([]),
  requirements: z.array(requirementSchema).max(traderRequirements.length).default([]),
  is_trusted_only: z.boolean().default(false),
  country_list_mode: z.enum(countryListModes).default('all'),
  countries: z.array(countryIso).max(300).default([]),
  opening_hours: z.array(openingHourSchema).max(70).default([]),
  timezone: lineString().trim().min(1).max(64).default('UTC'),
  offer_cap: z.object({ amount: positiveDecimalSchema, active: z.boolean() }).optional(),
  gift_card_bin_codes: z
    .array(lineString().regex(/^\d{6,8}$/, 'A BIN code has 6 to 8 digits'))
    .max(50)
    .default([]),
  card_regions: z.array(z.number().int().positive()).max(50).default([]),
  flow_type: z.enum(offerFlowTypes).default('default'),
  custom_rate: positiveDecimalSchema.optional(),
  is_third_party_allowed: z.boolean().default(false),
  is_gift_code_check_enabled: z.boolean().default(false),
  is_active: z.boolean().default(true),
  /**
   * Sell offers of the bank-transfers group: the owner's bank accounts buyers pay into (ids from
   * `GET /rest/v1/bankaccounts`). Left out: unchanged on an edit, none on a new offer.
   */
  bank_accounts: z.array(paymentAccountIdSchema).max(OFFER_PAYMENT_ACCOUNTS_MAX).optional(),
  /** Sell offers of the mobile-money group: the owner's wallets of the offer's payment method. */
  mobile_money_wallets: z.array(paymentAccountIdSchema).max(OFFER_PAYMENT_ACCOUNTS_MAX).optional(),
});
export type OfferBody = z.infer<typeof offerBodySchema>;

export const offerHashParamsSchema = z.object({ hash: lineString().regex(/^[0-9A-Za-z]{6,32}$/) });
export const offerIdParamsSchema = z.object({ id: lineString().regex(/^[0-9A-Za-z]{6,32}$/) });

export const offerStatusBodySchema = z.object({
  new_status: z.union([z.boolean(), z.enum(['active', 'inactive', '1', '0', 'true', 'false'])]),
});
export const offerMarginBodySchema = z.object({ new_margin: marginSchema });
export const offerFixedPriceBodySchema = z.object({ new_fixed_price: positiveDecimalSchema });
export const offerAmountBodySchema = z.object({
  predefined_amount: offerBodySchema.shape.predefined_amount,
  range_min: positiveDecimalSchema.optional(),
  range_max: positiveDecimalSchema.optional(),
});
export const offerCapBodySchema = z.object({
  range_min: positiveDecimalSchema.optional(),
  range_max: positiveDecimalSchema.optional(),
  predefined_amount: offerBodySchema.shape.predefined_amount,
  offer_cap: z.object({ amount: positiveDecimalSchema, active: z.boolean() }),
});

/** `true`, `1`, `active` are on; anything else off. */
export const isOnStatus = (value: boolean | string): boolean =>
  value === true || value === 'active' || value === '1' || value === 'true';

const flag = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])])
  .transform((v) => v === true || v === '1' || v === 'true');
const list = lineString().transform((s) =>
  s
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean),
);

/** `GET /rest/v1/offers`: every parameter of the spec. `type` is the visitor's side. */
export const offerSearchQuerySchema = z.object({
  type: offerSideSchema.default('buy'),
  'payment-method': lineString().max(100).optional(),
  currency: lineString().min(3).max(3).optional(),
  'fiat-min': positiveDecimalSchema.optional(),
  group: lineString().max(60).optional(),
  visitor_country_iso: countryIso.optional(),
  users_country_iso: countryIso.optional(),
  /** The owners' country by its `/rest/v1/countries` id; 9999 (`WORLDWIDE_COUNTRY`) means anywhere. */
  location_id: z.coerce.number().int().optional(),
  is_payment_method_localized: flag.optional(),
  crypto_currency_id: z.coerce.number().int().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  withFavorites: flag.optional(),
  /**
   * `default`: the side's best price first; the price sorts; the release-time sorts: the owners' mean
   * release time of the last 30 days (the cards' `avgReleaseSeconds`), owners without one last, ties by
   * the side's best price (decision 0050).
   */
  sort: z.enum(offerSorts).default('default'),
  user_badges: list.optional(),
  amount_range_min: positiveDecimalSchema.optional(),
  amount_range_max: positiveDecimalSchema.optional(),
  tags: list.optional(),
  online_users: flag.optional(),
  page_id: lineString().max(200).optional(),
  binCode: lineString()
    .regex(/^\d{6,8}$/)
    .optional(),
  cardRegion: z.coerce.number().int().optional(),
  searchId: lineString().max(40).optional(),
  newbieOffers: flag.optional(),
});
export type OfferSearchQuery = z.infer<typeof offerSearchQuerySchema>;

export const myOffersQuerySchema = z.object({ type: offerSideSchema.optional() });
/** The favourites list's orders (`sort`): when the offer was added to the favourites. */
export const favoriteOfferSorts = ['newest', 'oldest'] as const;
export type FavoriteOfferSort = (typeof favoriteOfferSorts)[number];
/** `GET /rest/v1/favorites/offers` page size (set before the spec's contacts page size of 10; kept). */
export const FAVORITES_PAGE_SIZE = 20;
export const favoriteOffersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  type: offerSideSchema.optional(),
  sort: z.enum(favoriteOfferSorts).default('newest'),
});
export const userActiveOffersQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  type: offerSideSchema.optional(),
  crypto_currency_code: lineString().min(2).max(10).optional(),
  sort: z.enum(offerSorts).default('default'),
});
