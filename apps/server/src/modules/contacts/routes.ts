import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactsPageSchema,
  contactsQuerySchema,
  dataEnvelope,
  relationBodySchema,
  relationParamsSchema,
  relationResultSchema,
} from '@app/contract';
import { requireUser } from '../../platform/auth/session.js';
import type { ContactsService } from './service.js';

/** The contacts calls (spec section 7 "Contacts"): trust and block, and the three lists. */
export const contactsRoutes: FastifyPluginAsyncZod<{ contacts: ContactsService }> = async (
  app,
  { contacts },
) => {
  const tags = ['contacts'];
  const pageAnswer = { 200: dataEnvelope(contactsPageSchema) };

  app.put(
    '/rest/v1/users/:username/relations',
    {
      schema: {
        tags,
        summary: 'Trust, untrust, block or unblock a user',
        description:
          "Sets the caller's relation to the user `{username}` with `action`: `trusted` or `blocked` (one at a time, so trusting unblocks and blocking untrusts), `untrusted`, `unblocked`. A block hides each other's offers and refuses trades and chat between the two; trust opens the owner's trusted-only offers to them. Logged-in users; 404 for an unknown username, 422 `self_relation` on oneself.",
        params: relationParamsSchema,
        body: relationBodySchema,
        response: { 200: dataEnvelope(relationResultSchema) },
      },
    },
    async (request) => ({
      data: await contacts.relate(requireUser(request).id, request.params.username, request.body.action),
    }),
  );

  app.get(
    '/rest/v1/users/me/contacts/recent-trades',
    {
      schema: {
        tags,
        summary: 'The people I traded with, most recent first',
        description:
          'The users the caller traded with, the most recent trade first, 10 a page (`page`), each with whether the caller trusts or blocked them. Logged-in users.',
        querystring: contactsQuerySchema,
        response: pageAnswer,
      },
    },
    async (request) => ({ data: await contacts.recentTrades(requireUser(request).id, request.query.page) }),
  );

  app.get(
    '/rest/v1/users/me/contacts/trusted-list',
    {
      schema: {
        tags,
        summary: 'The users I trust',
        description: 'The users the caller trusts, 10 a page (`page`). Logged-in users.',
        querystring: contactsQuerySchema,
        response: pageAnswer,
      },
    },
    async (request) => ({ data: await contacts.trusted(requireUser(request).id, request.query.page) }),
  );

  app.get(
    '/rest/v1/users/me/contacts/blocked-list',
    {
      schema: {
        tags,
        summary: 'The users I blocked',
        description: 'The users the caller blocked, 10 a page (`page`). Logged-in users.',
        querystring: contactsQuerySchema,
        response: pageAnswer,
      },
    },
    async (request) => ({ data: await contacts.blocked(requireUser(request).id, request.query.page) }),
  );
};
