export { appRoutes, createNotFoundHandler } from './routes.js';
export { APP_NAME, createInitialStateBuilder, NAMED_ROUTES } from './initial-state.js';
export { ACCOUNT_CHANGED_EVENT, createUserReads } from './user-reads.js';
