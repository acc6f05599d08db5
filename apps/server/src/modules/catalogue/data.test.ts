import { describe, expect, it } from 'vitest';
import {
  catalogueGroupSlugs,
  CRYPTO_IDS,
  DEFAULT_CURRENCY_ID,
  NON_CURRENCY_CODES,
  PAYMENT_CATEGORY_IDS,
  paymentMethodGroupSlugs,
  supportedLocales,
  tagSlugs,
  WORLDWIDE_COUNTRY,
} from '@app/contract';
import { CURRENCIES } from './data/currencies.js';
import { COUNTRIES } from './data/countries.js';
import { PAYMENT_METHODS } from './data/payment-methods.js';
import { buildCatalogueRows } from './seed.js';

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const rows = buildCatalogueRows();

const duplicates = <T>(values: T[]) => values.filter((value, index) => values.indexOf(value) !== index);

describe('catalogue data files', () => {
  it('should hold at least 300 payment methods with unique ids and unique kebab-case slugs', () => {
    expect(PAYMENT_METHODS.length).toBeGreaterThanOrEqual(300);
    expect(duplicates(PAYMENT_METHODS.map((m) => m.id))).toEqual([]);
    expect(duplicates(PAYMENT_METHODS.map((m) => m.slug))).toEqual([]);
    expect(PAYMENT_METHODS.filter((m) => !KEBAB.test(m.slug)).map((m) => m.slug)).toEqual([]);
    expect(PAYMENT_METHODS.every((m) => Number.isInteger(m.id) && m.id > 0)).toBe(true);
  });

  it('should put every method in a real group (never the all-payment-methods pseudo-group)', () => {
    const groupIds = new Set(rows.groupRows.filter((g) => g.id !== 0).map((g) => g.id));
    expect(rows.methodRows.filter((m) => !groupIds.has(m.groupId))).toEqual([]);
    // Every real group has methods, so every picker tab has content.
    for (const id of groupIds) expect(rows.methodRows.some((m) => m.groupId === id)).toBe(true);
  });

  it('should have the spec group slugs and the payment category ids', () => {
    const slugs = rows.groupRows.map((g) => g.slug);
    for (const slug of paymentMethodGroupSlugs) expect(slugs).toContain(slug);
    // The contract lists every group (the web app translates their names by slug).
    expect(slugs).toEqual([...catalogueGroupSlugs]);
    const idOf = (slug: string) => rows.groupRows.find((g) => g.slug === slug)?.id;
    expect(idOf('gift-cards')).toBe(PAYMENT_CATEGORY_IDS.giftCards);
    expect(idOf('cash-deposits')).toBe(2);
    expect(idOf('online-transfers')).toBe(3);
    expect(idOf('debitcredit-cards')).toBe(4);
    expect(idOf('bank-transfers')).toBe(5);
    expect(idOf('digital-currencies')).toBe(6);
    expect(idOf('goods-and-services')).toBe(7);
    expect(idOf('mobile-money')).toBe(8);
    expect(idOf('assets')).toBe(43);
  });

  it('should name only real countries in country-specific methods', () => {
    const isos = new Set(COUNTRIES.map((c) => c.iso));
    const bad = PAYMENT_METHODS.flatMap((m) =>
      m.countries.filter((iso) => !isos.has(iso)).map((iso) => `${m.slug}:${iso}`),
    );
    expect(bad).toEqual([]);
  });

  it('should carry the full ISO 4217 list with stable ids, USD being 144', () => {
    expect(CURRENCIES.length).toBeGreaterThanOrEqual(170);
    expect(duplicates(CURRENCIES.map(([id]) => id))).toEqual([]);
    expect(duplicates(CURRENCIES.map(([, code]) => code))).toEqual([]);
    expect(CURRENCIES.find(([, code]) => code === 'USD')?.[0]).toBe(DEFAULT_CURRENCY_ID);
    for (const code of ['EUR', 'GBP', 'NGN', 'JPY', 'KWD', 'VES', 'XOF']) {
      expect(CURRENCIES.some(([, c]) => c === code)).toBe(true);
    }
    const precision = (code: string) => CURRENCIES.find(([, c]) => c === code)?.[3];
    expect([precision('JPY'), precision('USD'), precision('KWD')]).toEqual([0, 2, 3]);
    for (const code of NON_CURRENCY_CODES) expect(CURRENCIES.find(([, c]) => c === code)?.[4]).toBe('metal');
  });

  it('should carry all 249 ISO 3166 countries plus WORLDWIDE with id 9999', () => {
    const real = rows.countryRows.filter((c) => c.iso !== WORLDWIDE_COUNTRY.iso);
    expect(real.length).toBeGreaterThanOrEqual(249);
    expect(duplicates(rows.countryRows.map((c) => c.id))).toEqual([]);
    expect(duplicates(rows.countryRows.map((c) => c.iso))).toEqual([]);
    expect(duplicates(rows.countryRows.map((c) => c.slug))).toEqual([]);
    expect(real.every((c) => /^[A-Z]{2}$/.test(c.iso) && /^[A-Z]{3}$/.test(c.iso3))).toBe(true);
    const worldwide = rows.countryRows.find((c) => c.iso === 'WORLDWIDE');
    expect(worldwide).toMatchObject({ id: 9999, slug: 'worldwide' });
    expect(rows.countryRows.find((c) => c.iso === 'US')).toMatchObject({
      id: 840,
      iso3: 'USA',
      phoneCode: '1',
    });
  });

  it('should give every country a currency that exists in the currency table', () => {
    const codes = new Set(CURRENCIES.map(([, code]) => code));
    expect(COUNTRIES.filter((c) => c.currencyCode !== null && !codes.has(c.currencyCode))).toEqual([]);
  });

  it('should have a name in every shipped locale for every method, group, currency, country, region and tag', () => {
    const named = [
      ...rows.methodRows.map((r) => ['method', r.slug, r.names] as const),
      ...rows.groupRows.map((r) => ['group', r.slug, r.names] as const),
      ...rows.currencyRows.map((r) => ['currency', r.code, r.names] as const),
      ...rows.countryRows.map((r) => ['country', r.iso, r.names] as const),
      ...rows.regionRows.map((r) => ['region', r.slug, r.names] as const),
      ...rows.tagRows.map((r) => ['tag', r.slug, r.names] as const),
      ...rows.tagRows.map((r) => ['tag description', r.slug, r.descriptions] as const),
    ];
    const missing = named.flatMap(([kind, key, names]) =>
      supportedLocales
        .filter((locale) => !(names as Record<string, string>)[locale]?.trim())
        .map((l) => `${kind} ${key} ${l}`),
    );
    expect(missing).toEqual([]);
    // ICU really translated: a Spanish country name differs from the English one.
    expect(rows.countryRows.find((c) => c.iso === 'DE')?.names).toEqual({ en: 'Germany', es: 'Alemania' });
    expect(rows.currencyRows.find((c) => c.code === 'USD')?.names.es).toBe('Dólar estadounidense');
  });

  it('should have the 28 tags of the spec, each applying to something', () => {
    expect(rows.tagRows.map((t) => t.slug)).toEqual([...tagSlugs]);
    for (const tag of rows.tagRows) {
      const scoped =
        tag.appliesToAll ||
        rows.tagGroupRows.some((l) => l.tagId === tag.id) ||
        rows.tagMethodRows.some((l) => l.tagId === tag.id);
      expect(scoped, tag.slug).toBe(true);
    }
  });

  it('should have BTC 8, ETH 9 and USDT 6 with their decimals, plus USDC and XMR', () => {
    const bySymbol = new Map(rows.cryptoRows.map((c) => [c.code, c]));
    expect(bySymbol.get('BTC')).toMatchObject({ id: CRYPTO_IDS.BTC, decimals: 8 });
    expect(bySymbol.get('ETH')).toMatchObject({ id: CRYPTO_IDS.ETH, decimals: 18 });
    expect(bySymbol.get('USDT')).toMatchObject({ id: CRYPTO_IDS.USDT, decimals: 6, isStablecoin: true });
    expect(bySymbol.get('USDC')).toMatchObject({ isStablecoin: true });
    expect(bySymbol.get('XMR')?.excludedOfferFeatures.length).toBeGreaterThan(0);
  });

  it('should point popular lists at existing methods, for both sides and the six groups', () => {
    for (const side of ['buy', 'sell'] as const) {
      const groups = new Set(
        rows.popularRows.filter((r) => r.side === side && r.scope === 'group').map((r) => r.scopeKey),
      );
      expect([...groups].sort()).toEqual(
        [
          'bank-transfers',
          'cash-deposits',
          'debitcredit-cards',
          'digital-currencies',
          'gift-cards',
          'online-transfers',
        ].sort(),
      );
      expect(
        rows.popularRows.some((r) => r.side === side && r.scope === 'country' && r.scopeKey === 'WORLDWIDE'),
      ).toBe(true);
    }
  });
});
