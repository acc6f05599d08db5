import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope, initialStateSchema, supportedLocales } from '@app/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import type { InitialStateBuilder } from './initial-state.js';
import { createShellRenderer } from './html-shell.js';

export type AppRoutesOptions = { database: Database; buildInitialState: InitialStateBuilder };

/** Paths that belong to the API or the platform: an unknown one answers 404 JSON, never the SPA. */
const API_PREFIXES = ['/rest/', '/docs', '/healthz', '/readyz', '/proxy/', '/auth/', '/account/'];

export const appRoutes: FastifyPluginAsyncZod<AppRoutesOptions> = async (
  app,
  { database, buildInitialState },
) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['platform'],
        summary: 'The process is up',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['platform'],
        summary: 'The database answers',
        response: { 200: z.object({ status: z.literal('ready'), database: z.string() }) },
      },
    },
    async () => {
      try {
        await database.ping();
      } catch {
        throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The database is not reachable');
      }
      return { status: 'ready' as const, database: database.kind };
    },
  );

  app.get(
    '/rest/v1/app/initial-state',
    {
      schema: {
        tags: ['platform'],
        summary: 'The state the HTML shell embeds (for clients that render it themselves)',
        response: { 200: dataEnvelope(initialStateSchema) },
      },
    },
    async (request, reply) => ({ data: await buildInitialState(request, reply) }),
  );
};

/**
 * The not-found handler: any GET that wants HTML is a client-side route, so it gets the SPA shell with
 * its initial state; everything else (API paths, other methods) gets the 404 envelope.
 */
export function createNotFoundHandler(buildInitialState: InitialStateBuilder, webDistDir: string) {
  const shell = createShellRenderer(webDistDir);
  return async function notFound(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (!wantsHtml || API_PREFIXES.some((prefix) => pathname.startsWith(prefix))) {
      return reply.code(404).send({
        errors: [{ message: `No route ${request.method} ${pathname}`, code: 'ROUTE_NOT_FOUND' }],
      });
    }
    const first = pathname.split('/')[1] ?? '';
    const locale = (supportedLocales as readonly string[]).includes(first) ? first : 'en';
    const colorScheme = request.cookies.theme === 'dark' ? 'dark' : 'light';
    const state = await buildInitialState(request, reply);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(shell.render({ state, locale, colorScheme, nonce: reply.scriptNonce }));
  };
}
