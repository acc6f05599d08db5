import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  giveFeedbackBodySchema,
  offerFeedbackPageSchema,
  offerFeedbackQuerySchema,
  offerIdParamsSchema,
  publicProfileParamsSchema,
  replyFeedbackBodySchema,
  tradeFeedbackStateSchema,
  tradeIdParamsSchema,
  userFeedbackPageSchema,
  userFeedbackQuerySchema,
} from '@app/contract';
import { requireUser } from '../../platform/auth/session.js';
import type { FeedbackService } from './service.js';

/**
 * Feedback (spec section 7: `GET /rest/v1/feedback/{id}`, `POST .../give`, `POST .../reply`, `{id}` the
 * trade hash), an offer's and a user's feedback lists (paths ours: the spec does not show them). Guards,
 * one service call each.
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
        description:
          "`{id}` is the trade hash. The feedback both parties left on the trade (rating, message, reply), and whether the caller may still give feedback or reply. The trade's buyer and seller only: 404 for anyone else.",
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
        description:
          "`{id}` is the trade hash. The caller rates the other party of a completed (released) trade, positive or negative, with a message (required for a negative: 422 `message_required`). Once per trade and party: 409 `FEEDBACK_ALREADY_GIVEN`; 409 `FEEDBACK_NOT_AVAILABLE` before the trade is completed. The trade's parties only: 404 for anyone else.",
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
        description:
          "`{id}` is the trade hash. The caller answers, once, the feedback the other party left them on this trade; the reply shows under it on their profile. 409 `FEEDBACK_NOT_RECEIVED` when there is none to answer, `FEEDBACK_ALREADY_REPLIED` after the first reply. The trade's parties only: 404 for anyone else.",
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
        description:
          "`{id}` is the offer hash. The feedback the offer's owner received on trades on this offer, newest first, 10 a page (`page`), optionally only `positive` or `negative` (`rating`), with the counts. Public; 404 for an unknown offer.",
        params: offerIdParamsSchema,
        querystring: offerFeedbackQuerySchema,
        response: { 200: dataEnvelope(offerFeedbackPageSchema) },
      },
    },
    async (request) => ({
      data: await feedback.ofOffer(request.user?.id ?? null, request.params.id, request.query),
    }),
  );

  app.get(
    '/rest/v1/users/:username/feedback',
    {
      schema: {
        tags: ['feedback'],
        summary: 'The feedback a trader received, 10 a page (public profile; anonymous allowed)',
        description:
          "The feedback the user `{username}` received on all their trades, newest first, 10 a page (`page`), optionally only `positive` or `negative` (`rating`), with the user's totals; each item's `author` is the other trader. A banned account's list is empty. Public; 404 for an unknown username.",
        params: publicProfileParamsSchema,
        querystring: userFeedbackQuerySchema,
        response: { 200: dataEnvelope(userFeedbackPageSchema) },
      },
    },
    async (request) => ({ data: await feedback.ofUser(request.params.username, request.query) }),
  );
};
