import type { Trade } from '@app/contract';
import { Paper, Stepper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTradeFormat } from '../hooks/use-trade-format';

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
    </Paper>
  );
}
