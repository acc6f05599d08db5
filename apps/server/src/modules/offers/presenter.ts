import { formatDecimal, parseDecimal, rescale } from '@app/contract';
import type { CatalogueData } from '../catalogue/index.js';
import type { OfferRow, SearchRow } from './repository.js';

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
 * The owner as a listing card shows them. Feedback, badges and trade statistics come from trades and
 * feedback, which do not exist yet: the counts are the true zeros until those issues land.
 */
function ownerCard(row: { ownerUsername: string; ownerCountry: string | null; ownerOnline: boolean }) {
  return {
    username: row.ownerUsername,
    avatarUrl: null,
    status: row.ownerOnline ? 'online' : 'offline',
    feedbackPositive: 0,
    feedbackNegative: 0,
    badge: null,
    monthlyTradeStats: { trades: 0, partners: 0 },
    country: row.ownerCountry,
  };
}

/** The spec's offer listing card. */
export function presentListing(
  row: SearchRow,
  ctx: { data: CatalogueData; tagIds: number[]; price: { fiat: string | null; usd: string | null } },
) {
  const method = ctx.data.methodById.get(row.paymentMethodId);
  const country = row.ownerCountry ? ctx.data.countries.find((c) => c.iso === row.ownerCountry) : undefined;
  return {
    hash: row.hash,
    type: row.type,
    owner: ownerCard(row),
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
    bankAccounts: [],
    manualEscrowFee: null,
    pinnedPosition: null,
  };
}
