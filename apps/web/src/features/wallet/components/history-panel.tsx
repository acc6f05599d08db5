import { walletTransactionKinds, type Withdrawal } from '@app/contract';
import {
  Badge,
  Button,
  Center,
  EmptyState,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/shared/ui/error-state';
import {
  useTransactions,
  type TransactionFilters,
  type WalletTransactionKind,
} from '../api/get-transactions';
import { useWithdrawals } from '../api/get-withdrawals';
import { useWalletFormat } from '../hooks/use-wallet-format';
import type { WalletCoin } from '../hooks/use-wallet-coins';
import { CryptoAmount } from './amount';
import { ALL_COINS, CoinSelect } from './coin-select';
import classes from './wallet.module.css';

const ALL_KINDS = 'all';
const isKind = (value: string): value is WalletTransactionKind =>
  (walletTransactionKinds as readonly string[]).includes(value);

/** Rows shown while a list loads. */
function RowsSkeleton({ rows = 3 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label={t('common.loading')}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height={40} />
      ))}
    </Stack>
  );
}

/** The wallet's history: every ledger movement (filtered, paged), then the withdrawals with their status. */
export function HistoryPanel({ coins }: { coins: readonly WalletCoin[] }) {
  return (
    <Stack gap="lg">
      <TransactionsSection coins={coins} />
      <WithdrawalsSection />
    </Stack>
  );
}

function TransactionsSection({ coins }: { coins: readonly WalletCoin[] }) {
  const { t } = useTranslation();
  const format = useWalletFormat();
  const [filters, setFilters] = useState<TransactionFilters>({ coin: null, kind: null });
  const query = useTransactions(filters);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = filters.coin !== null || filters.kind !== null;
  const label = {
    type: t('wallet.history.type'),
    account: t('wallet.history.account'),
    amount: t('wallet.history.amount'),
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('wallet.history.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={560}>
          <CoinSelect
            coins={coins}
            value={filters.coin}
            onChange={(code) =>
              setFilters((current) => ({ ...current, coin: code === ALL_COINS ? null : code }))
            }
            allLabel={t('wallet.history.allCoins')}
            label={t('wallet.history.coinFilter')}
            size="sm"
          />
          <Select
            label={t('wallet.history.kindFilter')}
            size="sm"
            allowDeselect={false}
            value={filters.kind ?? ALL_KINDS}
            onChange={(value) =>
              setFilters((current) => ({ ...current, kind: value && isKind(value) ? value : null }))
            }
            data={[
              { value: ALL_KINDS, label: t('wallet.history.allKinds') },
              ...walletTransactionKinds.map((kind) => ({ value: kind, label: t(`wallet.kinds.${kind}`) })),
            ]}
          />
        </SimpleGrid>
        {query.isPending ? (
          <RowsSkeleton />
        ) : !query.data ? (
          <ErrorState message={t('wallet.history.error')} onRetry={() => void query.refetch()} />
        ) : items.length === 0 ? (
          <Center py="lg">
            <EmptyState
              size="sm"
              title={filtered ? t('wallet.history.emptyFilteredTitle') : t('wallet.history.emptyTitle')}
              description={filtered ? t('wallet.history.emptyFilteredText') : t('wallet.history.emptyText')}
            >
              {filtered ? (
                <EmptyState.Actions>
                  <Button variant="default" size="xs" onClick={() => setFilters({ coin: null, kind: null })}>
                    {t('wallet.history.clearFilters')}
                  </Button>
                </EmptyState.Actions>
              ) : null}
            </EmptyState>
          </Center>
        ) : (
          <>
            <table
              className={classes.table}
              aria-label={t('wallet.history.title')}
              data-testid="transactions"
            >
              <thead>
                <tr>
                  <th scope="col">{t('wallet.history.date')}</th>
                  <th scope="col">{label.type}</th>
                  <th scope="col">{label.account}</th>
                  <th scope="col" className={classes.right}>
                    {label.amount}
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.id} data-kind={item.kind}>
                    <td>
                      <Text size="sm" className={classes.num}>
                        {format.dateTime(item.createdAt)}
                      </Text>
                    </td>
                    <td data-label={label.type}>{t(`wallet.kinds.${item.kind}`)}</td>
                    <td data-label={label.account}>
                      <Text span size="sm" c="dimmed">
                        {t(`wallet.accounts.${item.account}`)}
                      </Text>
                    </td>
                    <td className={classes.right} data-label={label.amount}>
                      <CryptoAmount amount={item.amount} code={item.cryptoCurrencyCode} signed fw={600} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {query.isFetchNextPageError ? (
              // "Load more" below tries again.
              <ErrorState message={t('wallet.history.error')} />
            ) : null}
            <Center>
              {query.hasNextPage ? (
                <Button
                  variant="default"
                  onClick={() => void query.fetchNextPage()}
                  loading={query.isFetchingNextPage}
                >
                  {t('wallet.history.loadMore')}
                </Button>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('wallet.history.end')}
                </Text>
              )}
            </Center>
          </>
        )}
      </Stack>
    </Paper>
  );
}

const STATUS_COLORS: Record<Withdrawal['status'], string> = {
  awaiting_approval: 'grape',
  pending: 'yellow',
  completed: 'teal',
  rejected: 'red',
  failed: 'red',
};

function WithdrawalsSection() {
  const { t } = useTranslation();
  const format = useWalletFormat();
  const query = useWithdrawals();
  const label = {
    destination: t('wallet.withdrawals.destination'),
    amount: t('wallet.withdrawals.amount'),
    fee: t('wallet.withdrawals.fee'),
    status: t('wallet.withdrawals.status'),
    txid: t('wallet.withdrawals.txid'),
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('wallet.withdrawals.title')}
        </Title>
        {query.isPending ? (
          <RowsSkeleton rows={2} />
        ) : query.isError ? (
          <ErrorState message={t('wallet.withdrawals.error')} onRetry={() => void query.refetch()} />
        ) : query.data.length === 0 ? (
          <Center py="lg">
            <EmptyState
              size="sm"
              title={t('wallet.withdrawals.emptyTitle')}
              description={t('wallet.withdrawals.emptyText')}
            />
          </Center>
        ) : (
          <table
            className={classes.table}
            aria-label={t('wallet.withdrawals.title')}
            data-testid="withdrawals"
          >
            <thead>
              <tr>
                <th scope="col">{t('wallet.history.date')}</th>
                <th scope="col">{label.destination}</th>
                <th scope="col" className={classes.right}>
                  {label.amount}
                </th>
                <th scope="col" className={classes.right}>
                  {label.fee}
                </th>
                <th scope="col">{label.status}</th>
                <th scope="col">{label.txid}</th>
              </tr>
            </thead>
            <tbody>
              {query.data.map((withdrawal) => {
                return (
                  <tr key={withdrawal.id} data-status={withdrawal.status}>
                    <td>
                      <Text size="sm" className={classes.num}>
                        {format.dateTime(withdrawal.createdAt)}
                      </Text>
                    </td>
                    <td data-label={label.destination}>
                      {withdrawal.kind === 'internal' ? (
                        <Text span size="sm">
                          {t('wallet.withdrawals.toUser', { username: withdrawal.recipientUsername ?? '?' })}
                        </Text>
                      ) : (
                        <Tooltip label={withdrawal.address} multiline maw={320}>
                          <Text
                            span
                            size="sm"
                            className={classes.mono}
                            truncate="end"
                            maw={200}
                            display="inline-block"
                          >
                            {withdrawal.address}
                          </Text>
                        </Tooltip>
                      )}
                    </td>
                    <td className={classes.right} data-label={label.amount}>
                      <CryptoAmount
                        amount={withdrawal.amount}
                        code={withdrawal.cryptoCurrencyCode}
                        fw={600}
                      />
                    </td>
                    <td className={classes.right} data-label={label.fee}>
                      <CryptoAmount
                        amount={withdrawal.networkFee}
                        code={withdrawal.cryptoCurrencyCode}
                        size="sm"
                        c="dimmed"
                      />
                    </td>
                    <td data-label={label.status}>
                      <Badge
                        color={STATUS_COLORS[withdrawal.status]}
                        variant="light"
                        data-testid="withdrawal-status"
                      >
                        {t(`wallet.withdrawals.statuses.${withdrawal.status}`)}
                      </Badge>
                    </td>
                    <td data-label={label.txid}>
                      {withdrawal.txid ? (
                        <Text
                          span
                          size="xs"
                          className={classes.mono}
                          truncate="end"
                          maw={180}
                          display="inline-block"
                          title={withdrawal.txid}
                        >
                          {withdrawal.txid}
                        </Text>
                      ) : (
                        <Text span size="xs" c="dimmed">
                          {withdrawal.kind === 'internal'
                            ? t('wallet.withdrawals.noTxidInternal')
                            : t('wallet.withdrawals.noTxidYet')}
                        </Text>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </Stack>
    </Paper>
  );
}
