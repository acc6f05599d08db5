import {
  Button,
  Center,
  Container,
  EmptyState,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { TradeHistoryFilter } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { ErrorState } from '@/shared/ui/error-state';
import { useActiveTrades } from '../api/get-active-trades';
import { useTradeHistory } from '../api/get-trade-history';
import { TradesTable } from '../components/trades-table';

/** The spec's completed-trade filters; `dispute` is the same list as `disputed`, so it has no tab. */
const FILTERS = [
  'all',
  'successful',
  'cancelled',
  'disputed',
  'expired',
] as const satisfies readonly TradeHistoryFilter[];
type Filter = (typeof FILTERS)[number];
const isFilter = (value: string | null): value is Filter =>
  (FILTERS as readonly (string | null)[]).includes(value);

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label={t('common.loading')}>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height={44} />
      ))}
    </Stack>
  );
}

/**
 * Trade history (named route `tradeHistory`): the running trades on top, then every trade filtered
 * by outcome (the filter is in the address: `?status=cancelled`), 20 at a time.
 */
export function TradeHistoryPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('trades.history.title'));
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status: Filter = statusParam === 'dispute' ? 'disputed' : isFilter(statusParam) ? statusParam : 'all';
  const active = useActiveTrades();
  const history = useTradeHistory(status);
  const trades = history.data?.pages.flatMap((page) => page.trades) ?? [];
  const retryNextPage = () => void history.fetchNextPage();

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('trades.history.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('trades.history.subtitle')}
          </Text>
        </div>

        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('trades.history.active')}
            </Title>
            {active.isPending ? (
              <ListSkeleton />
            ) : active.isError ? (
              <ErrorState message={t('trades.history.activeError')} onRetry={() => void active.refetch()} />
            ) : active.data.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="no-active-trades">
                {t('trades.history.noActive')}
              </Text>
            ) : (
              <TradesTable trades={active.data} testId="active-trades" />
            )}
          </Stack>
        </Paper>

        <Stack gap="sm">
          <SegmentedControl
            value={status}
            onChange={(value) =>
              setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  if (value === 'all') next.delete('status');
                  else next.set('status', value);
                  return next;
                },
                { replace: true },
              )
            }
            data={FILTERS.map((filter) => ({ value: filter, label: t(`trades.history.filter.${filter}`) }))}
            aria-label={t('trades.history.filterLabel')}
            fullWidth
            style={{ overflowX: 'auto' }}
          />
          {history.isPending ? (
            <ListSkeleton />
          ) : history.isError ? (
            <ErrorState message={t('trades.history.error')} onRetry={() => void history.refetch()} />
          ) : trades.length === 0 ? (
            <Center py="xl">
              <EmptyState
                title={t('trades.history.emptyTitle')}
                description={t(`trades.history.empty.${status}`)}
              />
            </Center>
          ) : (
            <>
              <TradesTable trades={trades} testId="trade-history" />
              {history.hasNextPage ? (
                <Center>
                  <Button
                    variant="default"
                    loading={history.isFetchingNextPage}
                    onClick={() => void history.fetchNextPage()}
                  >
                    {t('trades.history.more')}
                  </Button>
                </Center>
              ) : null}
              {history.isFetchNextPageError ? (
                <ErrorState message={t('trades.history.error')} onRetry={retryNextPage} />
              ) : null}
            </>
          )}
        </Stack>
      </Stack>
    </Container>
  );
}
