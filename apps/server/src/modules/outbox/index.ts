/** The console's outbox: every mail and SMS the platform sent or keeps (decision 0025). */
export { outboxRoutes } from './routes.js';
