import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataEnvelope,
  webhookDeliveriesQuerySchema,
  webhookDeliveryIdParamsSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEventsBodySchema,
  webhookSaveResultSchema,
  webhookSchema,
  webhookUrlBodySchema,
  webhookVerifyResultSchema,
  webhookWithSecretSchema,
} from '@app/contract';
import { requireUser } from '../../platform/auth/session.js';
import type { RateLimits } from '../../platform/rate-limit/index.js';
import type { WebhookDeliveryQueue } from './delivery.js';
import type { WebhooksService } from './service.js';

const PROTOCOL =
  'The check POSTs `{"type":"webhook.verification","payload":{"challenge":"…"},"time":"…"}`, signed like ' +
  'every delivery, with the challenge also in the `X-Webhook-Challenge` header; the receiver must answer ' +
  '2xx within the time-out (10 s by default) with the same value in an `X-Webhook-Challenge` response ' +
  'header. Public addresses must use https and resolve to public IP addresses, checked on every redirect. ';

/**
 * My webhook (account spec section 7 "Webhooks"; decision 0043): the URL and its check, the events,
 * the signing secret, and the delivery log with "send again". Browser session only, like API keys.
 */
export const webhooksRoutes: FastifyPluginAsyncZod<{
  webhooks: WebhooksService;
  deliveries: WebhookDeliveryQueue;
  limits: Pick<RateLimits, 'webhookCall'>;
}> = async (app, { webhooks, deliveries, limits }) => {
  const tags = ['webhooks'];

  app.get(
    '/rest/v1/webhooks',
    {
      schema: {
        tags,
        summary: 'My webhook: its address, state, events and the start of its secret',
        description:
          'Status `initial` when no address is saved (`webhookUrl` null), `enabled`, or `disabled` with ' +
          'the reason in `errorKey` (a failed check, or `retries_exhausted` after a day of failed deliveries).',
        response: { 200: dataEnvelope(webhookSchema) },
      },
    },
    async (request) => ({ data: await webhooks.get(requireUser(request).id) }),
  );

  app.post(
    '/rest/v1/webhooks',
    {
      schema: {
        tags,
        summary: 'Save my webhook address and check it at once',
        description:
          `${PROTOCOL}A passed check turns the webhook on; a failed one keeps the address, off, with ` +
          '`errorKey`. The signing secret (`whsec_…`, for Standard Webhooks verifiers) is in the answer ' +
          'of the first save only. 422 on an address that may never be called (not http(s), private, ' +
          'credentials in it, or plain http); 429 past the hourly checks.',
        body: webhookUrlBodySchema,
        response: { 200: dataEnvelope(webhookSaveResultSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await limits.webhookCall(user.id);
      return { data: await webhooks.save(user.id, request.body.url) };
    },
  );

  app.post(
    '/rest/v1/webhooks/verify',
    {
      schema: {
        tags,
        summary: 'Check an address again (turns my saved webhook on when it passes)',
        description:
          `${PROTOCOL}On my saved address the result sets the webhook's state; another address is only ` +
          'tried, signed with my secret. 404 when I have no webhook; 429 past the hourly checks.',
        body: webhookUrlBodySchema,
        response: { 200: dataEnvelope(webhookVerifyResultSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await limits.webhookCall(user.id);
      return { data: await webhooks.verify(user.id, request.body.url) };
    },
  );

  app.post(
    '/rest/v1/webhooks/events',
    {
      schema: {
        tags,
        summary: 'Tick or untick the events my webhook receives',
        description: 'Events not named keep their state. 404 when I have no webhook.',
        body: webhookEventsBodySchema,
        response: { 200: dataEnvelope(webhookSchema) },
      },
    },
    async (request) => ({ data: await webhooks.setEvents(requireUser(request).id, request.body) }),
  );

  app.post(
    '/rest/v1/webhooks/secret',
    {
      schema: {
        tags,
        summary: 'Rotate my webhook signing secret: the new one is in this answer only',
        description:
          'Deliveries are signed with the new secret from now on, retries of older ones included. ' +
          '404 when I have no webhook.',
        response: { 200: dataEnvelope(webhookWithSecretSchema) },
      },
    },
    async (request) => ({ data: await webhooks.rotateSecret(requireUser(request).id) }),
  );

  app.delete(
    '/rest/v1/webhooks',
    {
      schema: {
        tags,
        summary: 'Remove my webhook, its queue and its delivery log',
        description: 'Back to the initial state. 404 when I have no webhook.',
        response: { 200: dataEnvelope(z.object({ deleted: z.literal(true) })) },
      },
    },
    async (request) => {
      await webhooks.remove(requireUser(request).id);
      return { data: { deleted: true as const } };
    },
  );

  app.get(
    '/rest/v1/webhooks/deliveries',
    {
      schema: {
        tags,
        summary: 'My webhook delivery log, newest first, 20 a page',
        description:
          'Each event sent or being sent: attempts, the last answer status, latency and an excerpt (at ' +
          'most 1 KB) or why the call failed. 404 when I have no webhook.',
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: dataEnvelope(webhookDeliveryListSchema) },
      },
    },
    async (request) => {
      const mine = await webhooks.mine(requireUser(request).id);
      return { data: await deliveries.list(mine.id, request.query.page) };
    },
  );

  app.post(
    '/rest/v1/webhooks/deliveries/:id/resend',
    {
      schema: {
        tags,
        summary: 'Send one delivery again, now, with the same webhook-id',
        description:
          '`{id}` is a delivery id from my log. A fresh retry schedule for that event. 404 for a delivery ' +
          'that is not mine; 409 ' +
          '`WEBHOOK_DISABLED` while my webhook is off (verify it first); 429 past the hourly calls.',
        params: webhookDeliveryIdParamsSchema,
        response: { 200: dataEnvelope(webhookDeliverySchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const mine = await webhooks.mine(user.id);
      await limits.webhookCall(user.id);
      return { data: await deliveries.resend(mine.id, mine.enabled, request.params.id) };
    },
  );
};
