/**
 * The disputes module: the moderators' queue, taking a dispute, evidence requests and awards (decision
 * 0021). It depends on trades (award, chat), feedback (counts) and audit; only app.ts imports it.
 */
export { createDisputesService, type DisputesService } from './service.js';
export { disputesRoutes } from './routes.js';
export { createAppealsService, type AppealsService } from './appeals-service.js';
export { appealsRoutes } from './appeals-routes.js';
