import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  giveFeedbackBodySchema,
  offerFeedbackPageSchema,
  offerFeedbackQuerySchema,
  offerIdParamsSchema,
  replyFeedbackBodySchema,
  tradeFeedbackStateSchema,
  tradeIdParamsSchema,
} from '@app/contract';
import { requireUser } from '../../platform/auth/session.js';
import type { FeedbackService } from './service.js';

/**
 * Feedback (spec section 7: `GET /rest/v1/feedback/{id}`, `POST .../give`, `POST .../reply`, `{id}` the
 * trade hash) and an offer's feedback list (path ours: the spec does not show it). Guards, one service
 * call each.
 */
export const feedbackRoutes: FastifyPluginAsyncZod<{ feedback: FeedbackService }> = async (
  app,
  { feedback },
) => {
  app.get(
    '/rest/v1/feedback/:id',
    {
      schema: {
        tags: ['feedback'],
        summary: 'The feedback of a trade, as one of its parties sees it',
        params: tradeIdParamsSchema,
        response: { 200: dataEnvelope(tradeFeedbackStateSchema) },
      },
    },
    async (request) => ({ data: await feedback.ofTrade(requireUser(request).id, request.params.id) }),
  );

  app.post(
    '/rest/v1/feedback/:id/give',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Rate the trade partner (once, after a completed trade; a negative needs a message)',
        params: tradeIdParamsSchema,
        body: giveFeedbackBodySchema,
        response: { 200: dataEnvelope(tradeFeedbackStateSchema) },
      },
    },
    async (request) => ({
      data: await feedback.give(requireUser(request).id, request.params.id, request.body),
    }),
  );

  app.post(
    '/rest/v1/feedback/:id/reply',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Reply once to the feedback the partner left me',
        params: tradeIdParamsSchema,
        body: replyFeedbackBodySchema,
        response: { 200: dataEnvelope(tradeFeedbackStateSchema) },
      },
    },
    async (request) => ({
      data: await feedback.reply(requireUser(request).id, request.params.id, request.body.message),
    }),
  );

  app.get(
    '/rest/v1/offers/:id/feedback',
    {
      schema: {
        tags: ['feedback'],
        summary: 'The feedback the owner received on an offer, 10 a page (anonymous allowed)',
        params: offerIdParamsSchema,
        querystring: offerFeedbackQuerySchema,
        response: { 200: dataEnvelope(offerFeedbackPageSchema) },
      },
    },
    async (request) => ({
      data: await feedback.ofOffer(request.user?.id ?? null, request.params.id, request.query),
    }),
  );
};
