import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bankAccountBodySchema,
  bankAccountDetailSchema,
  bankAccountIdParamsSchema,
  bankAccountSchema,
  dataEnvelope,
} from '@app/contract';
import { requireUser } from '../../platform/auth/session.js';
import type { BankAccountsService } from './service.js';

/** Spec section 7 "Bank accounts and banks": the owner's bank accounts. */
export const bankAccountsRoutes: FastifyPluginAsyncZod<{ bankAccounts: BankAccountsService }> = async (
  app,
  { bankAccounts },
) => {
  const tags = ['bank accounts'];
  const one = dataEnvelope(bankAccountDetailSchema);

  app.get(
    '/rest/v1/bankaccounts',
    {
      schema: {
        tags,
        summary: 'My bank accounts, numbers masked',
        response: { 200: dataEnvelope(z.array(bankAccountSchema)) },
      },
    },
    async (request) => ({ data: await bankAccounts.list(requireUser(request).id) }),
  );

  app.get(
    '/rest/v1/bankaccounts/:id',
    {
      schema: {
        tags,
        summary: 'One of my bank accounts, numbers whole (the edit form), and what uses it',
        params: bankAccountIdParamsSchema,
        response: { 200: one },
      },
    },
    async (request) => ({ data: await bankAccounts.detail(requireUser(request).id, request.params.id) }),
  );

  app.post(
    '/rest/v1/bankaccounts',
    {
      schema: {
        tags,
        summary: 'Add a bank account (the per-country rules answer 422 with the spec error keys)',
        body: bankAccountBodySchema,
        response: { 201: one },
      },
    },
    async (request, reply) => {
      const account = await bankAccounts.create(requireUser(request).id, request.body);
      return reply.status(201).send({ data: account });
    },
  );

  app.put(
    '/rest/v1/bankaccounts/:id',
    {
      schema: {
        tags,
        summary: 'Change a bank account (every field sent)',
        params: bankAccountIdParamsSchema,
        body: bankAccountBodySchema,
        response: { 200: one },
      },
    },
    async (request) => ({
      data: await bankAccounts.update(requireUser(request).id, request.params.id, request.body),
    }),
  );

  app.delete(
    '/rest/v1/bankaccounts/:id',
    {
      schema: {
        tags,
        summary:
          'Delete a bank account (422 BANK_ACCOUNT_IN_USE while an active offer or running trade uses it)',
        params: bankAccountIdParamsSchema,
        response: { 200: dataEnvelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      await bankAccounts.remove(requireUser(request).id, request.params.id);
      return { data: { id: request.params.id } };
    },
  );
};
