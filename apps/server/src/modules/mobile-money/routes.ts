import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DEFAULT_LOCALE,
  dataEnvelope,
  localeQuerySchema,
  localeSchema,
  mobileMoneyWalletBodySchema,
  mobileMoneyWalletDeletedSchema,
  mobileMoneyWalletIdParamsSchema,
  mobileMoneyWalletListSchema,
  mobileMoneyWalletSchema,
  type Locale,
} from '@app/contract';
import { requireUser } from '../../platform/auth/session.js';
import type { MobileMoneyService } from './service.js';

/**
 * The language of provider names: `?locale=` (what the web app sends, as for the catalogue), else the
 * browser's first language, else English.
 */
function localeOf(request: { query: { locale?: Locale }; headers: FastifyRequest['headers'] }): Locale {
  if (request.query.locale) return request.query.locale;
  const header = localeSchema.safeParse(request.headers['accept-language']?.slice(0, 2).toLowerCase());
  return header.success ? header.data : DEFAULT_LOCALE;
}

/**
 * Mobile money wallets (the spec leaves the paths unnamed: `/rest/v1/mobile-money-wallets`, after the
 * bank accounts' `/rest/v1/bankaccounts`). Logged-in only; writes need the CSRF token like every write.
 */
export const mobileMoneyRoutes: FastifyPluginAsyncZod<{ mobileMoney: MobileMoneyService }> = async (
  app,
  { mobileMoney },
) => {
  const tags = ['payment-accounts'];
  const walletAnswer = dataEnvelope(mobileMoneyWalletSchema);

  app.get(
    '/rest/v1/mobile-money-wallets',
    {
      schema: {
        tags,
        summary: 'My mobile money wallets (numbers masked) and the providers to add one with',
        description:
          "The caller's mobile money wallets (M-Pesa, MTN, ...) with their numbers masked, and the providers a wallet can be added with, per country, names in `locale`. Offers on mobile money methods link these wallets as their payment details. Logged-in users.",
        querystring: localeQuerySchema,
        response: { 200: dataEnvelope(mobileMoneyWalletListSchema) },
      },
    },
    async (request) => ({ data: await mobileMoney.list(requireUser(request).id, localeOf(request)) }),
  );

  app.get(
    '/rest/v1/mobile-money-wallets/:id',
    {
      schema: {
        tags,
        summary: 'One of my wallets with its whole number (the edit form); not mine: 404',
        description:
          "`{id}` is the wallet's id from the list. The caller's wallet with its whole number, for the edit form. Only its owner: anybody else's id answers 404.",
        params: mobileMoneyWalletIdParamsSchema,
        querystring: localeQuerySchema,
        response: { 200: walletAnswer },
      },
    },
    async (request) => ({
      data: await mobileMoney.get(requireUser(request).id, request.params.id, localeOf(request)),
    }),
  );

  app.post(
    '/rest/v1/mobile-money-wallets',
    {
      schema: {
        tags,
        summary:
          'Add a wallet: a provider of the mobile-money group operating in country_id, a mobile number of ' +
          'that country (stored E.164). Same provider and number twice, or more than 20: 422',
        description:
          'Adds a mobile money wallet for the caller: the provider (`payment_method_id`) must belong to the mobile-money group and operate in `country_id`, the number must be a mobile number of that country (kept in E.164). Answers 201 with the wallet. 422 with the field: `not_mobile_money`, `wrong_country`, `invalid_phone`, `not_mobile`, `phone_number_non_unique` (the same provider and number again), or more than 20 wallets. Logged-in users.',
        querystring: localeQuerySchema,
        body: mobileMoneyWalletBodySchema,
        response: { 201: walletAnswer },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await mobileMoney.create(requireUser(request).id, request.body, localeOf(request)),
      }),
  );

  app.put(
    '/rest/v1/mobile-money-wallets/:id',
    {
      schema: {
        tags,
        summary: 'Change one of my wallets (same rules as adding); not mine: 404',
        description:
          "`{id}` is the wallet's id. Replaces the provider, country and number of the caller's wallet, with the same rules as adding one (422). Offers that link it show the new details. Only its owner: 404 otherwise.",
        params: mobileMoneyWalletIdParamsSchema,
        querystring: localeQuerySchema,
        body: mobileMoneyWalletBodySchema,
        response: { 200: walletAnswer },
      },
    },
    async (request) => ({
      data: await mobileMoney.update(
        requireUser(request).id,
        request.params.id,
        request.body,
        localeOf(request),
      ),
    }),
  );

  app.delete(
    '/rest/v1/mobile-money-wallets/:id',
    {
      schema: {
        tags,
        summary:
          'Delete one of my wallets; on an active offer: 422 MOBILE_MONEY_WALLET_IN_USE (details name the ' +
          'offers); not mine: 404',
        description:
          "`{id}` is the wallet's id. Deletes the caller's wallet. 422 `MOBILE_MONEY_WALLET_IN_USE` while an active offer links it (its details name the offers: switch them off or change their details first). Only its owner: 404 otherwise.",
        params: mobileMoneyWalletIdParamsSchema,
        response: { 200: dataEnvelope(mobileMoneyWalletDeletedSchema) },
      },
    },
    async (request) => ({ data: await mobileMoney.remove(requireUser(request).id, request.params.id) }),
  );
};
