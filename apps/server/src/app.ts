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
import { appRoutes, createInitialStateBuilder, createNotFoundHandler } from './modules/app/index.js';

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
      setHeaders(res, filePath) {
        // Built assets carry a content hash in their name: cache them for good.
        if (filePath.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  const users = createUsersService(database.db);
  const throttle = new LoginThrottle(database.db, config.loginThrottle);
  const buildInitialState = createInitialStateBuilder(config, users);

  await app.register(appRoutes, { database, buildInitialState });
  await app.register(authRoutes, { users, throttle });
  await app.register(usersRoutes, { users });

  app.setNotFoundHandler(createNotFoundHandler(buildInitialState, config.webDistDir));
  return app;
}
