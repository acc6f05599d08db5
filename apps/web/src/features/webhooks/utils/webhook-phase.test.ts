import type { Webhook, WebhookCheck } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { webhookPhase } from './webhook-phase';

const webhook = (overrides: Partial<Webhook> = {}): Webhook => ({
  webhookUrl: 'https://example.com/hooks',
  enabled: true,
  status: 'enabled',
  errorKey: null,
  events: [],
  secretPrefix: 'whsec_AbCd',
  verifiedAt: '2026-11-20T08:00:00.000Z',
  disabledAt: null,
  knowledgeUrl: '/docs/webhooks',
  ...overrides,
});
const passed: WebhookCheck = { passed: true, errorKey: null, responseStatus: 200, latencyMs: 42 };
const failed: WebhookCheck = { passed: false, errorKey: 'timeout', responseStatus: null, latencyMs: null };
const disabled = webhook({ status: 'disabled', enabled: false, errorKey: 'timeout' });

describe('webhookPhase', () => {
  it('should say "checking" while a save or verify call runs, whatever the webhook was', () => {
    expect(webhookPhase(webhook({ status: 'initial', webhookUrl: null }), true, null)).toEqual({
      kind: 'checking',
    });
    expect(webhookPhase(disabled, true, failed)).toEqual({ kind: 'checking' });
  });

  it("should show the check's outcome when it agrees with the webhook", () => {
    expect(webhookPhase(webhook(), false, passed)).toEqual({ kind: 'passed', check: passed });
    expect(webhookPhase(disabled, false, failed)).toEqual({ kind: 'failed', check: failed });
  });

  it("should fall back to the webhook's own state without a check, or when the check is stale", () => {
    expect(webhookPhase(webhook({ status: 'initial', webhookUrl: null }), false, null)).toEqual({
      kind: 'initial',
    });
    expect(webhookPhase(webhook(), false, null)).toEqual({ kind: 'enabled' });
    expect(webhookPhase(webhook(), false, failed)).toEqual({ kind: 'enabled' });
    const exhausted = webhook({ status: 'disabled', enabled: false, errorKey: 'retries_exhausted' });
    expect(webhookPhase(exhausted, false, passed)).toEqual({
      kind: 'disabled',
      errorKey: 'retries_exhausted',
    });
  });
});
