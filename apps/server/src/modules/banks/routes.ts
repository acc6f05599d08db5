import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bankByIbanQuerySchema,
  bankByRoutingNumberQuerySchema,
  bankBySwiftQuerySchema,
  bankSchema,
  banksQuerySchema,
  dataEnvelope,
} from '@app/contract';
import { notFound } from '../../platform/http/errors.js';
import {
  bankByIban,
  bankByRoutingNumber,
  bankBySwift,
  banksOf,
  presentBank,
  type DirectoryMatch,
} from './directory.js';

/** The directory ships with a release: an hour in any cache is safe and spares repeated lookups. */
const CACHE_CONTROL = 'public, max-age=3600';

const found = (bank: DirectoryMatch | undefined) => {
  if (!bank) throw notFound('No bank in our directory matches this');
  return { data: presentBank(bank) };
};

/**
 * The banks directory (spec section 7 "Bank accounts and banks"). Public reference data like the
 * catalogue: anonymous allowed, answered from memory, cacheable. An unknown country lists no banks; a
 * lookup that finds nothing is a 404; a malformed identifier a 422 with the spec's error key.
 */
export const banksRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['banks'];
  const one = { 200: dataEnvelope(bankSchema) };

  app.get(
    '/rest/v1/banks',
    {
      schema: {
        tags,
        summary: "A country's banks by name (the bank picker); anonymous allowed",
        description:
          "The banks of the country `country_id` (ISO code) from the bank directory, up to `limit`, for the bank picker of the bank account form. Each `id` (`<country>-<slug>`) is what a bank account's `bank_id` takes. Public.",
        querystring: banksQuerySchema,
        response: { 200: dataEnvelope(z.array(bankSchema)) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE_CONTROL);
      return {
        data: banksOf(request.query.country_id, request.query.limit).map((bank) => presentBank(bank)),
      };
    },
  );

  app.get(
    '/rest/v1/banks/by-iban',
    {
      schema: {
        tags,
        summary: 'The bank of an IBAN (UK sort code, Finnish bank code, national bank code)',
        description:
          'The bank an `iban` belongs to, found by the bank code inside it (the sort code of a UK IBAN, the national bank code elsewhere), to fill the bank account form. Public; 422 on an invalid IBAN, 404 when no bank in the directory matches.',
        querystring: bankByIbanQuerySchema,
        response: one,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE_CONTROL);
      return found(bankByIban(request.query.iban));
    },
  );

  app.get(
    '/rest/v1/banks/by-routing-number',
    {
      schema: {
        tags,
        summary: 'The bank of a US routing number, UK sort code, Russian BIK or Indian IFSC',
        description:
          'The bank of a `routing_number`: a US ABA routing number, a UK sort code, a Russian BIK or an Indian IFSC; with `country_id`, Nigerian and Mexican bank codes too. Public; 422 on a malformed number, 404 when no bank in the directory matches.',
        querystring: bankByRoutingNumberQuerySchema,
        response: one,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE_CONTROL);
      return found(bankByRoutingNumber(request.query.routing_number, request.query.country_id));
    },
  );

  app.get(
    '/rest/v1/banks/by-swift',
    {
      schema: {
        tags,
        summary: 'The bank of a SWIFT code (BIC), by its first 8 characters',
        description:
          'The bank of a `swift_code` (BIC, 8 or 11 characters; the first 8 identify the bank). Public; 422 on a malformed code, 404 when no bank in the directory matches.',
        querystring: bankBySwiftQuerySchema,
        response: one,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE_CONTROL);
      return found(bankBySwift(request.query.swift_code));
    },
  );
};
