import { describe, expect, it } from 'vitest';
import { buildCountry, buildCurrency, WORLDWIDE } from '@/features/catalogue/testing/factories';
import { defaultMarketCurrency, regionOfLanguageTag } from './default-currency';

const catalogue = {
  countries: [
    WORLDWIDE,
    { ...buildCountry('AR', 'Argentina'), currencyCode: 'ARS' },
    { ...buildCountry('DE', 'Germany'), currencyCode: 'EUR' },
    // A country whose currency the catalogue does not list.
    { ...buildCountry('ZW', 'Zimbabwe'), currencyCode: 'ZWL' },
  ],
  currencies: [
    buildCurrency('ARS', 'Argentine Peso'),
    buildCurrency('EUR', 'Euro'),
    buildCurrency('USD', 'US Dollar'),
    buildCurrency('XAU', 'Gold', { isNonCurrency: true }),
  ],
};

describe('the marketplace currency when the address names none', () => {
  it("should take a logged-in user's preferred currency, else their country's, else USD", () => {
    expect(defaultMarketCurrency({ preferredCurrency: 'EUR', countryIso: 'AR' }, ['es-AR'], catalogue)).toBe(
      'EUR',
    );
    expect(defaultMarketCurrency({ preferredCurrency: 'QQQ', countryIso: 'AR' }, [], catalogue)).toBe('ARS');
    expect(defaultMarketCurrency({ preferredCurrency: 'XAU', countryIso: null }, [], catalogue)).toBe('USD');
    // The browser's language is a visitor's hint only: the account says more.
    expect(defaultMarketCurrency({ preferredCurrency: null, countryIso: null }, ['es-AR'], catalogue)).toBe(
      'USD',
    );
  });

  it("should take a visitor's currency from the first browser language with a country", () => {
    expect(defaultMarketCurrency(null, ['es-AR', 'en-US'], catalogue)).toBe('ARS');
    expect(defaultMarketCurrency(null, ['de', 'de-DE'], catalogue)).toBe('EUR');
    expect(defaultMarketCurrency(null, ['es-419', 'es'], catalogue)).toBe('USD');
    // A region the catalogue has no (listed) currency for: USD, not the next language.
    expect(defaultMarketCurrency(null, ['sn-ZW', 'de-DE'], catalogue)).toBe('USD');
    expect(defaultMarketCurrency(null, ['en-GB'], catalogue)).toBe('USD');
    expect(defaultMarketCurrency(null, [], catalogue)).toBe('USD');
  });

  it('should read the region of a language tag, ignoring numeric regions and bad tags', () => {
    expect(regionOfLanguageTag('es-AR')).toBe('AR');
    expect(regionOfLanguageTag('zh-Hant-TW')).toBe('TW');
    expect(regionOfLanguageTag('es-419')).toBeNull();
    expect(regionOfLanguageTag('en')).toBeNull();
    expect(regionOfLanguageTag('not a tag')).toBeNull();
  });
});
