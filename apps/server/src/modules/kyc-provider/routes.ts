import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataEnvelope,
  kycProviderInfoSchema,
  markPendingBodySchema,
  providerVerificationStartSchema,
  SUMSUB_DIGEST_ALG_HEADER,
  SUMSUB_DIGEST_HEADER,
  sumsubCallbackSchema,
  verificationRequestSchema,
} from '@app/contract';
import { requireUser } from '../../platform/auth/session.js';
import { AppError } from '../../platform/http/errors.js';
import type { KycProviderService } from './service.js';
import { isSignedCallback } from './sumsub.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body's bytes as sent (the provider's callback is signed over them). */
    rawBody?: Buffer;
  }
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The external identity service's calls (spec: `POST /rest/v3/kyc/verifications/sumsub/mark-pending`;
 * the start, the provider info and the callback are ours; decision 0041). JSON bodies are kept as bytes
 * here (encapsulated) so the callback's signature is checked over exactly what was signed, before its
 * body is validated.
 */
export const kycProviderRoutes: FastifyPluginAsyncZod<{ provider: KycProviderService }> = async (
  app,
  { provider },
) => {
  const tags = ['verification'];
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 262_144 },
    (request, body, done) => {
      request.rawBody = body as Buffer;
      if ((body as Buffer).length === 0) return done(null, undefined);
      try {
        done(null, JSON.parse((body as Buffer).toString('utf8')));
      } catch {
        done(new AppError(400, 'INVALID_JSON', 'The body is not valid JSON.'), undefined);
      }
    },
  );

  app.get(
    '/rest/v3/kyc/verifications/provider',
    {
      schema: {
        tags,
        summary: 'Who decides ID verifications here: our staff (`manual`) or an identity service',
        description:
          "Answers `manual` when staff review ID documents uploaded here (POST /account/verification/start/id), or the identity service's name (`sumsub`) when ID verification happens on its pages (POST /rest/v3/kyc/verifications/sumsub/start). Set by KYC_PROVIDER. Public.",
        response: { 200: dataEnvelope(kycProviderInfoSchema) },
      },
    },
    async () => ({ data: { provider: provider.provider } }),
  );

  app.post(
    '/rest/v3/kyc/verifications/sumsub/start',
    {
      schema: {
        tags,
        summary: 'Start my ID verification with the identity service: its page to go to',
        description:
          'Opens (or renews) my ID verification for the service to decide and answers the service’s ' +
          'page (valid 30 minutes). 409 `PROVIDER_NOT_CONFIGURED` when staff review IDs here; 502 ' +
          '`PROVIDER_UNAVAILABLE` when the service does not answer.',
        querystring: z.object({ locale: z.enum(['en', 'es']).default('en') }),
        response: { 201: dataEnvelope(providerVerificationStartSchema) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await provider.start(requireUser(request).id, request.query.locale) }),
  );

  app.post(
    '/rest/v3/kyc/verifications/sumsub/mark-pending',
    {
      schema: {
        tags,
        summary: 'I am done on the identity service’s pages: my verification waits for its decision',
        description:
          "The caller is back from the identity service's pages: their verification `verificationReference` (from the start) is marked as submitted and waits for the service's signed decision. 409 `PROVIDER_NOT_CONFIGURED` when staff review IDs here, `VERIFICATION_NOT_PENDING` once decided; 404 for another user's reference. Logged-in users.",
        body: markPendingBodySchema,
        response: { 200: dataEnvelope(verificationRequestSchema) },
      },
    },
    async (request) => ({
      data: await provider.markPending(requireUser(request).id, request.body.verificationReference),
    }),
  );

  app.post(
    '/rest/v3/kyc/verifications/sumsub/callback',
    {
      // Server to server: the service cannot carry a CSRF token; its HMAC signature stands in for it.
      config: { csrf: false },
      schema: {
        tags,
        summary: 'The identity service’s decision (its webhook), signed with the webhook secret',
        description:
          `\`${SUMSUB_DIGEST_HEADER}\`: the HMAC of the raw body with KYC_PROVIDER_WEBHOOK_SECRET, hex; ` +
          `\`${SUMSUB_DIGEST_ALG_HEADER}\`: HMAC_SHA256_HEX (default), HMAC_SHA512_HEX or HMAC_SHA1_HEX. ` +
          '401 `INVALID_SIGNATURE` otherwise. Repeated or unknown callbacks answer 200 and change nothing.',
        body: sumsubCallbackSchema,
        response: { 200: dataEnvelope(z.object({ changed: z.boolean() })) },
      },
      // The signature first: an unsigned body is not even validated.
      preValidation: async (request) => {
        const signed =
          request.rawBody !== undefined &&
          isSignedCallback(
            provider.webhookSecret(),
            request.rawBody,
            header(request.headers[SUMSUB_DIGEST_HEADER]),
            header(request.headers[SUMSUB_DIGEST_ALG_HEADER]),
          );
        if (!signed) throw new AppError(401, 'INVALID_SIGNATURE', 'The callback is not signed.');
      },
    },
    async (request) => ({ data: { changed: await provider.callback(request.body) } }),
  );
};
