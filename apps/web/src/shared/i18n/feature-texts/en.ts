// The English texts of every feature area, one file each, mounted under its own top-level key
// (`t('wallet.title')`). This module is its own chunk: it loads beside the first page that needs it
// (feature-messages.ts), so the texts of pages a visitor never opens stay out of the first download.
import apiErrors from '../locales/en/apiErrors.json';
import auth from '../locales/en/auth.json';
import catalogue from '../locales/en/catalogue.json';
import validation from '../locales/en/validation.json';
import wallet from '../locales/en/wallet.json';
import offer from '../locales/en/offer.json';
import profile from '../locales/en/profile.json';
import trades from '../locales/en/trades.json';
import marketplace from '../locales/en/marketplace.json';
import offerManager from '../locales/en/offerManager.json';
import content from '../locales/en/content.json';
import admin from '../locales/en/admin.json';
import verification from '../locales/en/verification.json';
import security from '../locales/en/security.json';
import twoFactor from '../locales/en/twoFactor.json';
import settings from '../locales/en/settings.json';
import contacts from '../locales/en/contacts.json';
import paymentAccounts from '../locales/en/paymentAccounts.json';
import bankAccounts from '../locales/en/bankAccounts.json';
import apiKeys from '../locales/en/apiKeys.json';
import webhooks from '../locales/en/webhooks.json';
import account from '../locales/en/account.json';
import reserves from '../locales/en/reserves.json';

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
