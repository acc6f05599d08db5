import { DEFAULT_LOCALE, supportedLocales, type Locale } from '@app/contract';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import es from './locales/es.json';

export const resources = {
  en: { translation: en },
  es: { translation: es },
} as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // English is the reference: a key missing there is a type error at the call site.
    resources: { translation: typeof en };
  }
}

/**
 * Creates the i18next instance. Resources are bundled (two small JSON files), so initialisation is
 * synchronous and the first render is already in the right language.
 */
export function createI18n(locale: Locale = DEFAULT_LOCALE): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...supportedLocales],
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
