import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUserSchema, dataEnvelope, type CurrentUser } from '@app/contract';
import { requireUser } from '../../platform/auth/session.js';
import type { UserReadCache } from '../../platform/cache/user-reads.js';
import { sendKeptAnswer } from '../../platform/http/kept-answer.js';

export type UsersRoutesOptions = {
  /** The current user as presented, kept per user until their data changes (modules/app/user-reads.ts). */
  readCurrentUser(userId: number): Promise<CurrentUser>;
  userReads: UserReadCache;
};

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (
  app,
  { readCurrentUser, userReads },
) => {
  app.get(
    '/rest/v1/users/current_user',
    {
      schema: {
        tags: ['users'],
        summary: 'The logged-in user',
        description:
          "The caller's own account: username, e-mail, phone, the name their approved ID verification proved and how others see it (`displayedFullName`, `fullNameVisibilityType`), country, currency, language and time zone, trade counts (completed, successful, BTC traded), offers, two-factor settings, verification level and what it blocks, company account, role, account state and notice. Fields of features this product does not have (referral code, fee discount, merchant balance, vendor languages, tours) are null; `isBalanceHidden` is null (the browser keeps it). Logged-in users (a session or an API key); 401 `UNAUTHENTICATED` otherwise.",
        response: { 200: dataEnvelope(currentUserSchema) },
      },
    },
    async (request, reply) => {
      const { id } = requireUser(request);
      return sendKeptAnswer(userReads, reply, id, 'current-user', async () => ({
        data: await readCurrentUser(id),
      }));
    },
  );
};
