import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSection } from '@/shared/ui/page-section';
import { useRotateWebhookSecret } from '../api/webhook';
import { useWebhookCallErrorText } from '../utils/error-text';
import { ConfirmModal } from './confirm-modal';

/**
 * "Signing secret": its start, to recognise it, and a rotation after a confirmation (receivers holding
 * the old one start refusing deliveries). The new secret goes to `onSecret`, shown once.
 */
export function SecretCard({
  secretPrefix,
  onSecret,
}: {
  secretPrefix: string | null;
  onSecret: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const errorText = useWebhookCallErrorText();
  const rotate = useRotateWebhookSecret();
  const [asking, setAsking] = useState(false);
  const close = () => {
    rotate.reset();
    setAsking(false);
  };
  return (
    <PageSection id="webhook-secret" title={t('webhooks.secret.title')}>
      <Text size="sm" c="dimmed">
        {t('webhooks.secret.help')}
      </Text>
      <Group justify="space-between" gap="sm" wrap="wrap">
        {secretPrefix ? (
          <Text
            size="sm"
            ff="monospace"
            data-testid="webhook-secret-prefix"
            style={{ overflowWrap: 'anywhere' }}
          >
            {t('webhooks.secret.prefix', { prefix: secretPrefix })}
          </Text>
        ) : null}
        <Button variant="default" onClick={() => setAsking(true)}>
          {t('webhooks.secret.rotate')}
        </Button>
      </Group>
      <ConfirmModal
        opened={asking}
        title={t('webhooks.secret.rotateTitle')}
        body={t('webhooks.secret.rotateBody')}
        confirmLabel={t('webhooks.secret.rotateConfirm')}
        pending={rotate.isPending}
        error={rotate.isError ? errorText(rotate.error) : null}
        onClose={close}
        onConfirm={() =>
          rotate.mutate(undefined, {
            onSuccess: (answer) => {
              close();
              if (answer.secret) onSecret(answer.secret);
            },
          })
        }
      />
    </PageSection>
  );
}
