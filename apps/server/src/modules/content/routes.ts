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
        description:
          "`{slug}` is `about`, `terms`, `privacy` or `fees`. The page's title and Markdown body in `locale` (en, es), the operator's own file from DATA_DIR/pages when there is one, else the shipped default, with its placeholders filled from the running configuration (fees, bonds, limits). Public; 404 for any other slug.",
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
