import type { WebhookCheck } from '@app/contract';
import { Alert, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/locale-context';
import { useWebhookReasonText } from '../utils/error-text';
import type { WebhookPhase } from '../utils/webhook-phase';

/** "It answered HTTP 200 in 42 ms", when the receiver answered at all. */
function AnswerLine({ check }: { check: WebhookCheck }) {
  const { t } = useTranslation();
  if (check.responseStatus === null || check.latencyMs === null) return null;
  return (
    <Text size="xs" mt={4}>
      {t('webhooks.check.answer', { status: check.responseStatus, latency: check.latencyMs })}
    </Text>
  );
}

/**
 * The address card's state as words: the challenge running (a spinner, announced), the outcome of the
 * check just run, or the webhook's own state with, when it is off, why.
 */
export function CheckNotice({ phase, verifiedAt }: { phase: WebhookPhase; verifiedAt: string | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const reason = useWebhookReasonText();
  switch (phase.kind) {
    case 'initial':
      return (
        <Text size="sm" c="dimmed">
          {t('webhooks.url.initialHelp')}
        </Text>
      );
    case 'checking':
      return (
        <Group gap="sm" wrap="nowrap" role="status" aria-live="polite" data-testid="webhook-checking">
          <Loader size="sm" style={{ flexShrink: 0 }} />
          <Text size="sm">{t('webhooks.check.running')}</Text>
        </Group>
      );
    case 'passed':
      return (
        <Alert color="teal" variant="light" role="status" data-testid="webhook-check-passed">
          <Text size="sm">{t('webhooks.check.passed')}</Text>
          <AnswerLine check={phase.check} />
        </Alert>
      );
    case 'failed':
      return (
        <Alert color="red" variant="light" role="alert" data-testid="webhook-check-failed">
          <Text size="sm">{t('webhooks.check.failed', { reason: reason(phase.check.errorKey) })}</Text>
          <AnswerLine check={phase.check} />
        </Alert>
      );
    case 'enabled':
      return verifiedAt ? (
        <Text size="sm" c="dimmed">
          {t('webhooks.check.verifiedAt', {
            date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
              new Date(verifiedAt),
            ),
          })}
        </Text>
      ) : null;
    case 'disabled':
      return (
        <Alert color="orange" variant="light" data-testid="webhook-disabled">
          <Text size="sm">{t('webhooks.check.disabled', { reason: reason(phase.errorKey) })}</Text>
        </Alert>
      );
  }
}
