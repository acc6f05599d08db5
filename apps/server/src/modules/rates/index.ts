/**
 * The rates module's public surface: the service (cache + ticker), the providers, the routes and the
 * seed. `buildApp` decorates the Fastify instance with `rates` so `main.ts` can start the ticker.
 */
import type { RatesService } from './service.js';

export { createRatesService, fiatPerUnit, type RatesService, type RatesView } from './service.js';
export { createRatesProvider } from './provider-factory.js';
export type { RatesProvider, RateQuote, SnapshotContext, StoredRate } from './provider.js';
export { SimulatedMarketProvider } from './simulated-provider.js';
export { HttpTickerProvider } from './http-provider.js';
export { ratesRoutes } from './routes.js';
export { ratesSeed, seedRates } from './seed.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Market rates: `app.rates.start()` runs the ticker (main.ts); it stops when the app closes. */
    rates: RatesService;
  }
}
