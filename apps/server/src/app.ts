import fs from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './platform/config.js';
import type { Database } from './platform/db/client.js';
import { envelope } from './platform/http/envelope.js';
import { sessionsPlugin } from './platform/auth/session.js';
import { LoginThrottle } from './platform/auth/login-throttle.js';
import { createUsersService, usersRoutes } from './modules/users/index.js';
import { authRoutes } from './modules/auth/index.js';
import { createLedger } from './modules/ledger/index.js';
import {
  createWalletService,
  SimulatedChain,
  walletRoutes,
  type WalletService,
} from './modules/wallet/index.js';
import { appRoutes, createInitialStateBuilder, createNotFoundHandler } from './modules/app/index.js';
import { catalogueRoutes, createCatalogueService } from './modules/catalogue/index.js';
import { createRatesProvider, createRatesService, ratesRoutes } from './modules/rates/index.js';
import { createOffersService, offersRepository, offersRoutes } from './modules/offers/index.js';
import { createInProcessBus, type EventBus } from './platform/events/bus.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The wallet service: `main.ts` drives the simulated chain's blocks through it. */
    wallet: WalletService;
    /** Domain events (trade status, chat messages) for the WebSocket gateway and other listeners. */
    events: EventBus;
  }
}

export type BuildAppOptions = {
  config: Config;
  database: Database;
  /** Pino logger options; tests pass `false` to keep output quiet. */
  logger?: boolean | object;
};

/**
 * Builds the HTTP application: platform plugins first (envelope, cookies, sessions, CSRF, docs), then
 * one plugin per domain module. No listening here, so tests drive it with `app.inject`.
 */
export async function buildApp({ config, database, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(envelope);
  await app.register(helmet, {
    // The shell carries one inline script (the initial state); everything else comes from 'self'.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: config.session.cookieSecure === true,
  });
  await app.register(cookie);
  await app.register(sessionsPlugin, { config, db: database.db });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'P2P Market API',
        version: '1.0.0',
        description: 'Every call answers { data } or { errors }.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  if (fs.existsSync(config.webDistDir)) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      index: false,
      wildcard: false,
      // index.html is only ever served through the shell renderer, with the state and CSRF token in it.
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders(res, filePath) {
        // Built assets carry a content hash in their name: cache them for good.
        if (filePath.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  const users = createUsersService(database.db);
  const throttle = new LoginThrottle(database.db, config.loginThrottle);
  const buildInitialState = createInitialStateBuilder(config, users);

  const events = createInProcessBus((error) => app.log.error({ err: error }, 'event listener failed'));
  app.decorate('events', events);
  app.addHook('onClose', () => events.close());

  await app.register(appRoutes, { database, buildInitialState });
  await app.register(authRoutes, { users, throttle });
  await app.register(usersRoutes, { users });

  const catalogue = createCatalogueService(database.db);
  const rates = createRatesService({
    db: database.db,
    provider: createRatesProvider(config),
    tickSeconds: config.rates.tickSeconds,
    log: app.log,
  });
  app.decorate('rates', rates);
  app.addHook('onClose', () => rates.stop());
  await app.register(catalogueRoutes, { catalogue });
  await app.register(ratesRoutes, { rates, catalogue });

  const ledger = createLedger(database.db);
  const wallet = createWalletService({
    db: database.db,
    ledger,
    catalogue,
    rates,
    chain: new SimulatedChain(config.wallet.confirmations),
    config,
    hooks: {
      // The bond stays while an active offer needs it (docs/decisions/0008-offers.md).
      hasActiveBondOffers: async (userId, cryptoCode) =>
        offersRepository.hasActiveInGroups(database.db, userId, cryptoCode, await offers.bondGroupIds()),
    },
  });
  app.decorate('wallet', wallet);
  await app.register(walletRoutes, { wallet });

  const offers = createOffersService({ db: database.db, catalogue, rates, ledger, wallet, config });
  await app.register(offersRoutes, { offers, db: database.db });

  app.setNotFoundHandler(createNotFoundHandler(buildInitialState, config.webDistDir));
  return app;
}
