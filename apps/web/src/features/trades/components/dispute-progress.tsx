import { APPEAL_REASON_MAX, type Trade } from '@app/contract';
import { Alert, Button, Group, Modal, Paper, Stack, Stepper, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useApiErrorText } from '@/shared/api';
import { useAppealDecision } from '../api/trade-actions';
import { useTradeFormat } from '../hooks/use-trade-format';
import { AwardHold } from './award-hold';

/** The appeal part of a decided dispute: the button while it is open, then its progress. */
function AppealSection({ trade }: { trade: Trade }) {
  const { t } = useTranslation();
  const format = useTradeFormat();
  const errorText = useApiErrorText();
  const appeal = useAppealDecision(trade.id);
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { status, closesAt, outcome } = trade.dispute.appeal;
  if (status === 'not_available' && !outcome) return null;
  const submit = async () => {
    if (!reason.trim()) {
      setError(t('trades.disputeProgress.appealRequired'));
      return;
    }
    try {
      await appeal.mutateAsync(reason.trim());
      setOpened(false);
    } catch (failure) {
      const field = isApiError(failure) ? failure.details.find((d) => d.field === 'reason') : undefined;
      setError(field?.message ?? errorText(failure));
    }
  };
  return (
    <Stack gap={6} mt="sm" data-testid="dispute-appeal">
      <Text size="sm" fw={600}>
        {t('trades.disputeProgress.appeal')}
      </Text>
      {outcome ? (
        <Text size="sm">{t(`trades.disputeProgress.appealOutcome.${outcome}`)}</Text>
      ) : status === 'available' ? (
        <Group gap="sm">
          <Text size="sm">
            {t('trades.disputeProgress.appealAvailable', {
              date: closesAt ? format.fromSeconds(closesAt.timestamp) : '',
            })}
          </Text>
          <Button size="xs" variant="light" onClick={() => setOpened(true)}>
            {t('trades.disputeProgress.appealButton')}
          </Button>
        </Group>
      ) : status === 'expired' ? (
        <Text size="sm" c="dimmed">
          {t('trades.disputeProgress.appealExpired')}
        </Text>
      ) : null}
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('trades.disputeProgress.appealTitle')}
        centered
      >
        <Stack gap="sm">
          <Textarea
            label={t('trades.disputeProgress.appealReason')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={APPEAL_REASON_MAX}
            error={error}
            autosize
            minRows={3}
            withAsterisk
          />
          {appeal.isError && !error ? <Alert color="red">{errorText(appeal.error)}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => void submit()} loading={appeal.isPending}>
              {t('trades.disputeProgress.appealSend')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/**
 * Where a dispute stands, for the parties and staff: opened (by whom, when), a moderator joined (who) or
 * not yet, decided (the outcome and the moderator's reason). Updates live with the trade.
 */
export function DisputeProgress({ trade }: { trade: Trade }) {
  const { t } = useTranslation();
  const format = useTradeFormat();
  const { dispute } = trade;
  if (!dispute.openedBy && !dispute.decision) return null;
  const active = dispute.decision ? 3 : dispute.moderator ? 2 : 1;
  return (
    <Paper withBorder radius="md" p="md" data-testid="dispute-progress">
      <Title order={2} fz="lg" mb="sm">
        {t('trades.disputeProgress.title')}
      </Title>
      <Stepper active={active} orientation="vertical" size="sm" allowNextStepsSelect={false}>
        <Stepper.Step
          label={t('trades.disputeProgress.opened')}
          description={
            dispute.openedBy
              ? t(`trades.disputeProgress.openedBy.${dispute.openedBy}`, {
                  date: dispute.openedAt ? format.fromSeconds(dispute.openedAt.timestamp) : '',
                })
              : undefined
          }
        />
        <Stepper.Step
          label={t('trades.disputeProgress.moderator')}
          description={
            <span data-testid="dispute-moderator">
              {dispute.moderator
                ? t('trades.disputeProgress.moderatorJoined', { name: dispute.moderator })
                : dispute.decision
                  ? ''
                  : t('trades.disputeProgress.moderatorWaiting')}
            </span>
          }
        />
        <Stepper.Step
          label={t('trades.disputeProgress.decision')}
          description={
            dispute.decision ? (
              <span data-testid="dispute-decision">
                <Text span fw={600} size="sm">
                  {t(`trades.disputeProgress.outcome.${dispute.decision.outcome}`)}
                </Text>
                {dispute.decision.reason ? (
                  <Text span size="sm" display="block">
                    {t('trades.disputeProgress.reason', { reason: dispute.decision.reason })}
                  </Text>
                ) : null}
              </span>
            ) : (
              t('trades.disputeProgress.decisionWaiting')
            )
          }
        />
      </Stepper>
      <AwardHold trade={trade} />
      <AppealSection trade={trade} />
    </Paper>
  );
}
