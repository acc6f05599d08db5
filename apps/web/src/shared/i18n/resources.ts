import enCommon from './locales/en.json';
import esCommon from './locales/es.json';
import { featureMessages as enFeatures } from './feature-texts/en';
import { featureMessages as esFeatures } from './feature-texts/es';

/**
 * Every text of every language at once, as the app has them once a language's chunk has loaded: for
 * the tests (key parity, error texts, rendering without waiting for a chunk), never for the browser.
 */
export const resources = {
  en: { translation: { ...enCommon, ...enFeatures } },
  es: { translation: { ...esCommon, ...esFeatures } },
} as const;
