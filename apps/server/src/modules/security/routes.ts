import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataEnvelope,
  endedSessionsSchema,
  passwordChangeBodySchema,
  passwordChangedSchema,
  passwordForgotBodySchema,
  passwordResetBodySchema,
  userSessionParamsSchema,
  userSessionsSchema,
} from '@app/contract';
import { requireUser } from '../../platform/auth/session.js';
import type { Passwords } from './passwords.js';
import type { UserSessions } from './sessions.js';

/**
 * The security page's calls (paths from issue 12): my sessions and ending them, the password change,
 * and the forgotten-password link and reset.
 */
export const securityRoutes: FastifyPluginAsyncZod<{ sessions: UserSessions; passwords: Passwords }> = async (
  app,
  { sessions, passwords },
) => {
  const sessionOf = (request: Parameters<typeof requireUser>[0]) => {
    const user = requireUser(request);
    return { userId: user.id, rowId: request.session!.id };
  };

  app.delete(
    '/rest/v1/users/sessions/:id',
    {
      schema: {
        tags: ['security'],
        summary: 'End one of my sessions (its open pages are logged out at once); not mine: 404',
        description:
          "`{id}` is a session's public id from GET /rest/v1/users/sessions. Ends that session of the caller's: its open pages are logged out at once. Answers how many sessions ended. Logged-in users; another user's session, or an unknown id, answers 404.",
        params: userSessionParamsSchema,
        response: { 200: dataEnvelope(endedSessionsSchema) },
      },
    },
    async (request) => {
      const { userId } = sessionOf(request);
      return { data: { ended: await sessions.endOne(userId, request.params.id) } };
    },
  );

  app.get(
    '/rest/v1/users/sessions',
    {
      schema: {
        tags: ['security'],
        summary: 'My sessions, most recently used first (device, address, last seen; the current one marked)',
        description:
          "The caller's open sessions, the most recently used first: device and browser, IP address and place, when it started and was last seen, the current one marked. Logged-in users; API keys may not read it.",
        response: { 200: dataEnvelope(userSessionsSchema) },
      },
    },
    async (request) => {
      const { userId, rowId } = sessionOf(request);
      return { data: await sessions.list(userId, rowId) };
    },
  );

  app.delete(
    '/rest/v1/users/sessions',
    {
      schema: {
        tags: ['security'],
        summary: 'End every session of mine except this one',
        description:
          "Ends every session of the caller's except the one making this call (their open pages are logged out at once), e.g. after a lost device. Answers how many ended. Logged-in users.",
        response: { 200: dataEnvelope(endedSessionsSchema) },
      },
    },
    async (request) => {
      const { userId, rowId } = sessionOf(request);
      return { data: { ended: await sessions.endOthers(userId, rowId) } };
    },
  );

  app.post(
    '/rest/v1/auth/password/change',
    {
      schema: {
        tags: ['security'],
        summary: 'Change my password: the current one is required; my other sessions end; a mail tells me',
        description:
          'Wrong current password: 422 on `currentPassword` (`wrong_password`); rate-limited per user.',
        body: passwordChangeBodySchema,
        response: { 200: dataEnvelope(passwordChangedSchema) },
      },
    },
    async (request) => {
      const { userId, rowId } = sessionOf(request);
      return { data: await passwords.change(userId, rowId, request.body, request.ip) };
    },
  );

  app.post(
    '/rest/v1/auth/password/forgot',
    {
      schema: {
        tags: ['security'],
        summary: 'Mail a password-reset link to this address if it has an account (the answer never says)',
        description:
          "Mails a link to reset the password to `email` when an account has it. The answer is the same either way, so it does not reveal who has an account. A visitor's call (anonymous CSRF cookie and header). 429 `RATE_LIMITED` past RATE_LIMIT_PASSWORD_PER_HOUR per address.",
        body: passwordForgotBodySchema,
        response: { 200: dataEnvelope(z.object({ sent: z.literal(true) })) },
      },
    },
    async (request) => {
      await passwords.forgot(request.body.email, request.ip);
      return { data: { sent: true as const } };
    },
  );

  app.post(
    '/rest/v1/auth/password/reset',
    {
      schema: {
        tags: ['security'],
        summary: 'Choose a new password with the mailed link; every session of the account ends',
        description: 'A used, expired or unknown link: 422 on `token` (`invalid_token`).',
        body: passwordResetBodySchema,
        response: { 200: dataEnvelope(passwordChangedSchema) },
      },
    },
    async (request) => ({ data: await passwords.reset(request.body, request.ip) }),
  );
};
