/**
 * Webhooks (issue 16): so far the signatures of deliveries (Standard Webhooks). The subscriptions, the
 * delivery queue and the calls come next; outbound requests go through platform/outbound/safe-fetch.
 */
export { newWebhookSecret, signedHeaders, type SignedHeaders } from './signing.js';
