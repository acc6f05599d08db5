import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TradeStatusBadge, useActiveTrades, useTradeFormat } from '@/features/trades';
import { useNamedRoute } from '@/shared/app-state/app-state-context';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { ErrorState } from '@/shared/ui/error-state';
import { numericClass } from '@/shared/ui/numeric';
import { DashboardCard } from './dashboard-card';

/** More than this and the card links to the history for the rest: the home is a summary. */
export const ACTIVE_TRADES_SHOWN = 5;

/**
 * The user's running trades, each a link to its trade page: what (buying or selling which coin, from or
 * to whom), how much, and the status. The list is the one the trade watcher polls and the WebSocket
 * refreshes, so a new trade or a status change shows here without a reload.
 */
export function ActiveTradesCard() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const format = useTradeFormat();
  const historyPath = useNamedRoute('tradeHistory');
  const trades = useActiveTrades();

  let body;
  if (trades.isPending) {
    body = (
      <Stack gap="xs" role="status" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton height={52} radius="md" />
        <Skeleton height={52} radius="md" />
      </Stack>
    );
  } else if (trades.isError) {
    body = <ErrorState message={t('home.dashboard.trades.error')} onRetry={() => void trades.refetch()} />;
  } else if (trades.data.length === 0) {
    body = (
      <Text size="sm" c="dimmed" data-testid="home-trades-empty">
        {t('home.dashboard.trades.empty')}
      </Text>
    );
  } else {
    const shown = trades.data.slice(0, ACTIVE_TRADES_SHOWN);
    const rest = trades.data.length - shown.length;
    body = (
      <Stack gap="xs">
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {shown.map((trade) => (
            <Paper component="li" key={trade.id} withBorder radius="md" p="sm" data-testid="home-trade">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Stack gap={2} miw={0}>
                  <Anchor component={Link} to={localize(`/trade/${trade.id}`)} fw={600} size="sm">
                    {t(
                      trade.role === 'buyer'
                        ? 'home.dashboard.trades.buying'
                        : 'home.dashboard.trades.selling',
                      { code: trade.cryptoCurrencyCode, username: trade.counterparty.username },
                    )}
                  </Anchor>
                  <Text size="xs" c="dimmed" className={numericClass}>
                    {format.fiat(trade.fiatAmount, trade.fiatCurrencyCode)} ·{' '}
                    {format.crypto(trade.cryptoAmount, trade.cryptoCurrencyCode)} · {trade.paymentMethod.name}
                  </Text>
                </Stack>
                <TradeStatusBadge status={trade.status} />
              </Group>
            </Paper>
          ))}
        </Stack>
        {rest > 0 ? (
          <Text size="sm" c="dimmed">
            {t('home.dashboard.trades.more', { count: rest })}
          </Text>
        ) : null}
      </Stack>
    );
  }

  return (
    <DashboardCard
      id="home-trades"
      title={t('home.dashboard.trades.title')}
      link={{ to: historyPath, label: t('home.dashboard.trades.history') }}
    >
      {trades.data && trades.data.length > 0 ? (
        <Badge variant="light" mb="sm" className={numericClass} data-testid="home-trades-count">
          {t('home.dashboard.trades.count', { count: trades.data.length })}
        </Badge>
      ) : null}
      {body}
    </DashboardCard>
  );
}
