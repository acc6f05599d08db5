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
        description:
          "The caller's bank accounts with their numbers masked (IBAN, account number, routing code), the bank, the holder and the currency. Offers on bank transfer methods link these accounts as their payment details. Logged-in users.",
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
        description:
          "`{id}` is the bank account's id from the list. The caller's account with its numbers whole, for the edit form, and the offers and running trades that use it. Only its owner: anybody else's id answers 404.",
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
        description:
          "Adds a bank account for the caller. The fields a country needs differ (IBAN, sort code, routing number, CLABE, IFSC, ...); a euro account in the SEPA zone needs only `account_number` (the IBAN) and `holder_name`, the bank's name and BIC being filled in from the IBAN when the directory knows the bank; each is checked by that country's rules and a refusal is a 422 on the field with the spec's error key (`bank_id_not_exist`, `account_number_non_unique`, `currency_mismatch`, `invalid_number`, ...), `BANK_ACCOUNTS_LIMIT` past 20 accounts. Answers 201 with the account. Logged-in users.",
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
        description:
          "`{id}` is the bank account's id. Replaces every field of the caller's account, with the same rules as adding one (422); the offers that link it show the new details. Only its owner: 404 otherwise.",
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
        description:
          "`{id}` is the bank account's id. Deletes the caller's account. 422 `BANK_ACCOUNT_IN_USE` while an active offer or a running trade uses it (its details list the offer and trade hashes). Only its owner: 404 otherwise.",
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
