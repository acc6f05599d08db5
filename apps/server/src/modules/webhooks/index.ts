/**
 * Webhooks (issue 16, decision 0043): a trader's URL, checked by a challenge, receiving the events they
 * ticked, signed with Standard Webhooks, from a durable queue with retries. Outbound calls go through
 * platform/outbound's SSRF-safe fetch.
 */
export { newWebhookSecret, signedHeaders, type SignedHeaders } from './signing.js';
export { createWebhooksService, type WebhooksService } from './service.js';
export { createWebhookDelivery, type WebhookDeliveryQueue } from './delivery.js';
export { webhooksRoutes } from './routes.js';
