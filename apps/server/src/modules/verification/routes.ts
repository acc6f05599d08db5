import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailChangeBodySchema,
  confirmPhoneBodySchema,
  phoneDataSchema,
  sendPhoneCodeBodySchema,
  dataEnvelope,
  emailChangeUnconfirmedBodySchema,
  emailVerificationStateSchema,
  emailVerifyCodeBodySchema,
} from '@app/contract';
import { requireUser } from '../../platform/auth/session.js';
import type { EmailVerification } from './email-service.js';
import type { PhoneVerification } from './phone-service.js';

/**
 * The spec's e-mail verification calls (`/rest/v1/user-verification/email/...`), for the logged-in user,
 * and the state the verification page reads.
 */
export const verificationRoutes: FastifyPluginAsyncZod<{
  email: EmailVerification;
  phone: PhoneVerification;
}> = async (app, { email, phone }) => {
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

  app.post(
    '/rest/v1/user-verification/email/change',
    {
      schema: {
        tags: ['verification'],
        summary: 'Change my verified address, proved by a code (sent to it, or two-factor)',
        description:
          'The code: one sent by POST /auth/send-email-code (to the current address) or /auth/send-phone-code, ' +
          'or the two-factor code. The new address starts unverified and gets a verification code; the old one ' +
          'is told.',
        body: emailChangeBodySchema,
        response: answer,
      },
    },
    async (request) => ({
      data: await email.change(requireUser(request).id, request.body.email, request.body.code),
    }),
  );

  const phoneAnswer = { 200: dataEnvelope(phoneDataSchema) };

  app.get(
    '/rest/v1/users/phone',
    {
      schema: {
        tags: ['verification'],
        summary: "My phone number's verification (the spec's phoneData)",
        response: phoneAnswer,
      },
    },
    async (request) => ({ data: await phone.state(requireUser(request).id) }),
  );

  app.post(
    '/rest/v1/users/send-phone-code',
    {
      schema: {
        tags: ['verification'],
        summary: 'Send a 6-digit code to a number by SMS (or by a call with `call: true`)',
        description:
          "A refused number: 422 on `phone` with the spec's error type as the code: `parse_error`, " +
          '`invalid_number`, `wrong_phone_type`, `sms_sending_not_supported`; too soon: 429 (`limit_exceeded`).',
        body: sendPhoneCodeBodySchema,
        response: phoneAnswer,
      },
    },
    async (request) => ({ data: await phone.send(requireUser(request).id, request.body) }),
  );

  app.post(
    '/rest/v1/users/confirm-phone',
    {
      schema: {
        tags: ['verification'],
        summary: 'Verify the number with the code it received',
        description:
          'Wrong code: 422 on `phoneCode`; the fifth wrong one: 429 TOO_MANY_ATTEMPTS with Retry-After (the countdown).',
        body: confirmPhoneBodySchema,
        response: phoneAnswer,
      },
    },
    async (request) => ({ data: await phone.confirm(requireUser(request).id, request.body.phoneCode) }),
  );

  app.post(
    '/rest/v1/users/reset-phone',
    {
      schema: {
        tags: ['verification'],
        summary: 'Forget my number (verified or waiting for its code) to start again with another',
        response: phoneAnswer,
      },
    },
    async (request) => ({ data: await phone.reset(requireUser(request).id) }),
  );
};
