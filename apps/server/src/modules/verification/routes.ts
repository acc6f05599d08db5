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
        description:
          "The caller's e-mail address, whether it is verified, and from when another verification code may be mailed (`resendAvailableAt`). Logged-in users.",
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
        description:
          "Mails a new 6-digit verification code to the caller's address; the earlier code stops working. 409 `EMAIL_ALREADY_VERIFIED`; 429 `RATE_LIMITED` with Retry-After when asked again too soon. Logged-in users.",
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
        description:
          "Replaces the caller's e-mail address while it is not verified yet (a typo at sign-up) and mails a verification code to the new one. 409 `EMAIL_ALREADY_VERIFIED` (use POST .../email/change); 422 on `email` when invalid or taken; 429 `RATE_LIMITED` when asked again too soon. Logged-in users.",
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
        description:
          "The caller's phone number and its verification: none, waiting for the code (with when another may be sent) or verified. Verified numbers receive security codes by SMS or call. Logged-in users.",
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
        description:
          "Forgets the caller's phone number, verified or waiting for its code, so another can be added; security codes by SMS or call stop until a new number is verified. Logged-in users.",
        response: phoneAnswer,
      },
    },
    async (request) => ({ data: await phone.reset(requireUser(request).id) }),
  );
};
