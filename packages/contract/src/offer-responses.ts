import { z } from 'zod';
import { offerSideSchema } from './catalogue.js';
import { pagePaginationSchema } from './contacts.js';
import { paymentAccountSummarySchema } from './payment-accounts.js';
import {
  countryListModes,
  favoriteOfferSorts,
  offerAmountModes,
  offerAreas,
  offerFlowTypes,
  traderRequirements,
  type OfferBody,
} from './offers.js';

/**
 * What the offer calls answer. The server validates its answers against these (and documents them in
 * OpenAPI); the web reads its types from them. Fiat values are decimal strings at the currency's
 * precision; `null` where a value does not apply (no fixed price, no rate yet).
 */

// Answers are encoded with zod (fastify-type-provider-zod): response schemas must be plain, without the
// transforms and defaults the request schemas use.
const decimal = z.string();

export const openingHourViewSchema = z.object({
  day: z.number().int(),
  start_time: z.string(),
  end_time: z.string(),
  active: z.boolean(),
});

export const offerTagSchema = z.object({ slug: z.string(), name: z.string() });

/**
 * The window of a trader's completion rate and release time (docs/decisions/0045-trader-stats.md): the
 * last 30 UTC days, today included. The marketplace's release-time sort reads the same figure (0050).
 */
export const TRADER_STATS_WINDOW_DAYS = 30;

/** The owner as a listing card shows them. */
export const offerOwnerCardSchema = z.object({
  username: z.string(),
  avatarUrl: z.string().nullable(),
  status: z.enum(['online', 'offline']),
  feedbackPositive: z.number().int(),
  feedbackNegative: z.number().int(),
  badge: z.string().nullable(),
  monthlyTradeStats: z.object({ trades: z.number().int(), partners: z.number().int() }),
  /**
   * Share of the owner's finished trades of the last 30 days that completed, as a percent with one
   * decimal ("97.5"); null without a finished trade in that window. Rule: docs/decisions/0045-trader-stats.md.
   */
  completionRate: decimal.nullable(),
  /** Mean seconds from "paid" to "released" on the owner's sales of the last 30 days; null without one. */
  avgReleaseSeconds: z.number().int().min(0).nullable(),
  country: z.string().nullable(),
});

/** The spec's offer listing card (search results, favourites, profiles, recommended offers). */
export const offerListingSchema = z.object({
  hash: z.string(),
  type: offerSideSchema,
  owner: offerOwnerCardSchema,
  cryptoCurrencyCode: z.string(),
  fiatCurrencyCode: z.string(),
  paymentMethod: z
    .object({ id: z.number().int(), slug: z.string(), name: z.string(), groupId: z.number().int() })
    .nullable(),
  paymentMethodLabel: z.string(),
  margin: decimal.nullable(),
  fixedPrice: decimal.nullable(),
  pricePerBtc: decimal.nullable(),
  pricePerUsd: decimal.nullable(),
  fiatAmountRangeMin: decimal,
  fiatAmountRangeMax: decimal,
  predefinedAmount: z.array(decimal),
  tags: z.array(offerTagSchema),
  customRate: decimal.nullable(),
  score: z.number().nullable(),
  isFeatured: z.boolean(),
  isStickied: z.boolean(),
  isFavorite: z.boolean(),
  isBlocked: z.boolean(),
  requireMinPastTrades: z.number().int().nullable(),
  requireVerifiedId: z.boolean(),
  requireFullNameVisibility: z.boolean(),
  withCashback: z.boolean(),
  cashbackPercent: decimal.nullable(),
  cashbackMaxValue: decimal.nullable(),
  location: z
    .object({
      country: z.object({ iso: z.string(), name: z.string() }),
      subdivision: z.null(),
      city: z.null(),
    })
    .nullable(),
});
export type OfferListing = z.infer<typeof offerListingSchema>;

/** `GET /rest/v1/offers`: one page and the cursor for the next ("load more"). */
export const offerSearchResultSchema = z.object({
  offers: z.array(offerListingSchema),
  /** The rates version the page was priced with; later pages send it back. */
  searchId: z.string().nullable(),
  /** Opaque; `null` on the last page. */
  nextPageId: z.string().nullable(),
  /**
   * How many offers match the search (first pages only; `null` on later pages, which keep the first
   * page's). Counted up to `OFFER_SEARCH_TOTAL_CAP`: `totalCapped` says there are at least that many.
   */
  total: z.number().int().min(0).nullable(),
  totalCapped: z.boolean(),
});
/** The search counts matching offers up to this many (a count of every one costs a scan of the market). */
export const OFFER_SEARCH_TOTAL_CAP = 1000;
export type OfferSearchResult = z.infer<typeof offerSearchResultSchema>;

export const offerCapStateSchema = z.object({
  initialValue: decimal,
  remainingValue: decimal,
  rate: decimal.nullable(),
});

export const offerRequirementSchema = z.object({ type: z.string(), value: z.number().int().optional() });

/** `GET /rest/v1/offers/{id}`: the offer page. */
export const offerViewSchema = z.object({
  offer: z.object({
    id: z.string(),
    type: offerSideSchema,
    area: z.enum(offerAreas),
    ownerUsername: z.string(),
    paymentMethod: z.object({
      id: z.number().int(),
      slug: z.string().nullable(),
      name: z.string().nullable(),
    }),
    paymentMethodLabel: z.string(),
    fiatCurrency: z.object({
      code: z.string(),
      precision: z.number().int(),
      rate: z.object({ usd: decimal.nullable() }),
    }),
    cryptoCurrencyId: z.number().int(),
    altCoin: z.object({ code: z.string(), precision: z.number().int(), rate: decimal.nullable() }),
    margin: decimal.nullable(),
    fiatPricePerCrypto: decimal.nullable(),
    buySellPagePrice: decimal.nullable(),
    fiatLimitMin: decimal,
    fiatLimitMax: decimal,
    predefinedAmount: z.array(decimal),
    newBuyerMaxFiatLimit: decimal.nullable(),
    paymentWindow: z.number().int(),
    offerTerms: z.string(),
    tradeDetails: z.string(),
    tags: z.array(z.string()),
    requirements: z.array(offerRequirementSchema),
    timezone: z.string(),
    isSell: z.boolean(),
    isOnline: z.boolean(),
    customRate: decimal.nullable(),
    giftCardBinCodes: z.array(z.string()),
    isBinCodeEnabled: z.boolean(),
    amazonGiftCardRegions: z.array(z.object({ id: z.number().int(), name: z.string() })),
    flowType: z.enum(offerFlowTypes),
    isThirdPartyTreatmentEnabled: z.boolean(),
    isGiftCodeCheckEnabled: z.boolean(),
    isReachedCap: z.boolean(),
    isCapLessThanMin: z.boolean(),
    isAnonymousUserRestricted: z.boolean(),
    availableIn: z.array(z.string()),
    countryListMode: z.enum(countryListModes),
    isActive: z.boolean(),
  }),
  isOwner: z.boolean(),
  isAvailable: z.boolean(),
  isNewBuyer: z.boolean(),
  isTrustedUser: z.boolean(),
  isGrayCountry: z.boolean(),
  isFavorite: z.boolean(),
  isAvailableForCountry: z.boolean(),
  discountedEscrowFee: decimal.nullable(),
  /** Merged by the spec's rule (contract `mergeOpeningHours`), in `dutyHoursTimezone`. */
  dutyHours: z.array(openingHourViewSchema),
  dutyHoursTimezone: z.string(),
  isMaxTradeLimitUserIDNotVerified: z.boolean(),
  offerCap: offerCapStateSchema.nullable(),
  recommendedOffers: z.array(offerListingSchema),
  flashMessages: z.array(z.object({ type: z.string(), text: z.string() })),
  startTradeRequirements: z.object({ payerName: z.boolean() }),
});
export type OfferView = z.infer<typeof offerViewSchema>;

/** Create / edit answer. */
export const offerSavedSchema = z.object({
  idHashed: z.string(),
  isActive: z.boolean(),
  depositInfo: z.object({ isBondInsufficient: z.boolean() }),
});
export type OfferSaved = z.infer<typeof offerSavedSchema>;

/**
 * `GET /rest/v1/my-offers/{hash}`: the owner's offer in the editor's own body shape, so the wizard can
 * load it, change fields and `PUT` it back unchanged otherwise.
 */
export const offerEditorStateSchema = z.object({
  idHashed: z.string(),
  isBondInsufficient: z.boolean(),
  body: z.object({
    area: z.enum(offerAreas),
    type: offerSideSchema,
    crypto_currency_code: z.string(),
    fiat_currency_code: z.string(),
    payment_method: z.string(),
    margin: decimal.optional(),
    fixed_price: decimal.optional(),
    range_min: decimal.optional(),
    range_max: decimal.optional(),
    predefined_amount: z.array(decimal).optional(),
    new_buyer_limit: decimal.optional(),
    payment_window: z.number().int(),
    offer_terms: z.string(),
    trade_details: z.string(),
    payment_method_label: z.string(),
    tags: z.array(z.string()),
    requirements: z.array(z.object({ type: z.enum(traderRequirements), value: z.number().int().optional() })),
    is_trusted_only: z.boolean(),
    country_list_mode: z.enum(countryListModes),
    countries: z.array(z.string()),
    opening_hours: z.array(openingHourViewSchema),
    timezone: z.string(),
    offer_cap: z.object({ amount: decimal, active: z.boolean() }).optional(),
    gift_card_bin_codes: z.array(z.string()),
    card_regions: z.array(z.number().int()),
    flow_type: z.enum(offerFlowTypes),
    custom_rate: decimal.optional(),
    is_third_party_allowed: z.boolean(),
    is_gift_code_check_enabled: z.boolean(),
    is_active: z.boolean(),
    bank_accounts: z.array(z.number().int()),
    mobile_money_wallets: z.array(z.number().int()),
  }) satisfies z.ZodType<OfferBody>,
});
export type OfferEditorState = z.infer<typeof offerEditorStateSchema>;

/** An offer as its owner sees it on the my-offers page. */
export const myOfferSchema = z.object({
  idHashed: z.string(),
  type: offerSideSchema,
  area: z.enum(offerAreas),
  cryptoCurrencyCode: z.string(),
  fiatCurrencyCode: z.string(),
  paymentMethod: z.object({ id: z.number().int(), groupId: z.number().int(), slug: z.string().nullable() }),
  flowType: z.enum(offerFlowTypes),
  isActive: z.boolean(),
  isEnabled: z.boolean(),
  hasGiftCards: z.boolean(),
  margin: decimal.nullable(),
  fixedPrice: decimal.nullable(),
  pricePerCoin: decimal.nullable(),
  amountMode: z.enum(offerAmountModes),
  rangeMin: decimal,
  rangeMax: decimal,
  predefinedAmount: z.array(decimal),
  newBuyerMaxFiatLimit: decimal.nullable(),
  offerCap: z.object({ amount: decimal, active: z.boolean() }).nullable(),
  depositInfo: z.object({ isBondInsufficient: z.boolean() }),
  tags: z.array(offerTagSchema),
  /** Sell offers: the accounts buyers pay into (numbers masked). */
  bankAccounts: z.array(paymentAccountSummarySchema),
  mobileMoneyWallets: z.array(paymentAccountSummarySchema),
  manualEscrowFee: decimal.nullable(),
  pinnedPosition: z.number().int().nullable(),
  /** The spec's offer moderation status: 1 approved, 2 rejected, 3 no appeal, 4 appealed. */
  moderationStatus: z.number().int(),
  /** A moderator's words to the owner (a message, or why the offer was rejected or penalised). */
  moderatorNote: z.string().nullable(),
  /**
   * Cancelled by system penalty (`offer_has_cancelled_by_system_penalty`): until when; `resettable`
   * once that time has passed (`PUT /rest/v1/my-offers/{hash}/reset-penalty`).
   */
  penalty: z.object({ until: z.string(), resettable: z.boolean() }).nullable(),
  /**
   * The owner's latest appeal against a rejection (`POST /rest/v1/my-offers/{hash}/appeal`, decision 0023)
   * and how it ended; null when the offer was never appealed.
   */
  appeal: z
    .object({
      status: z.enum(['appealed', 'upheld', 'rejected', 'withdrawn']),
      text: z.string(),
      createdAt: z.string(),
      decisionReason: z.string().nullable(),
    })
    .nullable(),
});
export type MyOffer = z.infer<typeof myOfferSchema>;

export const myOffersListSchema = z.object({
  offers: z.array(myOfferSchema),
  depositData: z.object({
    makeDeposit: z.object({
      options: z.array(z.object({ currencyCode: z.string(), missingAmount: decimal })),
      isEnabled: z.boolean(),
    }),
    makeWithdraw: z.object({ isEnabled: z.boolean() }),
  }),
  userPerks: z.array(z.unknown()),
  messages: z.array(z.unknown()),
  meta: z.object({ counts: z.object({ buy: z.number().int(), sell: z.number().int() }) }),
  isNotSellActiveOffers: z.boolean(),
  isNotBuyActiveOffers: z.boolean(),
  promoteTotal: z.number().int(),
  promoteAvailable: z.number().int(),
});
export type MyOffersList = z.infer<typeof myOffersListSchema>;

export const offerStatusResultSchema = z.object({ idHashed: z.string(), isActive: z.boolean() });
export const toggleAllOffersResultSchema = z.object({
  isActive: z.boolean(),
  changed: z.number().int(),
  bondInsufficient: z.array(z.string()),
});
export const offerPriceResultSchema = z.object({
  idHashed: z.string(),
  margin: decimal.nullable(),
  fixedPrice: decimal.nullable(),
});
export const offerAmountResultSchema = z.object({
  idHashed: z.string(),
  amountMode: z.enum(offerAmountModes),
  rangeMin: decimal,
  rangeMax: decimal,
  predefinedAmount: z.array(decimal),
});
export const offerCapResultSchema = z.object({ offerCap: offerCapStateSchema.nullable() });
export const favoriteResultSchema = z.object({ isFavorite: z.boolean() });

/**
 * `GET /rest/v1/favorites/offers`: page-numbered, 20 a page. The spec's contacts shape (counts, the
 * filter and order applied, the pagination) beside `nextPage` for "load more" clients.
 */
export const favoriteOffersResultSchema = z.object({
  offers: z.array(offerListingSchema),
  /** The viewer's favourites among buy offers and among sell offers (the offers' own type), whatever the filter. */
  buyCount: z.number().int().min(0),
  sellCount: z.number().int().min(0),
  /** The `type` filter applied (the offers' own type); null: both. */
  currentType: offerSideSchema.nullable(),
  currentSorting: z.enum(favoriteOfferSorts),
  /** Of the filtered list. */
  pagination: pagePaginationSchema,
  /** The next page number, or null on the last page. */
  nextPage: z.number().int().nullable(),
});
export type FavoriteOffersResult = z.infer<typeof favoriteOffersResultSchema>;

/** `GET /rest/v1/users/{username}/active-offers`: offset-paged. */
export const userActiveOffersResultSchema = z.object({
  offers: z.array(offerListingSchema),
  nextOffset: z.number().int().nullable(),
});
export type UserActiveOffersResult = z.infer<typeof userActiveOffersResultSchema>;
