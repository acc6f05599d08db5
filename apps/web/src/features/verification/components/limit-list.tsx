import type { KycLimits } from '@app/contract';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useKycFormat } from '../hooks/use-kyc-format';

/** A level's limits, one line each; `null` is said as "No limit". */
export function LimitList({ limits }: { limits: KycLimits }) {
  const { t } = useTranslation();
  const format = useKycFormat();
  const money = (value: number | null) =>
    value === null ? t('verification.limits.noLimit') : format.usd(value);
  const rows = [
    { key: 'perTrade', name: t('verification.limits.perTrade'), value: money(limits.perTradeUsd) },
    { key: 'daily', name: t('verification.limits.daily'), value: money(limits.dailyTradeUsd) },
    { key: 'lifetime', name: t('verification.limits.lifetime'), value: money(limits.lifetimeTradeUsd) },
    {
      key: 'active',
      name: t('verification.limits.activeTrades'),
      value:
        limits.maxActiveTrades === null
          ? t('verification.limits.noLimit')
          : format.count(limits.maxActiveTrades),
    },
    {
      key: 'withdrawal',
      name: t('verification.limits.withdrawal', { count: limits.withdrawalDays }),
      value: money(limits.withdrawalUsd),
    },
  ];
  return (
    <Stack component="dl" gap={4} m={0}>
      {rows.map((row) => (
        <Group key={row.key} justify="space-between" gap="xs" wrap="nowrap" align="baseline">
          <Text component="dt" size="sm" c="dimmed">
            {row.name}
          </Text>
          <Text component="dd" size="sm" fw={600} m={0} ta="right" data-testid={`limit-${row.key}`}>
            {row.value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
