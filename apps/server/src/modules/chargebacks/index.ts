/**
 * The chargebacks module: sellers' chargeback reports and their handling by staff (decision 0022). It
 * reads trades and users by their SQL names and writes account standing through the users module; only
 * app.ts imports it. The trade page reads a trade's latest chargeback status itself (trades repository).
 */
export { createChargebacksService, type ChargebacksService } from './service.js';
export { chargebacksRoutes } from './routes.js';
