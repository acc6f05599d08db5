export { appRoutes, createNotFoundHandler } from './routes.js';
export { APP_NAME, createInitialStateBuilder, NAMED_ROUTES } from './initial-state.js';
