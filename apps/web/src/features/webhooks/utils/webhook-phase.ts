import type { Webhook, WebhookCheck, WebhookErrorKey } from '@app/contract';

/**
 * What the address card shows (issue 16's state machine): no address yet; the challenge running; the
 * outcome of the check I just ran; or, without one, the webhook's own state.
 */
export type WebhookPhase =
  | { kind: 'initial' }
  | { kind: 'checking' }
  | { kind: 'passed'; check: WebhookCheck }
  | { kind: 'failed'; check: WebhookCheck }
  | { kind: 'enabled' }
  | { kind: 'disabled'; errorKey: WebhookErrorKey | null };

/**
 * The phase from the webhook as the server last said, whether a save or verify call is running, and the
 * check it answered. A check that no longer agrees with the webhook (a pass, then deliveries failing
 * for a day while the page stayed open) gives way to the webhook's own state.
 */
export function webhookPhase(
  webhook: Webhook,
  checking: boolean,
  lastCheck: WebhookCheck | null,
): WebhookPhase {
  if (checking) return { kind: 'checking' };
  switch (webhook.status) {
    case 'initial':
      return { kind: 'initial' };
    case 'enabled':
      return lastCheck?.passed ? { kind: 'passed', check: lastCheck } : { kind: 'enabled' };
    case 'disabled':
      return lastCheck && !lastCheck.passed
        ? { kind: 'failed', check: lastCheck }
        : { kind: 'disabled', errorKey: webhook.errorKey };
  }
}
