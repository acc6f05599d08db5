import type { ApiKey } from '@app/contract';
import { Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorText } from '@/shared/api';
import { useLocale } from '@/shared/i18n/locale-context';
import { FormError } from '@/shared/ui/form-error';
import { useRevokeApiKey } from '../api/api-keys';

/** One key: its name and start, what it may do, when it was made and last used; revoke after asking. */
function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Paper withBorder radius="md" p="sm" component="li" data-testid="api-key" data-name={apiKey.name}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {apiKey.name}
          </Text>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={() => onRevoke(apiKey)}
            aria-label={t('apiKeys.list.revokeNamed', { name: apiKey.name })}
          >
            {t('apiKeys.list.revoke')}
          </Button>
        </Group>
        <Text size="xs" ff="monospace" c="dimmed">
          {apiKey.prefix}…
        </Text>
        <Group gap={6} wrap="wrap">
          {apiKey.scopes.map((scope) => (
            <Badge
              key={scope}
              size="sm"
              variant="light"
              color={scope === 'wallet-withdraw' ? 'orange' : 'blue'}
            >
              {t(`apiKeys.scopes.${scope}`)}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          {t('apiKeys.list.created', { date: date.format(new Date(apiKey.createdAt)) })} ·{' '}
          <span data-testid="api-key-last-used">
            {apiKey.lastUsedAt
              ? t('apiKeys.list.lastUsed', {
                  date: date.format(new Date(apiKey.lastUsedAt)),
                  ip: apiKey.lastUsedIp ?? '?',
                })
              : t('apiKeys.list.neverUsed')}
          </span>
        </Text>
      </Stack>
    </Paper>
  );
}

/** My keys, newest first, each revocable after a confirmation (a bot using it stops at once). */
export function KeyList({ keys }: { keys: readonly ApiKey[] }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const revoke = useRevokeApiKey();
  const [asking, setAsking] = useState<ApiKey | null>(null);
  const close = () => {
    revoke.reset();
    setAsking(null);
  };
  if (keys.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="api-keys-empty">
        {t('apiKeys.list.empty')}
      </Text>
    );
  }
  return (
    <>
      <Stack
        component="ul"
        gap="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('apiKeys.list.label')}
      >
        {keys.map((key) => (
          <KeyRow key={key.id} apiKey={key} onRevoke={setAsking} />
        ))}
      </Stack>
      <Modal
        opened={asking !== null}
        onClose={() => (revoke.isPending ? undefined : close())}
        title={t('apiKeys.revoke.title', { name: asking?.name ?? '' })}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t('apiKeys.revoke.body')}</Text>
          <FormError message={revoke.isError ? errorText(revoke.error) : null} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={revoke.isPending}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={revoke.isPending}
              onClick={() => asking && revoke.mutate(asking.id, { onSuccess: close })}
            >
              {t('apiKeys.revoke.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
