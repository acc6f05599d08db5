import { DEFAULT_LOCALE, supportedLocales, type Locale } from '@app/contract';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from './locales/en.json';
import esCommon from './locales/es.json';
import enCatalogue from './locales/en/catalogue.json';
import esCatalogue from './locales/es/catalogue.json';
import enWallet from './locales/en/wallet.json';
import esWallet from './locales/es/wallet.json';
import enOffer from './locales/en/offer.json';
import esOffer from './locales/es/offer.json';
import enProfile from './locales/en/profile.json';
import esProfile from './locales/es/profile.json';
import enMarketplace from './locales/en/marketplace.json';
import esMarketplace from './locales/es/marketplace.json';
import enTrades from './locales/en/trades.json';
import esTrades from './locales/es/trades.json';
import enOfferManager from './locales/en/offerManager.json';
import esOfferManager from './locales/es/offerManager.json';
import enContent from './locales/en/content.json';
import esContent from './locales/es/content.json';
import enAdmin from './locales/en/admin.json';
import esAdmin from './locales/es/admin.json';
import enVerification from './locales/en/verification.json';
import esVerification from './locales/es/verification.json';
import enSecurity from './locales/en/security.json';
import esSecurity from './locales/es/security.json';
import enTwoFactor from './locales/en/twoFactor.json';
import esTwoFactor from './locales/es/twoFactor.json';
import enSettings from './locales/en/settings.json';
import esSettings from './locales/es/settings.json';
import enContacts from './locales/en/contacts.json';
import esContacts from './locales/es/contacts.json';
import enPaymentAccounts from './locales/en/paymentAccounts.json';
import esPaymentAccounts from './locales/es/paymentAccounts.json';
import enBankAccounts from './locales/en/bankAccounts.json';
import esBankAccounts from './locales/es/bankAccounts.json';
import enApiKeys from './locales/en/apiKeys.json';
import esApiKeys from './locales/es/apiKeys.json';
import enWebhooks from './locales/en/webhooks.json';
import esWebhooks from './locales/es/webhooks.json';

// One file per feature area keeps translations reviewable; each is mounted under its own top-level key
// (`t('wallet.title')`), and locales.test.ts checks every language has exactly the English keys.
const en = {
  ...enCommon,
  catalogue: enCatalogue,
  wallet: enWallet,
  offer: enOffer,
  profile: enProfile,
  trades: enTrades,
  marketplace: enMarketplace,
  offerManager: enOfferManager,
  content: enContent,
  admin: enAdmin,
  verification: enVerification,
  security: enSecurity,
  twoFactor: enTwoFactor,
  settings: enSettings,
  contacts: enContacts,
  paymentAccounts: enPaymentAccounts,
  bankAccounts: enBankAccounts,
  apiKeys: enApiKeys,
  webhooks: enWebhooks,
};
const es = {
  ...esCommon,
  catalogue: esCatalogue,
  wallet: esWallet,
  offer: esOffer,
  profile: esProfile,
  trades: esTrades,
  marketplace: esMarketplace,
  offerManager: esOfferManager,
  content: esContent,
  admin: esAdmin,
  verification: esVerification,
  security: esSecurity,
  twoFactor: esTwoFactor,
  settings: esSettings,
  contacts: esContacts,
  paymentAccounts: esPaymentAccounts,
  bankAccounts: esBankAccounts,
  apiKeys: esApiKeys,
  webhooks: esWebhooks,
};

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
