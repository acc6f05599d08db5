import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUserSchema, dataEnvelope } from '@app/contract';
import { requireUser } from '../../platform/auth/session.js';
import { presentCurrentUser } from './presenter.js';
import type { UsersService } from './service.js';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
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
      return { data: presentCurrentUser(await users.getById(id)) };
    },
  );
};
