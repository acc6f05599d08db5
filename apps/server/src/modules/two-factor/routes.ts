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

  const stepUpRoute = (path: string, summary: string, send: StepUp['sendEmail']) =>
    app.post(
      path,
      { schema: { tags, summary, response: { 200: dataEnvelope(stepUpSentSchema) } } },
      async (request) => ({ data: await send(request) }),
    );
  stepUpRoute(
    '/auth/send-email-code',
    'Mail me a one-time security code (6 digits, 10 minutes)',
    stepUp.sendEmail,
  );
  stepUpRoute('/auth/send-phone-code', 'Text me a security code (needs a verified phone number)', (request) =>
    stepUp.sendPhone(request),
  );
  stepUpRoute(
    '/auth/call-phone-code',
    'Call me with a security code (needs a verified phone number)',
    (request) => stepUp.sendPhone(request, true),
  );
  stepUpRoute('/auth/push-phone-code', 'Push a security code to the mobile app (there is none)', stepUp.push);
};
