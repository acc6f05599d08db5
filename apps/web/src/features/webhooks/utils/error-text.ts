import type { WebhookErrorKey } from '@app/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useApiErrorText } from '@/shared/api';

/** Why a check failed or the webhook is off, in words (`errorKey` null: the reason was not kept). */
export function useWebhookReasonText(): (errorKey: WebhookErrorKey | null) => string {
  const { t } = useTranslation();
  return useCallback(
    (errorKey) => (errorKey ? t(`webhooks.errorKeys.${errorKey}`) : t('webhooks.check.unknownReason')),
    [t],
  );
}

/**
 * A failed webhook call in words: the two refusals this page expects (no webhook any more, and "send
 * again" while it is off) said here, anything else as the app says it.
 */
export function useWebhookCallErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  const fallback = useApiErrorText();
  return useCallback(
    (error) => {
      const code = isApiError(error) ? error.code : null;
      if (code === 'WEBHOOK_DISABLED') return t('webhooks.deliveries.webhookDisabled');
      if (code === 'NOT_FOUND') return t('webhooks.errors.notFound');
      return fallback(error);
    },
    [t, fallback],
  );
}
