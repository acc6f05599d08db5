import { DEFAULT_LOCALE, type Locale } from '@app/contract';
import type { i18n as I18n } from 'i18next';
import type enCommon from './locales/en.json';
import type { featureMessages } from './feature-texts/en';

/** The texts the shell and the home page use (locales/<lang>.json; English is the reference). */
export type CommonMessages = typeof enCommon;
/** Every feature area's texts in one language (feature-texts/en.ts is the reference). */
export type FeatureMessages = typeof featureMessages;

/**
 * How a language's texts reach the browser. English common texts are in the main bundle (the default
 * and the fallback); another language's common texts are a small chunk bootstrap waits for before the
 * first render. Every language's feature texts are one chunk, loaded beside the first page that needs
 * them (lazyPage); switching language waits for both (LocaleLayout).
 */
const commonLoaders: Record<Locale, () => Promise<{ default: CommonMessages }>> = {
  en: () => import('./locales/en.json'),
  es: () => import('./locales/es.json'),
};
const featureLoaders: Record<Locale, () => Promise<{ featureMessages: FeatureMessages }>> = {
  en: () => import('./feature-texts/en'),
  es: () => import('./feature-texts/es'),
};

const loads = new WeakMap<I18n, Map<Locale, Promise<void>>>();
let appInstance: I18n | undefined;

/** The instance the app renders with (set by createI18n), for loaders that run outside React. */
export function setAppI18n(i18n: I18n): void {
  appInstance = i18n;
}

/** One language's common texts (a no-op network-wise for English, which the main bundle holds). */
export async function loadCommonMessages(locale: Locale): Promise<CommonMessages> {
  return (await commonLoaders[locale]()).default;
}

/**
 * Adds a language's texts to an instance: its common texts when it has none yet, and its feature
 * texts. The same promise for every later call.
 */
export function loadLanguage(i18n: I18n, locale: Locale): Promise<void> {
  let byLocale = loads.get(i18n);
  if (!byLocale) loads.set(i18n, (byLocale = new Map()));
  let load = byLocale.get(locale);
  if (!load) {
    const common =
      locale === DEFAULT_LOCALE || i18n.hasResourceBundle(locale, 'translation')
        ? Promise.resolve()
        : loadCommonMessages(locale).then((messages) =>
            i18n.addResourceBundle(locale, 'translation', messages, true, false),
          );
    load = Promise.all([common, featureLoaders[locale]()]).then(([, { featureMessages }]) => {
      i18n.addResourceBundle(locale, 'translation', featureMessages, true, true);
    });
    // A failed load may be retried (the page's reload modal says so); a cached rejection would stick.
    load.catch(() => byLocale.delete(locale));
    byLocale.set(locale, load);
  }
  return load;
}

/** Marks languages an instance was created with in full (tests) as loaded. */
export function markLanguageLoaded(i18n: I18n, locale: Locale): void {
  if (!loads.has(i18n)) loads.set(i18n, new Map());
  loads.get(i18n)?.set(locale, Promise.resolve());
}

/** The app's current language's texts: what a lazily loaded page waits for beside its code. */
export function loadAppLanguage(): Promise<void> {
  if (!appInstance) return Promise.resolve();
  return loadLanguage(appInstance, appInstance.language as Locale);
}
