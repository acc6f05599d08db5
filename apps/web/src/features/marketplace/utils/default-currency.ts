import type { Country, Currency } from '@app/contract';

/** The marketplace's currency when nothing else tells us the viewer's. */
export const FALLBACK_CURRENCY = 'USD';

type Viewer = {
  /** The logged-in user's preferred currency (settings), or null for a visitor. */
  preferredCurrency: string | null;
  /** The logged-in user's country (ISO alpha-2), when known. */
  countryIso: string | null;
};

/** `es-AR` -> `AR`; `en` or `es-419` (a region that is not a country) -> null. */
export function regionOfLanguageTag(tag: string): string | null {
  try {
    const region = new Intl.Locale(tag).region;
    return region && /^[A-Z]{2}$/.test(region) ? region : null;
  } catch {
    return null;
  }
}

/**
 * The currency a marketplace without a chosen currency searches in (one market, not a mix of currencies
 * sorted by margin): the user's preferred currency; else the currency of their country; for a visitor,
 * the currency of the first browser language with a country region (`es-AR` -> ARS). Only currencies
 * the catalogue knows (and that are money, not metals); otherwise USD.
 */
export function defaultMarketCurrency(
  viewer: Viewer | null,
  languages: readonly string[],
  catalogue: { countries: readonly Country[]; currencies: readonly Currency[] },
): string {
  const known = (code: string | null | undefined): code is string =>
    Boolean(code) && catalogue.currencies.some((c) => c.code === code && !c.isNonCurrency);
  const currencyOfCountry = (iso: string | null) =>
    iso ? catalogue.countries.find((country) => country.iso === iso)?.currencyCode : undefined;
  if (viewer) {
    if (known(viewer.preferredCurrency)) return viewer.preferredCurrency;
    const ofCountry = currencyOfCountry(viewer.countryIso);
    if (known(ofCountry)) return ofCountry;
    return FALLBACK_CURRENCY;
  }
  for (const tag of languages) {
    const region = regionOfLanguageTag(tag);
    if (!region) continue;
    const ofRegion = currencyOfCountry(region);
    return known(ofRegion) ? ofRegion : FALLBACK_CURRENCY;
  }
  return FALLBACK_CURRENCY;
}

/** The browser's languages, most preferred first (`navigator.languages`, or `navigator.language`). */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}
