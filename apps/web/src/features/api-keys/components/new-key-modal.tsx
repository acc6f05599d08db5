import type { CreatedApiKey } from '@app/contract';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The secret, this once: copy it now, it is never shown again. */
export function NewKeyModal({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={created !== null} onClose={onClose} title={t('apiKeys.created.title')} centered>
      {created ? (
        <Stack gap="md">
          <Alert color="orange" variant="light">
            <Text size="sm">{t('apiKeys.created.once')}</Text>
          </Alert>
          <Code block data-testid="new-api-key" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {created.secret}
          </Code>
          <Text size="xs" c="dimmed">
            {t('apiKeys.created.howTo')}
          </Text>
          <Group justify="flex-end" gap="sm">
            <CopyButton value={created.secret} timeout={2000}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'light' : 'default'}
                  color={copied ? 'teal' : undefined}
                  onClick={copy}
                >
                  {copied ? t('apiKeys.created.copied') : t('apiKeys.created.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>{t('apiKeys.created.done')}</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
