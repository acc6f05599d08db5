import type { OfferPaymentAccounts } from './payment-accounts.js';
import {
  formatDecimal,
  parseDecimal,
  rescale,
  timeOf,
  type FeedbackCounts,
  type OfferBody,
  type OfferListing,
} from '@app/contract';
import type { CatalogueData } from '../catalogue/index.js';
import type { OfferAppealRow } from './appeals-repository.js';
import type { HoursRow, OfferRow, SearchRow } from './repository.js';

/** A stored fiat amount (NUMERIC with 8 places) at its currency's precision: `10.00000000` -> `10.00`. */
export function fiatText(data: CatalogueData, currencyCode: string, value: string): string;
export function fiatText(data: CatalogueData, currencyCode: string, value: string | null): string | null;
export function fiatText(data: CatalogueData, currencyCode: string, value: string | null): string | null {
  if (value === null) return null;
  const precision = data.currencyByCode.get(currencyCode)?.precision ?? 2;
  return formatDecimal(rescale(parseDecimal(value), precision, 'half-up'));
}

/** The requirement names of the spec, from the stored flags. */
export function requirementsOf(offer: OfferRow) {
  const list: { type: string; value?: number }[] = [];
  if (offer.requireVerifiedId && offer.requireFullName) list.push({ type: 'VerifyIAndShowFullName' });
  else if (offer.requireVerifiedId) list.push({ type: 'VerifyId' });
  else if (offer.requireFullName) list.push({ type: 'ShowFullName' });
  if (offer.requireMinPastTrades !== null) {
    list.push({ type: 'RemainingTrades', value: offer.requireMinPastTrades });
  }
  if (offer.blockVpn) list.push({ type: 'Vpn' });
  return list;
}

const tagSlugs = (data: CatalogueData, ids: number[]) =>
  ids
    .map((id) => data.tags.find((t) => t.id === id))
    .filter((t) => t !== undefined)
    .map((t) => ({ slug: t.slug, name: t.names.en ?? t.slug }));

/**
 * The owner's trading as a card shows it: released trades and partners of the last 30 days, the 30-day
 * completion rate and mean release time (docs/decisions/0045-trader-stats.md). The trades module computes
 * it; the caller passes it in (offers does not depend on trades).
 */
export type OwnerTradeStats = {
  trades: number;
  partners: number;
  completionRate: string | null;
  avgReleaseSeconds: number | null;
};

const NO_TRADES: OwnerTradeStats = { trades: 0, partners: 0, completionRate: null, avgReleaseSeconds: null };

/**
 * The owner as a listing card shows them. Feedback counts come from the feedback module and the trading
 * numbers from the trades module, both passed in by the caller; badges do not exist yet.
 */
function ownerCard(
  row: { ownerUsername: string; ownerCountry: string | null; ownerOnline: boolean },
  feedback: FeedbackCounts = { positive: 0, negative: 0 },
  stats: OwnerTradeStats = NO_TRADES,
) {
  return {
    username: row.ownerUsername,
    avatarUrl: null,
    status: row.ownerOnline ? ('online' as const) : ('offline' as const),
    feedbackPositive: feedback.positive,
    feedbackNegative: feedback.negative,
    badge: null,
    monthlyTradeStats: { trades: stats.trades, partners: stats.partners },
    completionRate: stats.completionRate,
    avgReleaseSeconds: stats.avgReleaseSeconds,
    country: row.ownerCountry,
  };
}

/** The spec's offer listing card. */
export function presentListing(
  row: SearchRow,
  ctx: {
    data: CatalogueData;
    tagIds: number[];
    price: { fiat: string | null; usd: string | null };
    /** The owner's feedback counts (`feedbackCountsOf`) and trading numbers (`ownerStatsOf`). */
    owner?: { feedback?: FeedbackCounts; stats?: OwnerTradeStats };
  },
): OfferListing {
  const method = ctx.data.methodById.get(row.paymentMethodId);
  const country = row.ownerCountry ? ctx.data.countries.find((c) => c.iso === row.ownerCountry) : undefined;
  return {
    hash: row.hash,
    type: row.type,
    owner: ownerCard(row, ctx.owner?.feedback, ctx.owner?.stats),
    cryptoCurrencyCode: row.cryptoCode,
    fiatCurrencyCode: row.fiatCurrencyCode,
    paymentMethod: method
      ? { id: method.id, slug: method.slug, name: method.originalName, groupId: method.groupId }
      : null,
    paymentMethodLabel: row.paymentMethodLabel,
    margin: row.margin,
    fixedPrice: fiatText(ctx.data, row.fiatCurrencyCode, row.fixedPrice),
    pricePerBtc: ctx.price.fiat,
    pricePerUsd: ctx.price.usd,
    fiatAmountRangeMin: fiatText(ctx.data, row.fiatCurrencyCode, row.rangeMin),
    fiatAmountRangeMax: fiatText(ctx.data, row.fiatCurrencyCode, row.rangeMax),
    predefinedAmount:
      row.amountMode === 'predefined'
        ? row.predefinedAmounts.map((a) => fiatText(ctx.data, row.fiatCurrencyCode, a))
        : [],
    tags: tagSlugs(ctx.data, ctx.tagIds),
    customRate: row.customRate,
    score: null,
    isFeatured: false,
    isStickied: false,
    isFavorite: row.isFavorite,
    isBlocked: false,
    requireMinPastTrades: row.requireMinPastTrades,
    requireVerifiedId: row.requireVerifiedId,
    requireFullNameVisibility: row.requireFullName,
    withCashback: false,
    cashbackPercent: null,
    cashbackMaxValue: null,
    location: country
      ? {
          country: { iso: country.iso, name: country.names.en ?? country.iso },
          subdivision: null,
          city: null,
        }
      : null,
  };
}

/** An offer as its owner sees it on the my-offers page. */
export function presentMyOffer(
  row: OfferRow,
  ctx: {
    data: CatalogueData;
    tagIds: number[];
    price: { fiat: string | null; usd: string | null };
    bondShort: boolean;
    appeal?: OfferAppealRow;
    paymentAccounts: OfferPaymentAccounts;
  },
) {
  const method = ctx.data.methodById.get(row.paymentMethodId);
  return {
    idHashed: row.hash,
    type: row.type,
    area: row.area,
    cryptoCurrencyCode: row.cryptoCode,
    fiatCurrencyCode: row.fiatCurrencyCode,
    paymentMethod: { id: row.paymentMethodId, groupId: row.paymentGroupId, slug: method?.slug ?? null },
    flowType: row.flowType,
    isActive: row.isActive,
    isEnabled: row.isActive,
    hasGiftCards: row.paymentGroupId === ctx.data.groupBySlug.get('gift-cards')?.id,
    margin: row.margin,
    fixedPrice: fiatText(ctx.data, row.fiatCurrencyCode, row.fixedPrice),
    pricePerCoin: ctx.price.fiat,
    amountMode: row.amountMode,
    rangeMin: fiatText(ctx.data, row.fiatCurrencyCode, row.rangeMin),
    rangeMax: fiatText(ctx.data, row.fiatCurrencyCode, row.rangeMax),
    predefinedAmount: row.predefinedAmounts.map((a) => fiatText(ctx.data, row.fiatCurrencyCode, a)),
    newBuyerMaxFiatLimit: fiatText(ctx.data, row.fiatCurrencyCode, row.newBuyerMax),
    offerCap: row.capAmount
      ? { amount: fiatText(ctx.data, row.fiatCurrencyCode, row.capAmount), active: row.capActive }
      : null,
    depositInfo: { isBondInsufficient: ctx.bondShort },
    tags: tagSlugs(ctx.data, ctx.tagIds),
    bankAccounts: ctx.paymentAccounts.bankAccounts,
    mobileMoneyWallets: ctx.paymentAccounts.mobileMoneyWallets,
    manualEscrowFee: null,
    pinnedPosition: null,
    moderationStatus: row.moderationStatus,
    moderatorNote: row.penaltyReason,
    penalty: row.penaltyUntil
      ? { until: row.penaltyUntil.toISOString(), resettable: row.penaltyUntil.getTime() <= Date.now() }
      : null,
    appeal: ctx.appeal
      ? {
          status: ctx.appeal.status,
          text: ctx.appeal.text,
          createdAt: new Date(String(ctx.appeal.created_at)).toISOString(),
          decisionReason: ctx.appeal.decision_reason,
        }
      : null,
  };
}

/**
 * The owner's offer in the editor's body shape (`offerBodySchema`), so the wizard loads exactly what it
 * sends back: every field, with fiat values at the currency's precision.
 */
export function presentEditorBody(
  row: OfferRow,
  ctx: { data: CatalogueData; tagIds: number[]; hours: HoursRow[]; paymentAccounts: OfferPaymentAccounts },
): OfferBody & { bank_accounts: number[]; mobile_money_wallets: number[] } {
  const money = (value: string) => fiatText(ctx.data, row.fiatCurrencyCode, value);
  const isPredefined = row.amountMode === 'predefined';
  return {
    area: row.area,
    type: row.type,
    crypto_currency_code: row.cryptoCode,
    fiat_currency_code: row.fiatCurrencyCode,
    payment_method: ctx.data.methodById.get(row.paymentMethodId)?.slug ?? '',
    margin: row.margin ?? undefined,
    fixed_price: row.fixedPrice === null ? undefined : money(row.fixedPrice),
    range_min: isPredefined ? undefined : money(row.rangeMin),
    range_max: isPredefined ? undefined : money(row.rangeMax),
    predefined_amount: isPredefined ? row.predefinedAmounts.map(money) : undefined,
    new_buyer_limit: row.newBuyerMax === null ? undefined : money(row.newBuyerMax),
    payment_window: row.paymentWindow,
    offer_terms: row.offerTerms,
    trade_details: row.tradeDetails,
    payment_method_label: row.paymentMethodLabel,
    tags: ctx.tagIds.map((id) => ctx.data.tags.find((t) => t.id === id)?.slug).filter((s) => s !== undefined),
    requirements: requirementsOf(row).map((r) =>
      r.value === undefined
        ? { type: r.type as OfferBody['requirements'][number]['type'] }
        : {
            type: r.type as OfferBody['requirements'][number]['type'],
            value: r.value,
          },
    ),
    is_trusted_only: row.isTrustedOnly,
    country_list_mode: row.countryListMode,
    countries: row.countries,
    opening_hours: ctx.hours.map((h) => ({
      day: h.day,
      start_time: timeOf(h.startMinute),
      end_time: timeOf(h.endMinute),
      active: h.active,
    })),
    timezone: row.timezone,
    offer_cap: row.capAmount === null ? undefined : { amount: money(row.capAmount), active: row.capActive },
    gift_card_bin_codes: row.giftCardBinCodes,
    card_regions: row.cardRegions,
    flow_type: row.flowType,
    custom_rate: row.customRate ?? undefined,
    is_third_party_allowed: row.isThirdPartyAllowed,
    is_gift_code_check_enabled: row.isGiftCodeCheckEnabled,
    is_active: row.isActive,
    bank_accounts: ctx.paymentAccounts.bankAccounts.map((a) => a.id),
    mobile_money_wallets: ctx.paymentAccounts.mobileMoneyWallets.map((a) => a.id),
  };
}
