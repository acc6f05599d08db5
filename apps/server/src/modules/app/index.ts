export { appRoutes, createNotFoundHandler } from './routes.js';
export { createInitialStateBuilder, NAMED_ROUTES } from './initial-state.js';
