import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUserSchema, dataEnvelope } from '@app/contract';
import { requireUser } from '../../platform/auth/session.js';
import type { CurrentUserPresenter } from './current-user.js';
import type { UsersService } from './service.js';

export type UsersRoutesOptions = { users: UsersService; presentUser: CurrentUserPresenter };

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { users, presentUser }) => {
  app.get(
    '/rest/v1/users/current_user',
    {
      schema: {
        tags: ['users'],
        summary: 'The logged-in user',
        response: { 200: dataEnvelope(currentUserSchema) },
      },
    },
    async (request) => {
      const { id } = requireUser(request);
      return { data: await presentUser(await users.getById(id)) };
    },
  );
};
