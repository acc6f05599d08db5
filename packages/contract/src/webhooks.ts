import { z } from 'zod';
import { lineString } from './strings.js';

/**
 * Webhooks (account spec: the Webhook entity and its states; issue 16; decision 0043). A trader gives one
 * URL; the platform checks it answers a challenge, then POSTs the events the trader ticked, signed with
 * the Standard Webhooks scheme, retrying for about a day before it disables the webhook.
 */

/** The events a webhook can carry: the names the domain reference found in Paxful's integrations. */
export const webhookEventNames = [
  'trade.started',
  'trade.paid',
  'trade.cancelled_or_expired',
  'trade.released',
  'trade.dispute_started',
  'trade.dispute_finished',
  'trade.chat_message_received',
  'trade.attachment_uploaded',
  'feedback.received',
  'feedback.reply_received',
] as const;
export const webhookEventNameSchema = z.enum(webhookEventNames);
export type WebhookEventName = z.infer<typeof webhookEventNameSchema>;

/** The challenge's event type: sent by "verify", never stored as a delivery. */
export const WEBHOOK_VERIFICATION_EVENT = 'webhook.verification';
/** The request header carrying the challenge, which the receiver must answer in the same header. */
export const WEBHOOK_CHALLENGE_HEADER = 'x-webhook-challenge';

/**
 * Why a URL failed its check or a webhook was disabled (the spec's `errorKey`); the web words each one.
 * The first seven come from the outbound call's safety rules (platform/outbound).
 */
export const webhookErrorKeys = [
  'invalid_url',
  'scheme_not_allowed',
  'credentials_in_url',
  'address_not_allowed',
  'too_many_redirects',
  'timeout',
  'unreachable',
  'https_required',
  'bad_status',
  'challenge_mismatch',
  'retries_exhausted',
] as const;
export const webhookErrorKeySchema = z.enum(webhookErrorKeys);
export type WebhookErrorKey = z.infer<typeof webhookErrorKeySchema>;

/** The spec's states as the page shows them: no URL (initial), a URL that is enabled, or disabled. */
export const webhookStatuses = ['initial', 'enabled', 'disabled'] as const;
export type WebhookStatus = (typeof webhookStatuses)[number];

const webhookUrl = lineString()
  .trim()
  .min(1, 'Enter the address')
  .max(2_000, 'At most 2,000 characters')
  .url('Enter a full address, like https://example.com/hooks/p2p')
  .refine((value) => /^https?:\/\//i.test(value), 'Only http and https addresses');

/** `POST /rest/v1/webhooks` (save my URL) and `POST /rest/v1/webhooks/verify` (check it again). */
export const webhookUrlBodySchema = z.object({ url: webhookUrl });
export type WebhookUrlBody = z.input<typeof webhookUrlBodySchema>;

export const webhookEventSchema = z.object({ name: webhookEventNameSchema, checked: z.boolean() });
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** `POST /rest/v1/webhooks/events`: the events list as the page shows it, each ticked or not. */
export const webhookEventsBodySchema = z.object({
  events: z
    .array(webhookEventSchema)
    .min(1)
    .max(webhookEventNames.length)
    .refine((events) => new Set(events.map((e) => e.name)).size === events.length, 'Each event once'),
});
export type WebhookEventsBody = z.input<typeof webhookEventsBodySchema>;

/** My webhook (`GET /rest/v1/webhooks`): `webhookUrl` null is the initial state. */
export const webhookSchema = z.object({
  webhookUrl: z.string().nullable(),
  enabled: z.boolean(),
  status: z.enum(webhookStatuses),
  /** Why it is disabled, when it is. */
  errorKey: webhookErrorKeySchema.nullable(),
  events: z.array(webhookEventSchema),
  /** The start of the signing secret (`whsec_AbCd`), to recognise it; the whole one is shown once. */
  secretPrefix: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  disabledAt: z.string().nullable(),
  /** Where the page's "how do webhooks work" link goes. */
  knowledgeUrl: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer of saving a URL or rotating the secret: the webhook and, this once, the whole secret. */
export const webhookWithSecretSchema = z.object({ webhook: webhookSchema, secret: z.string().nullable() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

/** What one check of a URL found (`POST /rest/v1/webhooks/verify`, and inside a save). */
export const webhookCheckSchema = z.object({
  passed: z.boolean(),
  errorKey: webhookErrorKeySchema.nullable(),
  /** The receiver's HTTP status, when it answered. */
  responseStatus: z.number().int().nullable(),
  latencyMs: z.number().int().nullable(),
});
export type WebhookCheck = z.infer<typeof webhookCheckSchema>;

export const webhookVerifyResultSchema = z.object({ check: webhookCheckSchema, webhook: webhookSchema });
export type WebhookVerifyResult = z.infer<typeof webhookVerifyResultSchema>;

export const webhookSaveResultSchema = webhookWithSecretSchema.extend({ check: webhookCheckSchema });
export type WebhookSaveResult = z.infer<typeof webhookSaveResultSchema>;

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** One event sent (or being sent) to my webhook: the delivery log's row. */
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  /** The `webhook-id` header: the same on every attempt and on "send again", for the receiver's dedup. */
  messageId: z.string(),
  event: webhookEventNameSchema,
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  latencyMs: z.number().int().nullable(),
  /** The start of the receiver's last answer (at most 1 KB), or why the call failed. */
  responseExcerpt: z.string().nullable(),
  errorKey: webhookErrorKeySchema.nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;

export const webhookDeliveriesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const webhookDeliveryListSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

export const webhookDeliveryIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});
