import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CryptoAmount, FiatAmount, totalFiatValue, useWalletCoins } from '@/features/wallet';
import { useNamedRoute } from '@/shared/app-state/app-state-context';
import { useBalanceHidden } from '@/shared/hooks/use-balance-hidden';
import { ErrorState } from '@/shared/ui/error-state';
import { IconEye, IconEyeOff } from '@/shared/ui/icons';
import { DashboardCard } from './dashboard-card';

/**
 * What the wallet holds: the total value in the user's currency and each coin's available balance, with
 * the wallet's own amounts, so "hide balances" (the navbar's toggle, also offered here) masks them as it
 * does everywhere. Every coin is listed, zero or not: leaving zeros out would tell them apart while hidden.
 */
export function BalancesCard() {
  const { t } = useTranslation();
  const walletPath = useNamedRoute('walletIndex');
  const { hidden, toggle } = useBalanceHidden();
  const { coins, balances } = useWalletCoins();

  let body;
  if (balances.isPending) {
    body = (
      <Stack gap="xs" role="status" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton height={36} width="60%" />
        <Skeleton height={20} />
        <Skeleton height={20} />
      </Stack>
    );
  } else if (balances.isError || !coins) {
    body = (
      <ErrorState message={t('home.dashboard.balances.error')} onRetry={() => void balances.refetch()} />
    );
  } else if (coins.length === 0) {
    body = (
      <Text size="sm" c="dimmed" data-testid="home-balances-empty">
        {t('home.dashboard.balances.empty')}
      </Text>
    );
  } else {
    const total = totalFiatValue(coins);
    body = (
      <Stack gap="sm">
        <div>
          <Text size="xs" c="dimmed" fw={500}>
            {t('home.dashboard.balances.total', { currency: total.currency })}
          </Text>
          <FiatAmount
            amount={total.amount}
            currency={total.currency}
            precision={total.precision}
            fz={28}
            fw={700}
            data-testid="home-balance-total"
          />
        </div>
        <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
          {coins.map((coin) => (
            <Group
              component="li"
              key={coin.cryptoCurrencyCode}
              justify="space-between"
              gap="xs"
              wrap="nowrap"
              data-testid={`home-balance-${coin.cryptoCurrencyCode}`}
            >
              <Text size="sm" truncate>
                {coin.name}
              </Text>
              <CryptoAmount
                amount={coin.balance}
                code={coin.cryptoCurrencyCode}
                size="sm"
                fw={600}
                style={{ whiteSpace: 'nowrap' }}
              />
            </Group>
          ))}
        </Stack>
      </Stack>
    );
  }

  return (
    <DashboardCard
      id="home-balances"
      title={t('home.dashboard.balances.title')}
      link={{ to: walletPath, label: t('home.dashboard.balances.open') }}
    >
      {body}
      <Group mt="sm">
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={hidden ? <IconEye size={16} /> : <IconEyeOff size={16} />}
          onClick={toggle}
          aria-pressed={hidden}
        >
          {hidden ? t('nav.showBalances') : t('nav.hideBalances')}
        </Button>
      </Group>
    </DashboardCard>
  );
}
