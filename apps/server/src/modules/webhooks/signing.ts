import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * Webhook signatures by the Standard Webhooks scheme (standardwebhooks.com), through its reference
 * library rather than by hand: `webhook-id`, `webhook-timestamp` (seconds) and `webhook-signature`
 * (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`). Receivers verify with any Standard Webhooks
 * library and the secret shown to the owner once.
 */

/** A new signing secret: `whsec_` and 32 random bytes in base64, the scheme's own form. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

export type SignedHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

/** The three headers of one delivery of `body`, sent at `at`, as message `id`. */
export function signedHeaders(secret: string, id: string, at: Date, body: string): SignedHeaders {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}
