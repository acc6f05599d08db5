import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { supportedLocales, WORLDWIDE_COUNTRY } from '@app/contract';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Seed } from '../../platform/db/seed.js';
import { CURRENCIES, CURRENCY_NAME_OVERRIDES, POPULAR_CURRENCY_CODES } from './data/currencies.js';
import {
  COUNTRIES,
  COUNTRY_NAME_OVERRIDES,
  GIFT_CARD_REGIONS,
  IMPORTANT_ISOS,
  SANCTIONED_ISOS,
  UNINHABITED_ISOS,
} from './data/countries.js';
import { CRYPTO_CURRENCIES } from './data/crypto-currencies.js';
import { GROUPS } from './data/groups.js';
import { PAYMENT_METHODS } from './data/payment-methods.js';
import { POPULAR } from './data/popular.js';
import { TAGS } from './data/tags.js';
import {
  catalogueState,
  countries,
  cryptoCurrencies,
  fiatCurrencies,
  giftCardRegions,
  paymentMethodGroups,
  paymentMethods,
  popularPaymentMethods,
  tagGroups,
  tagPaymentMethods,
  tags,
  type LocalizedNames,
} from './tables.js';

const capitalize = (text: string, locale: string) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);

const displayNameCache = new Map<string, Intl.DisplayNames>();
/** ICU formatters are slow to build; one per locale and type. */
function displayNames(locale: string, type: 'currency' | 'region'): Intl.DisplayNames {
  const key = `${locale}:${type}`;
  let names = displayNameCache.get(key);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type, fallback: 'code' });
    displayNameCache.set(key, names);
  }
  return names;
}

/** `{ en, es }` from ICU display names, with hand-written overrides where ICU is poor. */
function icuNames(
  type: 'currency' | 'region',
  code: string,
  overrides: Record<string, { en: string; es: string }>,
): LocalizedNames {
  const override = overrides[code];
  return Object.fromEntries(
    supportedLocales.map((locale) => {
      const name = override?.[locale] ?? displayNames(locale, type).of(code) ?? code;
      return [locale, capitalize(name, locale)];
    }),
  );
}

function currencySymbol(code: string): string {
  const parts = new Intl.NumberFormat('en', {
    style: 'currency',
    currency: code,
    currencyDisplay: 'narrowSymbol',
  }).formatToParts(1);
  return parts.find((part) => part.type === 'currency')?.value ?? code;
}

/** `Côte d’Ivoire` -> `cote-d-ivoire`. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** `SET col = excluded.col` for every column but the key, so a re-run overwrites rows with the data files. */
function excludedSet(table: PgTable, keep: string[]): Record<string, SQL> {
  const set: Record<string, SQL> = {};
  for (const [property, column] of Object.entries(getTableColumns(table))) {
    if (keep.includes(property)) continue;
    set[property] = sql.raw(`excluded."${column.name}"`);
  }
  return set;
}

/** The rows the seed writes, built from the data files (exported for the integrity tests). */
export function buildCatalogueRows() {
  const groupRows = GROUPS.map((g) => ({
    id: g.id,
    slug: g.slug,
    names: { en: g.en, es: g.es },
    sortOrder: g.order,
  }));
  const methodRows = PAYMENT_METHODS.map((m) => ({
    id: m.id,
    slug: m.slug,
    originalName: m.en,
    names: { en: m.en, es: m.es },
    groupId: m.groupId,
    iconName: m.iconName,
    isBinCodeEnabled: m.isBinCodeEnabled,
    countries: m.countries,
    isActive: true,
    updatedAt: new Date(),
  }));
  const methodIdBySlug = new Map(PAYMENT_METHODS.map((m) => [m.slug, m.id]));
  const idOf = (slug: string): number => {
    const id = methodIdBySlug.get(slug);
    if (id === undefined) throw new Error(`catalogue data: unknown payment method slug "${slug}"`);
    return id;
  };
  const popularRows = (['buy', 'sell'] as const).flatMap((side) =>
    (['country', 'group'] as const).flatMap((scope) =>
      Object.entries(scope === 'country' ? POPULAR[side].country : POPULAR[side].groups).flatMap(
        ([key, slugs]) =>
          slugs.map((slug, position) => ({
            side,
            scope,
            scopeKey: key,
            position,
            paymentMethodId: idOf(slug),
          })),
      ),
    ),
  );
  const currencyRows = CURRENCIES.map(([id, code, numericCode, precision, kind]) => ({
    id,
    code,
    numericCode,
    names: icuNames('currency', code, CURRENCY_NAME_OVERRIDES),
    precision,
    symbol: currencySymbol(code),
    kind,
    popularOrder: POPULAR_CURRENCY_CODES.includes(code) ? POPULAR_CURRENCY_CODES.indexOf(code) + 1 : null,
  }));
  const countryRows = COUNTRIES.map((c) => {
    const names = icuNames('region', c.iso, COUNTRY_NAME_OVERRIDES);
    const important = IMPORTANT_ISOS.indexOf(c.iso);
    return {
      id: c.id,
      iso: c.iso,
      iso3: c.iso3,
      slug: slugify(names.en ?? c.iso),
      names,
      phoneCode: c.phoneCode,
      currencyCode: c.currencyCode,
      isKycSupported: !SANCTIONED_ISOS.has(c.iso) && !UNINHABITED_ISOS.has(c.iso),
      isImportant: important >= 0,
      importantOrder: important >= 0 ? important + 1 : null,
      isPhoneVerificationSupported: !SANCTIONED_ISOS.has(c.iso) && !UNINHABITED_ISOS.has(c.iso),
    };
  });
  countryRows.push({
    id: WORLDWIDE_COUNTRY.id,
    iso: WORLDWIDE_COUNTRY.iso,
    iso3: '',
    slug: WORLDWIDE_COUNTRY.slug,
    names: { en: 'Worldwide', es: 'Todo el mundo' },
    phoneCode: '',
    currencyCode: null,
    isKycSupported: false,
    isImportant: false,
    importantOrder: null,
    isPhoneVerificationSupported: false,
  });
  const regionRows = GIFT_CARD_REGIONS.map((r) => ({
    id: r.id,
    slug: r.slug,
    names: { en: r.en, es: r.es },
    countries: r.countries,
  }));
  const cryptoRows = CRYPTO_CURRENCIES.map((c) => ({
    id: c.id,
    code: c.code,
    urlParam: c.urlParam,
    fullName: c.fullName,
    shortName: c.shortName,
    icon: c.icon,
    decimals: c.decimals,
    formattingDecimalsCount: c.formattingDecimalsCount,
    isStablecoin: c.isStablecoin,
    isBlocked: c.isBlocked,
    excludedOfferFeatures: c.excludedOfferFeatures,
    sortOrder: c.order,
  }));
  const groupIdBySlug = new Map(GROUPS.map((g) => [g.slug, g.id]));
  const tagRows = TAGS.map((t) => ({
    id: t.id,
    slug: t.slug,
    names: t.name,
    descriptions: t.description,
    appliesToAll: t.appliesToAll,
  }));
  const tagGroupRows = TAGS.flatMap((t) =>
    t.groups.map((slug) => {
      const groupId = groupIdBySlug.get(slug);
      if (groupId === undefined) {
        throw new Error(`catalogue data: tag ${t.slug} names unknown group "${slug}"`);
      }
      return { tagId: t.id, groupId };
    }),
  );
  const tagMethodRows = TAGS.flatMap((t) =>
    t.paymentMethods.map((slug) => ({ tagId: t.id, paymentMethodId: idOf(slug) })),
  );
  return {
    groupRows,
    methodRows,
    popularRows,
    currencyRows,
    countryRows,
    regionRows,
    cryptoRows,
    tagRows,
    tagGroupRows,
    tagMethodRows,
  };
}

/** Writes the reference data as upserts: running it again (under a new seed name) re-syncs every row. */
export async function syncCatalogue(db: Db): Promise<void> {
  const rows = buildCatalogueRows();
  const id = ['id'];
  await db
    .insert(paymentMethodGroups)
    .values(rows.groupRows)
    .onConflictDoUpdate({ target: paymentMethodGroups.id, set: excludedSet(paymentMethodGroups, id) });
  await db
    .insert(paymentMethods)
    .values(rows.methodRows)
    .onConflictDoUpdate({ target: paymentMethods.id, set: excludedSet(paymentMethods, [...id, 'isActive']) });
  await db
    .insert(fiatCurrencies)
    .values(rows.currencyRows)
    .onConflictDoUpdate({ target: fiatCurrencies.id, set: excludedSet(fiatCurrencies, id) });
  await db
    .insert(countries)
    .values(rows.countryRows)
    .onConflictDoUpdate({ target: countries.id, set: excludedSet(countries, id) });
  await db
    .insert(giftCardRegions)
    .values(rows.regionRows)
    .onConflictDoUpdate({ target: giftCardRegions.id, set: excludedSet(giftCardRegions, id) });
  await db
    .insert(cryptoCurrencies)
    .values(rows.cryptoRows)
    .onConflictDoUpdate({ target: cryptoCurrencies.id, set: excludedSet(cryptoCurrencies, id) });
  await db
    .insert(tags)
    .values(rows.tagRows)
    .onConflictDoUpdate({ target: tags.id, set: excludedSet(tags, id) });
  // Link tables and popular lists are small and fully owned by the data files: replace them.
  await db.delete(tagGroups);
  await db.delete(tagPaymentMethods);
  await db.delete(popularPaymentMethods);
  await db.insert(tagGroups).values(rows.tagGroupRows);
  if (rows.tagMethodRows.length > 0) await db.insert(tagPaymentMethods).values(rows.tagMethodRows);
  await db.insert(popularPaymentMethods).values(rows.popularRows);
  await bumpCatalogueVersion(db);
}

/** Marks the reference data changed so every instance reloads it. */
export async function bumpCatalogueVersion(db: DbOrTx): Promise<void> {
  await db
    .insert(catalogueState)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({
      target: catalogueState.id,
      set: { version: sql`${catalogueState.version} + 1`, updatedAt: new Date() },
    });
}

/** Reference data; bump the name (catalogue-v2, ...) after editing a data file to re-sync on next start. */
export const catalogueSeed: Seed = {
  name: 'catalogue-v1',
  demo: false,
  run: syncCatalogue,
};
