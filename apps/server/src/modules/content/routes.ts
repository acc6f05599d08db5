import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contentPageParamsSchema,
  contentPageQuerySchema,
  contentPageSchema,
  dataEnvelope,
} from '@app/contract';
import type { ContentService } from './service.js';

export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService }> = async (app, { content }) => {
  app.get(
    '/rest/v1/pages/:slug',
    {
      schema: {
        tags: ['content'],
        summary: 'A content page (about, terms, privacy, fees) as Markdown; anonymous allowed',
        params: contentPageParamsSchema,
        querystring: contentPageQuerySchema,
        response: { 200: dataEnvelope(contentPageSchema) },
      },
    },
    async (request, reply) => {
      // Short: an operator's edit reaches browsers within a minute.
      reply.header('cache-control', 'public, max-age=60');
      return { data: await content.page(request.params.slug, request.query.locale) };
    },
  );
};
