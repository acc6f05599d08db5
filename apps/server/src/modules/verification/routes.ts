import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  emailChangeUnconfirmedBodySchema,
  emailVerificationStateSchema,
  emailVerifyCodeBodySchema,
} from '@app/contract';
import { requireUser } from '../../platform/auth/session.js';
import type { EmailVerification } from './email-service.js';

/**
 * The spec's e-mail verification calls (`/rest/v1/user-verification/email/...`), for the logged-in user,
 * and the state the verification page reads.
 */
export const verificationRoutes: FastifyPluginAsyncZod<{ email: EmailVerification }> = async (
  app,
  { email },
) => {
  const answer = { 200: dataEnvelope(emailVerificationStateSchema) };

  app.get(
    '/rest/v1/user-verification/email',
    {
      schema: {
        tags: ['verification'],
        summary: 'My e-mail address, whether it is verified, and when another code may be sent',
        response: answer,
      },
    },
    async (request) => ({ data: await email.state(requireUser(request).id) }),
  );

  app.post(
    '/rest/v1/user-verification/email/verify-code',
    {
      schema: {
        tags: ['verification'],
        summary: 'Verify my e-mail address with the 6-digit code mailed to it',
        description:
          'Wrong, expired or missing code: 422 on `code` (`invalid_code`, `expired_code`, `no_code`); the fifth ' +
          'wrong try kills the code: 429 `TOO_MANY_ATTEMPTS`; already verified: 409 `EMAIL_ALREADY_VERIFIED`.',
        body: emailVerifyCodeBodySchema,
        response: answer,
      },
    },
    async (request) => ({ data: await email.verify(requireUser(request).id, request.body.code) }),
  );

  app.post(
    '/rest/v1/user-verification/email/resend-code',
    {
      schema: {
        tags: ['verification'],
        summary: 'Mail a new code (the earlier one stops working); 429 with Retry-After when too soon',
        response: answer,
      },
    },
    async (request) => ({ data: await email.resend(requireUser(request).id) }),
  );

  app.post(
    '/rest/v1/user-verification/email/change-unconfirmed',
    {
      schema: {
        tags: ['verification'],
        summary: 'Correct my e-mail address while it is not verified, and mail a code to the new one',
        body: emailChangeUnconfirmedBodySchema,
        response: answer,
      },
    },
    async (request) => ({
      data: await email.changeUnconfirmed(requireUser(request).id, request.body.email),
    }),
  );
};
