/**
 * ID verification by an external identity service (issue 15, decision 0041): Sumsub's hosted pages and
 * its signed callbacks deciding the requests of kyc-requests; staff's manual review is the default.
 */
export { createKycProvider, type KycProviderService } from './service.js';
export { kycProviderRoutes } from './routes.js';
export { createSumsubClient, isSignedCallback, signedHeaders } from './sumsub.js';
