import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_CHALLENGE_HEADER,
  WEBHOOK_VERIFICATION_EVENT,
  type WebhookCheck,
  type WebhookErrorKey,
} from '@app/contract';
import { OutboundError, type OutboundAnswer, type SafeFetch } from '../../platform/outbound/index.js';
import { signedHeaders } from './signing.js';

/** A delivery's POST: the JSON body and the Standard Webhooks headers, signed at the moment it leaves. */
export async function post(
  safeFetch: SafeFetch,
  target: { url: string; secret: string },
  message: { id: string; body: string },
  extraHeaders: Record<string, string> = {},
): Promise<OutboundAnswer> {
  return safeFetch(target.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'p2p-market-webhooks/1',
      ...signedHeaders(target.secret, message.id, new Date(), message.body),
      ...extraHeaders,
    },
    body: message.body,
  });
}

/** The error key of a failed call: the safety rule that refused it, or how the receiver failed. */
export const errorKeyOf = (error: unknown): WebhookErrorKey =>
  error instanceof OutboundError ? error.reason : 'unreachable';

/**
 * The challenge (decision 0043): a signed POST of `{type: "webhook.verification", payload: {challenge}}`
 * with the challenge also in the `X-Webhook-Challenge` header; the receiver proves it is ours to call
 * by answering 2xx with the same value in the same response header (Paxful's protocol, which a
 * receiver can satisfy without parsing the body). A URL that merely answers 200 to anything fails.
 */
export async function runChallenge(
  safeFetch: SafeFetch,
  target: { url: string; secret: string },
  at: Date,
): Promise<WebhookCheck> {
  const challenge = randomBytes(24).toString('base64url');
  const body = JSON.stringify({
    type: WEBHOOK_VERIFICATION_EVENT,
    payload: { challenge },
    time: at.toISOString(),
  });
  try {
    const answer = await post(
      safeFetch,
      target,
      { id: `msg_verify_${challenge.slice(0, 16)}`, body },
      { [WEBHOOK_CHALLENGE_HEADER]: challenge },
    );
    const base = { responseStatus: answer.status, latencyMs: answer.latencyMs };
    if (answer.status < 200 || answer.status >= 300) {
      return { passed: false, errorKey: 'bad_status', ...base };
    }
    if (answer.headers[WEBHOOK_CHALLENGE_HEADER] !== challenge) {
      return { passed: false, errorKey: 'challenge_mismatch', ...base };
    }
    return { passed: true, errorKey: null, ...base };
  } catch (error) {
    return { passed: false, errorKey: errorKeyOf(error), responseStatus: null, latencyMs: null };
  }
}
