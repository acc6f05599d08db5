import { isActiveTradeStatus, type Trade } from '@app/contract';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorText } from '@/shared/api';
import { useFallbackToManual } from '../api/trade-actions';
import { ConfirmDialog } from './confirm-dialog';

/**
 * A trade in one of the offer's automated flows (gift card check, bank transfer automation, lite): what
 * that means, and the way out when it gets stuck (`POST .../fallback`): the regular steps, for both
 * parties, for good. Only the parties, only while the trade runs.
 */
export function FlowFallbackCard({ trade }: { trade: Trade }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const fallback = useFallbackToManual(trade.id);
  const [asking, setAsking] = useState(false);
  const flow = trade.flow.type;
  if (flow === 'default' || trade.role === 'moderator' || !isActiveTradeStatus(trade.status)) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="flow-fallback">
      <Stack gap="xs">
        <Title order={2} size="h5">
          {t('trades.flow.title', { flow: t(`trades.flow.names.${flow}`) })}
        </Title>
        <Text size="sm">{t('trades.flow.explain', { flow: t(`trades.flow.names.${flow}`) })}</Text>
        <Text size="sm" c="dimmed">
          {t('trades.flow.stuck')}
        </Text>
        {fallback.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorText(fallback.error)}
          </Alert>
        ) : null}
        <Group>
          <Button size="xs" variant="light" onClick={() => setAsking(true)}>
            {t('trades.flow.switch')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={asking}
        title={t('trades.flow.confirmTitle')}
        confirmLabel={t('trades.flow.confirm')}
        pending={fallback.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() => fallback.mutate(undefined, { onSettled: () => setAsking(false) })}
      >
        {t('trades.flow.confirmText')}
      </ConfirmDialog>
    </Paper>
  );
}
