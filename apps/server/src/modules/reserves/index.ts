export { reservesRoutes, type ReservesRoutesOptions } from './routes.js';
export { reservesAdminCommands } from './admin.js';
export { startReservesPublication } from './job.js';
export { publishReserves, reservesMessage, type PublishResult } from './publish.js';
export { reconcile, formatReconciliation, type Reconciliation } from './reconcile.js';
export { custodyOverview } from './custody.js';
