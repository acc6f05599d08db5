import { DEFAULT_LOCALE, supportedLocales, type Locale } from '@app/contract';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from './locales/en.json';
import {
  loadLanguage,
  markLanguageLoaded,
  setAppI18n,
  type CommonMessages,
  type FeatureMessages,
} from './feature-messages';

/**
 * English common texts (shell, home page, errors, API errors) are bundled; the rest arrives in chunks
 * (feature-messages.ts). locales.test.ts checks every language has exactly the English keys.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // English is the reference: a key missing there is a type error at the call site.
    resources: { translation: CommonMessages & FeatureMessages };
  }
}

type CreateI18nOptions = {
  /** Texts already at hand per language: bootstrap's loaded common texts, or every text (tests). */
  messages?: Partial<Record<Locale, Partial<CommonMessages & FeatureMessages>>>;
  /** The messages given are complete: nothing is loaded afterwards (tests). */
  complete?: boolean;
};

/**
 * Creates the i18next instance. With the language's common texts at hand, initialisation is
 * synchronous and the shell's first render is already in the right language; the language's feature
 * texts start loading at once, beside the first page's chunk.
 */
export function createI18n(locale: Locale = DEFAULT_LOCALE, options: CreateI18nOptions = {}): I18n {
  const instance = i18next.createInstance();
  // Only languages with texts at hand: one without gets them from loadLanguage (common texts included).
  const resources = Object.fromEntries(
    supportedLocales.flatMap((lng) => {
      const given = options.messages?.[lng];
      if (lng === DEFAULT_LOCALE) return [[lng, { translation: { ...enCommon, ...given } }]];
      return given ? [[lng, { translation: given }]] : [];
    }),
  );
  void instance.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...supportedLocales],
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  setAppI18n(instance);
  if (options.complete) {
    for (const lng of supportedLocales) markLanguageLoaded(instance, lng);
  } else {
    void loadLanguage(instance, locale).catch(() => {});
  }
  return instance;
}
