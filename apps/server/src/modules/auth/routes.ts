import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  csrfTokenResponseSchema,
  currentUserSchema,
  dataEnvelope,
  loginBodySchema,
  registerBodySchema,
  twoFactorChallengeSchema,
  type TwoFactorChallenge,
} from '@app/contract';
import type { LoginThrottle } from '../../platform/auth/login-throttle.js';
import { AppError } from '../../platform/http/errors.js';
import type { RateLimits } from '../../platform/rate-limit/index.js';
import type { CurrentUserPresenter, UserRow, UsersService } from '../users/index.js';

export type AuthRoutesOptions = {
  users: UsersService;
  /** The mail a login from a new device sends (modules/security). */
  loginAlerts: { newDevice(user: UserRow, request: FastifyRequest): Promise<void> };
  /** Starts the login's second step when the user asks for a code at login (modules/two-factor). */
  secondStep: {
    challenge(
      request: FastifyRequest,
      reply: FastifyReply,
      userId: number,
    ): Promise<TwoFactorChallenge | null>;
  };
  throttle: LoginThrottle;
  presentUser: CurrentUserPresenter;
  limits: RateLimits;
};

/** Register, log in, log out, and the CSRF token for clients that are not served our HTML. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { users, throttle, presentUser, limits, loginAlerts, secondStep },
) => {
  app.post(
    '/rest/v1/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account and log in',
        description:
          "Creates an account with `username`, `email` and `password`, mails the e-mail verification code and logs the new user in: answers 201 with the current user and sets the session cookie. A visitor's call: send the anonymous CSRF cookie and its X-CSRF-Token, then read the new token from GET /rest/v1/auth/csrf. 422 with one detail per field: `USERNAME_TAKEN`, `EMAIL_TAKEN` (worded so it does not reveal an account), a reserved username, a weak password. 429 `RATE_LIMITED` past RATE_LIMIT_REGISTER_PER_HOUR per address.",
        body: registerBodySchema,
        response: { 201: dataEnvelope(currentUserSchema) },
      },
    },
    async (request, reply) => {
      // Counted before the work: mass sign-ups and probing which names are taken are both slowed.
      await limits.registration(request.ip);
      const user = await users.create(request.body);
      // The verification code was written with the account: its mail goes out now.
      app.outbox.kick();
      await app.sessions.start(request, reply, user.id);
      return reply.code(201).send({ data: await presentUser(user) });
    },
  );

  app.post(
    '/rest/v1/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with a username or e-mail and a password',
        description:
          'With two-factor at login on, the answer is `{ twoFactorRequired: true, type }` and no session: ' +
          'send the code to POST /rest/v1/auth/login/two-factor.',
        body: loginBodySchema,
        response: { 200: dataEnvelope(z.union([currentUserSchema, twoFactorChallengeSchema])) },
      },
    },
    async (request, reply) => {
      const { login, password } = request.body;
      // Counted per account, whichever of its names was typed (decision 0001, "Login throttle").
      const attempt = await throttle.begin({
        login,
        accountId: await users.accountIdOf(login),
        ip: request.ip,
        deviceToken: app.sessions.deviceToken(request),
      });
      let user;
      try {
        user = await users.authenticate(login, password);
      } catch (error) {
        // Only a wrong password counts: a banned owner's right password is not a guess.
        if (error instanceof AppError && error.code === 'INVALID_CREDENTIALS') await attempt.failed();
        throw error;
      }
      await attempt.succeeded();
      // Two-factor at login: no session until the code (POST /rest/v1/auth/login/two-factor).
      const challenge = await secondStep.challenge(request, reply, user.id);
      if (challenge) return { data: challenge };
      const session = await app.sessions.start(request, reply, user.id);
      request.log.info({ userId: user.id, newDevice: session.newDevice }, 'login');
      // A login from a browser this account has not used before: the owner hears of it.
      if (session.newDevice) await loginAlerts.newDevice(user, request);
      return { data: await presentUser(user) };
    },
  );

  app.post(
    '/rest/v1/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log out: ends the session on the server',
        description:
          "Ends the caller's session on the server (every open page of it is logged out) and clears the session cookie. Answers 200 for a visitor too, so it is safe to repeat.",
        response: { 200: dataEnvelope(z.object({ redirectUrl: z.string() })) },
      },
    },
    async (request, reply) => {
      await app.sessions.end(request, reply);
      return { data: { redirectUrl: '/' } };
    },
  );

  app.get(
    '/rest/v1/auth/csrf',
    {
      schema: {
        tags: ['auth'],
        summary: 'The CSRF token for X-CSRF-TOKEN: the session one, or an anonymous one for this browser',
        description:
          "Answers `{ csrfToken }` for the X-CSRF-Token header that every POST, PUT, PATCH and DELETE made with a cookie needs. With a session it is the session's token; without one it is an anonymous token, and the answer sets the `csrf` cookie it is checked against. The token changes at login and registration: read it again then. API key callers need no token.",
        response: { 200: dataEnvelope(csrfTokenResponseSchema) },
      },
    },
    async (request, reply) => {
      return { data: { csrfToken: app.sessions.csrfToken(request, reply) } };
    },
  );
};
