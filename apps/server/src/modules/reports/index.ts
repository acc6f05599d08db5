/** Offer reports: the report-offer modal's endpoint, one report per user and offer, a daily limit. */
export { createReportsService, type ReportsService } from './service.js';
export { reportsRoutes } from './routes.js';
export { createReportsModerationService, type ReportsModerationService } from './moderation-service.js';
export { reportsRepository } from './repository.js';
export { createOfferAppealsService, type OfferAppealsService } from './offer-appeals-service.js';
