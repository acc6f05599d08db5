import { DEFAULT_LOCALE, supportedLocales, type Locale } from '@app/contract';

export const isLocale = (value: string | undefined): value is Locale =>
  value !== undefined && (supportedLocales as readonly string[]).includes(value);

/** Locales that appear as a URL prefix: every one except the default, which has none. */
export const prefixedLocales = supportedLocales.filter((locale) => locale !== DEFAULT_LOCALE);

/** `/es/login` -> `es`; `/login` -> `en` (the default has no prefix). */
export function localeFromPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  return isLocale(first) && first !== DEFAULT_LOCALE ? first : DEFAULT_LOCALE;
}

/** `/es/login` -> `/login`; `/es` -> `/`. */
export function stripLocale(pathname: string): string {
  const locale = localeFromPath(pathname);
  if (locale === DEFAULT_LOCALE) return pathname || '/';
  const rest = pathname.slice(locale.length + 1);
  return rest === '' ? '/' : rest;
}

/** `/login` in `es` -> `/es/login`; `/` in `es` -> `/es`; any path in `en` stays as it is. */
export function localizePath(path: string, locale: Locale): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}

/** The same page in another language: `/es/register` -> `/register` for `en`. */
export function switchLocalePath(pathname: string, target: Locale): string {
  return localizePath(stripLocale(pathname), target);
}
