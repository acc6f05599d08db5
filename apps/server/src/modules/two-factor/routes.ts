import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  currentUserSchema,
  dataEnvelope,
  recoveryCodesSchema,
  stepUpSentSchema,
  totpSetupSchema,
  twoFactorCodeBodySchema,
  twoFactorFlagsBodySchema,
  twoFactorStateSchema,
} from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { assertAllowed } from '../../platform/auth/account-policy.js';
import { requireUser } from '../../platform/auth/session.js';
import { AppError, validationError } from '../../platform/http/errors.js';
import type { CurrentUserPresenter, UserRow } from '../users/index.js';
import { usersRepository } from '../users/repository.js';
import type { PendingLogins } from './pending-logins.js';
import type { TwoFactor } from './service.js';
import type { StepUp } from './step-up.js';

export type TwoFactorRoutesOptions = {
  db: Db;
  twoFactor: TwoFactor;
  pending: PendingLogins;
  stepUp: StepUp;
  presentUser: CurrentUserPresenter;
  /** The mail a login from a new device sends (modules/security). */
  loginAlerts: { newDevice(user: UserRow, request: Parameters<typeof requireUser>[0]): Promise<void> };
};

/**
 * Two-factor authentication's calls (paths from issue 12): the state and what asks for a code, the
 * authenticator setup, turning codes by e-mail on, turning it off; the login's second step; the spec's
 * step-up channels (`/auth/send-email-code`, `/auth/send-phone-code`, `/auth/call-phone-code`,
 * `/auth/push-phone-code`).
 */
export const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorRoutesOptions> = async (
  app,
  { db, twoFactor, pending, stepUp, presentUser, loginAlerts },
) => {
  const state = { 200: dataEnvelope(twoFactorStateSchema) };
  const tags = ['two-factor'];

  app.get(
    '/rest/v1/users/two-factor',
    {
      schema: {
        tags,
        summary: 'Whether two-factor authentication is on, how, and for what',
        description:
          'Whether two-factor authentication is on for the caller, its `type` (`ga`: an authenticator app, `email`: codes by e-mail, `none`), which actions ask for a code (`login`, `release`, `sendout`) and how many recovery codes are left. Logged-in users.',
        response: state,
      },
    },
    async (request) => ({ data: await twoFactor.state(requireUser(request).id) }),
  );

  app.put(
    '/rest/v1/users/two-factor',
    {
      schema: {
        tags,
        summary: 'Choose what asks for a code (login, release, send-out), confirmed by a code',
        description:
          'Sets which actions ask for a second factor (`login`, `release`, `sendout`: sending crypto out), proved by a current `code` (or a recovery code). 409 `TWO_FACTOR_DISABLED` while two-factor authentication is off; 422 on `code` when wrong or expired; 429 `TOO_MANY_ATTEMPTS` after too many wrong codes. Logged-in users.',
        body: twoFactorFlagsBodySchema,
        response: state,
      },
    },
    async (request) => {
      const { code, ...flags } = request.body;
      return { data: await twoFactor.setFlags(requireUser(request).id, flags, code) };
    },
  );

  app.post(
    '/rest/v1/users/two-factor/totp/setup',
    {
      schema: {
        tags,
        summary: 'A new authenticator key (for the QR code or typing in); on only after its first code',
        description:
          'Makes a new authenticator secret and answers it as an `otpauthUrl` (for a QR code) and as the `secret` to type in. Nothing is on until POST /rest/v1/users/two-factor/totp/enable confirms it with a first code. 409 `TWO_FACTOR_ENABLED` when two-factor authentication is already on. Logged-in users.',
        response: { 200: dataEnvelope(totpSetupSchema) },
      },
    },
    async (request) => ({ data: await twoFactor.setupTotp(requireUser(request).id) }),
  );

  app.post(
    '/rest/v1/users/two-factor/totp/enable',
    {
      schema: {
        tags,
        summary: 'Turn the authenticator on with its first code; answers the recovery codes, once',
        description:
          'Confirms the authenticator set up with POST .../totp/setup by its first `code` and turns two-factor authentication on for login. Answers the recovery codes: they are shown only this once. 409 `TWO_FACTOR_SETUP_NEEDED` without a setup, `TWO_FACTOR_ENABLED` when already on; 422 on a wrong `code`. Logged-in users.',
        body: twoFactorCodeBodySchema,
        response: { 200: dataEnvelope(recoveryCodesSchema) },
      },
    },
    async (request) => ({ data: await twoFactor.enableTotp(requireUser(request).id, request.body.code) }),
  );

  app.post(
    '/rest/v1/users/two-factor/email/enable',
    {
      schema: {
        tags,
        summary:
          'Turn codes by e-mail on with a code from POST /auth/send-email-code; answers recovery codes',
        description:
          'Turns two-factor authentication by e-mail on, proved by a `code` from POST /auth/send-email-code. Answers the recovery codes, shown only this once. 409 `EMAIL_NOT_VERIFIED` before the address is verified, `TWO_FACTOR_ENABLED` when already on; 422 on a wrong or expired `code`. Logged-in users.',
        body: twoFactorCodeBodySchema,
        response: { 200: dataEnvelope(recoveryCodesSchema) },
      },
    },
    async (request) => ({ data: await twoFactor.enableEmail(requireUser(request).id, request.body.code) }),
  );

  app.post(
    '/rest/v1/users/two-factor/totp/disable',
    {
      schema: {
        tags,
        summary: 'Turn two-factor authentication off with a code or a recovery code',
        description:
          'Turns two-factor authentication (authenticator or e-mail) off, proved by a current `code` or a recovery code. 409 `TWO_FACTOR_DISABLED` when it is off; 422 on a wrong `code`; 429 `TOO_MANY_ATTEMPTS` after too many wrong codes. Logged-in users.',
        body: twoFactorCodeBodySchema,
        response: state,
      },
    },
    async (request) => ({ data: await twoFactor.disable(requireUser(request).id, request.body.code) }),
  );

  app.post(
    '/rest/v1/auth/login/two-factor',
    {
      schema: {
        tags: ['auth'],
        summary: "The login's second step: the code completes the login started with the password",
        description:
          'No login waiting (none started, five minutes passed, or five wrong codes): 409 ' +
          '`TWO_FACTOR_LOGIN_EXPIRED`: log in again. A wrong code: 422 on `code`.',
        body: twoFactorCodeBodySchema,
        response: { 200: dataEnvelope(currentUserSchema) },
      },
    },
    async (request, reply) => {
      const userId = await pending.userOf(request);
      const user = userId === null ? undefined : await usersRepository.findById(db, userId);
      if (!user) {
        throw new AppError(409, 'TWO_FACTOR_LOGIN_EXPIRED', 'Your login expired. Log in again.');
      }
      assertAllowed(user.accountState, 'login');
      if (!(await twoFactor.checkLogin(user.id, request.body.code))) {
        const left = await pending.failed(request);
        if (left === 0) {
          await pending.finish(request, reply);
          throw new AppError(409, 'TWO_FACTOR_LOGIN_EXPIRED', 'Too many wrong codes. Log in again.');
        }
        throw validationError([
          { field: 'code', message: `This code is not right. ${left} tries left.`, code: 'invalid_code' },
        ]);
      }
      await pending.finish(request, reply);
      const session = await app.sessions.start(request, reply, user.id);
      request.log.info({ userId: user.id, newDevice: session.newDevice }, 'login (two-factor)');
      if (session.newDevice) await loginAlerts.newDevice(user, request);
      return { data: await presentUser(user) };
    },
  );

  /** What every step-up channel shares: who may call it and when it is refused. */
  const stepUpRules =
    'The code proves the caller is here for a sensitive change (e-mail address, two-factor settings) and is answered with where it went (masked) and when another may be sent. Logged-in users, or a visitor between the password and the code of a login. 429 `RATE_LIMITED` with Retry-After when asked again too soon.';
  const stepUpRoute = (path: string, summary: string, description: string, send: StepUp['sendEmail']) =>
    app.post(
      path,
      {
        schema: {
          tags,
          summary,
          description: `${description} ${stepUpRules}`,
          response: { 200: dataEnvelope(stepUpSentSchema) },
        },
      },
      async (request) => ({ data: await send(request) }),
    );
  stepUpRoute(
    '/auth/send-email-code',
    'Mail me a one-time security code (6 digits, 10 minutes)',
    "Mails a 6-digit code, valid for 10 minutes, to the caller's address. 409 `EMAIL_NOT_VERIFIED` before the address is verified.",
    stepUp.sendEmail,
  );
  stepUpRoute(
    '/auth/send-phone-code',
    'Text me a security code (needs a verified phone number)',
    "Sends a 6-digit code by SMS to the caller's verified number. 409 `PHONE_NOT_VERIFIED` without one.",
    (request) => stepUp.sendPhone(request),
  );
  stepUpRoute(
    '/auth/call-phone-code',
    'Call me with a security code (needs a verified phone number)',
    "Reads a 6-digit code out in a voice call to the caller's verified number. 409 `PHONE_NOT_VERIFIED` without one.",
    (request) => stepUp.sendPhone(request, true),
  );
  stepUpRoute(
    '/auth/push-phone-code',
    'Push a security code to the mobile app (there is none)',
    'Kept for clients of the spec: there is no mobile app, so it always answers 409 `PUSH_NOT_AVAILABLE`; use e-mail.',
    stepUp.push,
  );
};
