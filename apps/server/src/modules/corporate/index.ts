/**
 * Corporate accounts (issue 15, decision 0040): a trader account converted into a company's, its
 * application's status read from its company verification (kyc-requests), the names it shows.
 */
export { createCorporateService, type CorporateService } from './service.js';
export { corporateRoutes } from './routes.js';
export { corporateAccounts } from './tables.js';
