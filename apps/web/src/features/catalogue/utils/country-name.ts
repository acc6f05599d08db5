const regionNames = new Map<string, Intl.DisplayNames>();

/**
 * A country's name in `locale` from its ISO 3166-1 alpha-2 code (`DE` -> `Alemania` in Spanish), with
 * `fallback` (the server's name) for what Intl does not name: the `WORLDWIDE` pseudo-country, a code it
 * does not know, or a runtime without region names.
 */
export function countryName(iso: string, locale: string, fallback: string): string {
  try {
    let names = regionNames.get(locale);
    if (!names) {
      names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
      regionNames.set(locale, names);
    }
    return names.of(iso.toUpperCase()) ?? fallback;
  } catch {
    // RangeError: not a region code (e.g. `WORLDWIDE`).
    return fallback;
  }
}
