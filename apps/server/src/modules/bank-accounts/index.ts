/**
 * Bank accounts (issue 14, decision 0034): where a seller receives bank transfers. Offers attach them
 * (`offer_payment_accounts`, owned by the offers module) and trades copy them; both read the rows through
 * `bankAccountsRepository.ownedBy`.
 */
export { bankAccounts, type SwiftRecipient } from './tables.js';
export { bankAccountsRepository, type BankAccountRow } from './repository.js';
export { createBankAccountsService, type BankAccountsService, BANK_ACCOUNTS_MAX } from './service.js';
export { bankAccountsRoutes } from './routes.js';
