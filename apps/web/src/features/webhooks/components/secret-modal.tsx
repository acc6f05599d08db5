import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The whole signing secret, this once (the first save, or a rotation): copy it now, it is not shown again. */
export function SecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={secret !== null} onClose={onClose} title={t('webhooks.secret.shownTitle')} centered>
      {secret ? (
        <Stack gap="md">
          <Alert color="orange" variant="light">
            <Text size="sm">{t('webhooks.secret.once')}</Text>
          </Alert>
          <Code
            block
            data-testid="webhook-secret"
            style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
          >
            {secret}
          </Code>
          <Text size="xs" c="dimmed">
            {t('webhooks.secret.help')}
          </Text>
          <Group justify="flex-end" gap="sm">
            <CopyButton value={secret} timeout={2000}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'light' : 'default'}
                  color={copied ? 'teal' : undefined}
                  onClick={copy}
                >
                  {copied ? t('webhooks.secret.copied') : t('webhooks.secret.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>{t('webhooks.secret.done')}</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
