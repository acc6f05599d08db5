/**
 * Mobile money wallets: the phone numbers a seller receives fiat on (the catalogue's mobile-money group).
 * The offers module lists them on sell offers through `mobileMoneyRepository.ownedBy`, and deletions
 * read the offers' links by their SQL names, so this module never imports offers.
 */
export {
  mobileMoneyRepository,
  type MobileMoneyWalletRow,
  type OwnedMobileMoneyWallet,
} from './repository.js';
export { mobileMoneyWallets } from './tables.js';
export { createMobileMoneyService, type MobileMoneyService, type MobileMoneyWalletInput } from './service.js';
export { mobileMoneyRoutes } from './routes.js';
