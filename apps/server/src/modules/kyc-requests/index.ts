/**
 * Identity verification requests (issue 15, decision 0038): ID (document and selfie), proof of address,
 * video call, company; uploads checked by content and kept in the private documents store; the staff
 * review (approve, deny, ask for a new document), audited; erasure after the retention period. An
 * approval writes what it proves through the kyc module, which derives the level.
 */
export { createKycRequestsService, type KycRequestsService } from './service.js';
export { kycRequestsRoutes } from './routes.js';
export { verificationDocuments, verificationRequests } from './tables.js';
