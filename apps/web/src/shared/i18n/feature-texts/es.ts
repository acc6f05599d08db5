// The Spanish texts of every feature area, one file each, mounted under its own top-level key
// (`t('wallet.title')`). This module is its own chunk: it loads beside the first page that needs it
// (feature-messages.ts), so the texts of pages a visitor never opens stay out of the first download.
import apiErrors from '../locales/es/apiErrors.json';
import auth from '../locales/es/auth.json';
import catalogue from '../locales/es/catalogue.json';
import validation from '../locales/es/validation.json';
import wallet from '../locales/es/wallet.json';
import offer from '../locales/es/offer.json';
import profile from '../locales/es/profile.json';
import trades from '../locales/es/trades.json';
import marketplace from '../locales/es/marketplace.json';
import offerManager from '../locales/es/offerManager.json';
import content from '../locales/es/content.json';
import admin from '../locales/es/admin.json';
import verification from '../locales/es/verification.json';
import security from '../locales/es/security.json';
import twoFactor from '../locales/es/twoFactor.json';
import settings from '../locales/es/settings.json';
import contacts from '../locales/es/contacts.json';
import paymentAccounts from '../locales/es/paymentAccounts.json';
import bankAccounts from '../locales/es/bankAccounts.json';
import apiKeys from '../locales/es/apiKeys.json';
import webhooks from '../locales/es/webhooks.json';
import account from '../locales/es/account.json';
import reserves from '../locales/es/reserves.json';

export const featureMessages = {
  auth,
  apiErrors,
  validation,
  catalogue,
  wallet,
  offer,
  profile,
  trades,
  marketplace,
  offerManager,
  content,
  admin,
  verification,
  security,
  twoFactor,
  settings,
  contacts,
  paymentAccounts,
  bankAccounts,
  apiKeys,
  webhooks,
  account,
  reserves,
};
