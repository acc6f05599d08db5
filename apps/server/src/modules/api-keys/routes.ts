import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiKeyIdParamsSchema,
  apiKeyListSchema,
  createApiKeyBodySchema,
  createdApiKeySchema,
  dataEnvelope,
} from '@app/contract';
import { requireUser } from '../../platform/auth/session.js';
import type { ApiKeysService } from './service.js';

/**
 * My API keys (decision 0042). Only a browser session manages them: an API key cannot list, create or
 * revoke keys (the route access table closes these paths to keys, decision 0049).
 */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ apiKeys: ApiKeysService }> = async (app, { apiKeys }) => {
  const tags = ['api-keys'];

  app.get(
    '/rest/v1/api-keys',
    {
      schema: {
        tags,
        summary: 'My active API keys, newest first (never their secrets)',
        description:
          "The caller's active API keys, newest first: name, the first characters of the key (to recognise it), scopes, when it was created and last used. The secrets are never answered again after creation. Logged-in users, from a browser session: API keys cannot manage keys.",
        response: { 200: dataEnvelope(apiKeyListSchema) },
      },
    },
    async (request) => ({ data: await apiKeys.list(requireUser(request).id) }),
  );

  app.post(
    '/rest/v1/api-keys',
    {
      schema: {
        tags,
        summary: 'Create an API key: its secret is in this answer only',
        description:
          'Send the secret as `Authorization: Bearer <secret>`; no cookie or CSRF token is needed then. ' +
          'Scopes: `read`, `trade`, `offers`, `wallet-withdraw` (withdrawals still need the two-factor ' +
          'code when it is on). 409 `API_KEY_LIMIT` past 10 active keys.',
        body: createApiKeyBodySchema,
        response: { 201: dataEnvelope(createdApiKeySchema) },
      },
    },
    async (request, reply) => {
      const created = await apiKeys.create(requireUser(request).id, request.body);
      return reply.code(201).send({ data: created });
    },
  );

  app.delete(
    '/rest/v1/api-keys/:id',
    {
      schema: {
        tags,
        summary: 'Revoke one of my API keys: refused from its next call on',
        description:
          "`{id}` is the key's id from the list. Revokes the caller's key: calls made with it answer 401 from then on. Logged-in users, from a browser session; another user's key or an unknown id answers 404.",
        params: apiKeyIdParamsSchema,
        response: { 200: dataEnvelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      await apiKeys.revoke(requireUser(request).id, request.params.id);
      return { data: { id: request.params.id } };
    },
  );
};
