import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataEnvelope,
  initialStateSchema,
  supportedLocales,
  type ContentPageSlug,
  type Locale,
} from '@app/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import type { InitialStateBuilder } from './initial-state.js';
import { createShellRenderer, withDocumentTitle } from './html-shell.js';
import { contentPageOfPath } from './page-titles.js';
import type { UserReadCache } from '../../platform/cache/user-reads.js';
import { sendKeptAnswer } from '../../platform/http/kept-answer.js';

/** "<page> · <product>", the way the web app titles its pages ("About P2P Market" stays as is). */
const documentTitle = (page: string, appName: string) =>
  page.includes(appName) ? page : `${page} · ${appName}`;

/** A content page's title in a language (the content module answers it). */
export type PageTitleReader = (slug: ContentPageSlug, locale: Locale) => Promise<string>;

export type AppRoutesOptions = {
  database: Database;
  buildInitialState: InitialStateBuilder;
  /** A logged-in session's state is kept with the user's own reads (its token is the session's). */
  userReads: UserReadCache;
};

/**
 * Paths that belong to the API or the platform: an unknown one answers 404 JSON, never the SPA. Not
 * `/account/`: the spec has pages there (`/account/verification`, `/account/verify-email`) beside its
 * POST calls, and a POST never gets the shell anyway.
 */
const API_PREFIXES = ['/rest/', '/docs', '/healthz', '/readyz', '/proxy/', '/auth/'];

export const appRoutes: FastifyPluginAsyncZod<AppRoutesOptions> = async (
  app,
  { database, buildInitialState, userReads },
) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['platform'],
        summary: 'The process is up',
        description:
          "Liveness: answers `{ status: 'ok' }` while the process runs, without touching the database. Public; for load balancers and process managers.",
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
        description:
          "Readiness: answers `{ status: 'ready', database }` (`pglite` or `postgres`) once the database answers a ping, 503 `SERVICE_UNAVAILABLE` when it does not. Public; route traffic here only while it answers 200.",
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
        description:
          "What the web app starts from: the product's name, environment, languages and defaults, a maintenance notice, the enabled feature flags, the client's routes, the CSRF token and, when logged in, the current user (else null). The HTML shell embeds the same object. Public; answers more to a logged-in caller.",
        response: { 200: dataEnvelope(initialStateSchema) },
      },
    },
    async (request, reply) => {
      const { user, session } = request;
      const build = async () => ({ data: await buildInitialState(request, reply) });
      // A visitor's answer may set a new anonymous token: built every time.
      if (!user || !session) return build();
      return sendKeptAnswer(userReads, reply, user.id, `initial-state:${session.id}`, build);
    },
  );
};

/**
 * The not-found handler: any GET that wants HTML is a client-side route, so it gets the SPA shell with
 * its initial state and a `<title>` (a content page's own, else the product name); everything else (API
 * paths, other methods) gets the 404 envelope.
 */
export function createNotFoundHandler(
  buildInitialState: InitialStateBuilder,
  webDistDir: string,
  pageTitle: PageTitleReader,
) {
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
    const prefixed = (supportedLocales as readonly string[]).includes(first);
    const locale: Locale = prefixed ? (first as Locale) : 'en';
    const slug = contentPageOfPath(prefixed ? pathname.slice(first.length + 1) || '/' : pathname);
    const colorScheme = request.cookies.theme === 'dark' ? 'dark' : 'light';
    const state = await buildInitialState(request, reply);
    const title = slug ? documentTitle(await pageTitle(slug, locale), state.app.name) : state.app.name;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        withDocumentTitle(shell.render({ state, locale, colorScheme, nonce: reply.scriptNonce() }), title),
      );
  };
}
