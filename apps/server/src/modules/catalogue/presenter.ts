import type {
  Country,
  Currency,
  Locale,
  LocalizedName,
  PaymentMethod,
  PaymentMethodDetail,
  PaymentMethodGroup,
  PaymentMethodShort,
  PopularPaymentMethods,
  Region,
  Tag,
} from '@app/contract';
import { DEFAULT_CURRENCY_CODE, popularGroupSlugs } from '@app/contract';
import type { CatalogueData } from './service.js';
import type {
  CountryRecord,
  CryptoRecord,
  CurrencyRecord,
  GroupRecord,
  PaymentMethodRecord,
  RegionRecord,
  TagRecord,
} from './repository.js';
import type { LocalizedNames } from './tables.js';

/** Rows -> the contract's shapes, in one locale. Pure functions: the routes cache what they return. */

/** `{ original: English, localized: <locale> }`, falling back to English for a missing translation. */
export function localizedName(names: LocalizedNames, locale: Locale): LocalizedName {
  const original = names.en ?? Object.values(names)[0] ?? '';
  return { original, localized: names[locale] ?? original };
}

/** Where the generated SVG badge of a method lives (see the icon route). */
export const iconUrlOf = (iconName: string) => `/rest/v2/payment-methods/icons/${iconName}.svg`;

/** A row of the picker list (`mode=short`). */
export function presentPaymentMethodShort(method: PaymentMethodRecord, locale: Locale): PaymentMethodShort {
  return {
    id: method.id,
    name: localizedName(method.names, locale),
    paymentMethodGroupId: method.groupId,
    slug: method.slug,
    // Offer counts arrive with the offers module; until then no method has offers.
    sellQuantity: 0,
    isBinCodeEnabled: method.isBinCodeEnabled,
    iconName: method.iconName,
  };
}

/** A method in the full list; the detail answer extends it. */
export function presentPaymentMethod(method: PaymentMethodRecord, locale: Locale): PaymentMethod {
  return {
    id: method.id,
    name: localizedName(method.names, locale),
    paymentMethodGroupId: method.groupId,
    slug: method.slug,
    originalName: method.originalName,
    buyOffersCount: 0,
    sellOffersCount: 0,
    isBinCodeEnabled: method.isBinCodeEnabled,
    iconName: method.iconName,
    iconUrl: iconUrlOf(method.iconName),
    isCountrySpecific: method.countries.length > 0,
    countries: method.countries,
  };
}

/** A group with its localized name and how many active methods it holds. */
export function presentGroup(group: GroupRecord, data: CatalogueData, locale: Locale): PaymentMethodGroup {
  return {
    id: group.id,
    slug: group.slug,
    name: localizedName(group.names, locale),
    paymentMethodsCount: group.id === 0 ? data.methods.length : (data.methodCountByGroup.get(group.id) ?? 0),
    order: group.sortOrder,
  };
}

/** A gift card region with its name in the locale. */
export function presentRegion(region: RegionRecord, locale: Locale): Region {
  return {
    id: region.id,
    slug: region.slug,
    name: localizedName(region.names, locale).localized,
    countries: region.countries,
  };
}

/** True when an offer with `method` may carry `tag`. */
export function tagFitsMethod(data: CatalogueData, tag: TagRecord, method: PaymentMethodRecord): boolean {
  return (
    tag.appliesToAll ||
    (data.tagGroupIds.get(tag.id)?.has(method.groupId) ?? false) ||
    (data.tagMethodIds.get(tag.id)?.has(method.id) ?? false)
  );
}

/** True when `tag` fits the group as a whole (the all-payment-methods pseudo-group fits every tag). */
export function tagFitsGroup(data: CatalogueData, tag: TagRecord, group: GroupRecord): boolean {
  return group.id === 0 || tag.appliesToAll || (data.tagGroupIds.get(tag.id)?.has(group.id) ?? false);
}

/** One method with its group, the tags that fit it, its gift card regions and the asked crypto. */
export function presentPaymentMethodDetail(
  method: PaymentMethodRecord,
  data: CatalogueData,
  locale: Locale,
  crypto: CryptoRecord | null,
): PaymentMethodDetail {
  const group = data.groupById.get(method.groupId);
  const isGiftCard = group?.slug === 'gift-cards';
  const regions = isGiftCard
    ? data.regions.filter(
        (r) =>
          method.countries.length === 0 ||
          r.countries.length === 0 ||
          r.countries.some((iso) => method.countries.includes(iso)),
      )
    : [];
  return {
    ...presentPaymentMethod(method, locale),
    group: {
      id: method.groupId,
      slug: group?.slug ?? '',
      name: group ? localizedName(group.names, locale) : { original: '', localized: '' },
    },
    tags: data.tags.filter((t) => tagFitsMethod(data, t, method)).map((t) => t.slug),
    regions: regions.map((r) => presentRegion(r, locale)),
    cryptoCurrency: crypto
      ? { id: crypto.id, code: crypto.code, buyOffersCount: 0, sellOffersCount: 0 }
      : null,
  };
}

/** Popular methods per side, by country and by group, skipping methods an operator hid. */
export function presentPopular(data: CatalogueData, locale: Locale): PopularPaymentMethods {
  const side = (name: 'buy' | 'sell') => {
    const country: Record<string, PaymentMethodShort[]> = {};
    const groups = Object.fromEntries(
      popularGroupSlugs.map((slug) => [slug, [] as PaymentMethodShort[]]),
    ) as Record<(typeof popularGroupSlugs)[number], PaymentMethodShort[]>;
    for (const row of data.popular) {
      if (row.side !== name) continue;
      const method = data.methodById.get(row.paymentMethodId);
      if (!method) continue; // hidden by an operator
      const item = presentPaymentMethodShort(method, locale);
      if (row.scope === 'country') (country[row.scopeKey] ??= []).push(item);
      else if ((popularGroupSlugs as readonly string[]).includes(row.scopeKey)) {
        groups[row.scopeKey as (typeof popularGroupSlugs)[number]].push(item);
      }
    }
    return { country, groups };
  };
  return { buy: side('buy'), sell: side('sell') };
}

/** A tradable currency; metals are flagged `isNonCurrency`. */
export function presentCurrency(currency: CurrencyRecord, locale: Locale): Currency {
  return {
    id: currency.id,
    code: currency.code,
    name: localizedName(currency.names, locale),
    precision: currency.precision,
    symbol: currency.symbol,
    isPopular: currency.popularOrder !== null,
    isNonCurrency: currency.kind === 'metal',
    counterCurrencyCode: DEFAULT_CURRENCY_CODE,
  };
}

/** A country: `name` localized, `originalName` English, `code` alpha-3. */
export function presentCountry(country: CountryRecord, locale: Locale): Country {
  const name = localizedName(country.names, locale);
  return {
    id: country.id,
    iso: country.iso,
    code: country.iso3,
    slug: country.slug,
    name: name.localized,
    originalName: name.original,
    phoneCode: country.phoneCode,
    currencyCode: country.currencyCode,
    isKycSupported: country.isKycSupported,
    isImportant: country.isImportant,
    isPhoneVerificationSupported: country.isPhoneVerificationSupported,
  };
}

/** A tag with its localized name and description and where it applies. */
export function presentTag(tag: TagRecord, data: CatalogueData, locale: Locale): Tag {
  const groupIds = data.tagGroupIds.get(tag.id) ?? new Set<number>();
  const methodIds = data.tagMethodIds.get(tag.id) ?? new Set<number>();
  return {
    id: tag.id,
    slug: tag.slug,
    name: localizedName(tag.names, locale),
    description: localizedName(tag.descriptions, locale),
    appliesToAll: tag.appliesToAll,
    groups: data.groups.filter((g) => groupIds.has(g.id)).map((g) => g.slug),
    paymentMethods: data.methods.filter((m) => methodIds.has(m.id)).map((m) => m.slug),
  };
}

/** Sorts by a localized label the way people of that language expect (accents, case). */
export function sortByLocalized<T>(items: T[], label: (item: T) => string, locale: Locale): T[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return [...items].sort((a, b) => collator.compare(label(a), label(b)));
}

/**
 * The name staff see for an offer's or a trade's method: the owner's own label, else the catalogue's
 * name, else its id (a method since hidden is no longer in the catalogue's active list).
 */
export function paymentMethodName(
  data: Pick<CatalogueData, 'methodById'>,
  id: number,
  label: string,
): string {
  return label || data.methodById.get(id)?.originalName || `#${id}`;
}
