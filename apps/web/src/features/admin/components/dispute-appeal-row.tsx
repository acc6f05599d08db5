import type { AdminAppeal } from '@app/contract';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAmountFormat } from '@/features/catalogue';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { useDecideAppeal } from '../api/appeals';
import { AppealDecision } from './appeal-decision';

/**
 * An appeal against a dispute's award: the trade, who appeals against whose decision, the award's reason,
 * the appellant's words, what an upheld appeal moved, and the decision.
 */
export function DisputeAppealRow({ appeal }: { appeal: AdminAppeal }) {
  const { t } = useTranslation();
  const format = useAmountFormat();
  const localize = useLocalizePath();
  const decide = useDecideAppeal(appeal.id);
  const winner = appeal.dispute.outcome;
  return (
    <Paper withBorder radius="md" p="md" data-testid="appeal-row">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Anchor component={Link} to={localize(`/admin/disputes/${appeal.tradeHash}`)} fw={600}>
            {appeal.tradeHash}
          </Anchor>
          <Badge variant="light" color={appeal.status === 'appealed' ? 'orange' : 'gray'}>
            {t(`admin.appeals.tabs.${appeal.status}`)}
          </Badge>
        </Group>
        <Text size="sm">
          {t('admin.appeals.who', {
            appellant: appeal.appellant,
            role: t(`admin.dispute.party.${appeal.appellantRole}`),
            outcome: t(`admin.disputes.outcome.${winner}`),
            moderator: appeal.dispute.moderator ?? t('admin.audit.operator'),
          })}
        </Text>
        {appeal.dispute.reason ? (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('admin.dispute.decision.reason', { reason: appeal.dispute.reason })}
          </Text>
        ) : null}
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {appeal.reason}
        </Text>
        {appeal.reversedAmount !== null ? (
          <Text size="xs" c="dimmed">
            {t('admin.appeals.reversed', {
              amount: format.cryptoDisplay(appeal.reversedAmount, appeal.cryptoCode).text,
              shortfall: format.cryptoDisplay(appeal.shortfallAmount ?? '0', appeal.cryptoCode).text,
              code: appeal.cryptoCode,
            })}
          </Text>
        ) : null}
        <AppealDecision
          appeal={appeal}
          appellant={appeal.appellant}
          danger="uphold"
          doneMessage={t('admin.appeals.done')}
          effect={(outcome) => t(`admin.appeals.effect.${outcome}`, { code: appeal.cryptoCode })}
          onDecide={(outcome, reason) => decide.mutateAsync({ outcome, reason })}
        />
      </Stack>
    </Paper>
  );
}
