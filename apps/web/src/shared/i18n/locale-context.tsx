import { DEFAULT_LOCALE, type Locale } from '@app/contract';
import { createContext, useCallback, useContext } from 'react';
import { localizePath } from './locale-path';

const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);

/** Provided by the locale branch of the router (`/` for English, `/es` for Spanish). */
export const LocaleProvider = LocaleContext.Provider;

export function useLocale(): Locale {
  return useContext(LocaleContext);
}

/** Returns a function that adds the current locale's prefix to an unprefixed path. */
export function useLocalizePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}
