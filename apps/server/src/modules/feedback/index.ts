/** The feedback module: trade feedback (give, reply, read), offers' feedback lists, profile counts. */
export { createFeedbackService, type FeedbackService } from './service.js';
export { feedbackRoutes } from './routes.js';
export { feedbackCountsOf } from './repository.js';
