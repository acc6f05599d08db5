import type { KycLimitations, KycUsage } from '@app/contract';
import { Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useKycFormat } from '../hooks/use-kyc-format';

/** How much of a limit is used, 0-100, for the bar (a used-up limit is a full bar). */
const percentOf = (used: number, limit: number) =>
  limit <= 0 ? 100 : Math.min(100, Math.max(0, (used / limit) * 100));

/** One limit with what was used of it: a bar and "used of limit, left" (or "no limit"). */
function UsageRow({
  testId,
  title,
  used,
  limit,
  left,
  unit = 'usd',
}: {
  testId: string;
  title: string;
  used: number;
  limit: number | null;
  left: number | null;
  unit?: 'usd' | 'count';
}) {
  const { t } = useTranslation();
  const format = useKycFormat();
  const show = (value: number) => (unit === 'usd' ? format.usd(value) : format.count(value));
  const percent = limit === null ? 0 : percentOf(used, limit);
  return (
    <Stack gap={4} data-testid={testId}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {title}
        </Text>
        <Text size="sm" c="dimmed">
          {limit === null
            ? t('verification.usage.usedNoLimit', { used: show(used) })
            : t('verification.usage.usedOf', { used: show(used), limit: show(limit) })}
        </Text>
      </Group>
      {limit === null ? null : (
        <>
          <Progress
            value={percent}
            color={percent >= 100 ? 'red' : percent >= 80 ? 'orange' : 'brand'}
            aria-label={t('verification.usage.barLabel', { name: title })}
          />
          <Text size="xs" c="dimmed">
            {t('verification.usage.left', { left: show(left ?? 0) })}
          </Text>
        </>
      )}
    </Stack>
  );
}

const usageRow = (usage: KycUsage) => ({
  used: Number(usage.usedUsd),
  limit: usage.limitUsd === null ? null : Number(usage.limitUsd),
  left: usage.leftUsd === null ? null : Number(usage.leftUsd),
});

/**
 * My level's limits and what I used of them (`dashboard-level-limitations`): the trades of the last
 * 24 hours, the volume in all, the running trades and the send-outs of the window; the largest single
 * trade; what the level does not allow at all.
 */
export function UsagePanel({ limitations }: { limitations: KycLimitations }) {
  const { t } = useTranslation();
  const format = useKycFormat();
  const { trade, wallet } = limitations;
  return (
    <Stack gap="md">
      {trade ? (
        <Text size="sm" data-testid="usage-per-trade">
          {trade.perTradeUsd === null
            ? t('verification.usage.perTradeNoLimit')
            : t('verification.usage.perTrade', { limit: format.usd(trade.perTradeUsd) })}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        {trade ? (
          <>
            <UsageRow testId="usage-daily" title={t('verification.usage.daily')} {...usageRow(trade.daily)} />
            <UsageRow
              testId="usage-lifetime"
              title={t('verification.usage.lifetime')}
              {...usageRow(trade.lifetime)}
            />
            <UsageRow
              testId="usage-active"
              title={t('verification.usage.activeTrades')}
              unit="count"
              used={trade.activeTrades}
              limit={trade.maxActiveTrades}
              left={
                trade.maxActiveTrades === null
                  ? null
                  : Math.max(0, trade.maxActiveTrades - trade.activeTrades)
              }
            />
          </>
        ) : null}
        {wallet ? (
          <UsageRow
            testId="usage-withdrawal"
            title={t('verification.usage.withdrawal', { count: wallet.days })}
            {...usageRow(wallet.withdrawal)}
          />
        ) : null}
      </SimpleGrid>
      {limitations.blockedActions.length > 0 ? (
        <Text size="sm" c="dimmed" data-testid="usage-blocked">
          {t('verification.usage.blocked', {
            list: limitations.blockedActions.map((a) => t(`verification.blockedActions.${a}`)).join(', '),
          })}
        </Text>
      ) : null}
    </Stack>
  );
}
