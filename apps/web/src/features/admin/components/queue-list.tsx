import { Button, Center, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/shared/ui/error-state';

type Page<T> = { items: T[]; nextCursor: string | null };

/**
 * A console queue read page after page: the loading, error (with retry) and empty states, the rows, and
 * "load more" while the server has another page. Every console list (disputes, reports, chargebacks,
 * audit log) is one of these.
 */
export function QueueList<T>({
  query,
  renderItem,
  itemKey,
  emptyText,
  errorText,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string | number;
  emptyText: string;
  errorText: string;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton height={120} />
        <Skeleton height={120} />
      </Stack>
    );
  }
  if (query.isError) return <ErrorState message={errorText} onRetry={() => void query.refetch()} />;
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Center>
          <Text c="dimmed" data-testid="queue-empty">
            {emptyText}
          </Text>
        </Center>
      </Paper>
    );
  }
  return (
    <Stack gap="sm">
      {items.map((item) => (
        <div key={itemKey(item)}>{renderItem(item)}</div>
      ))}
      {query.hasNextPage ? (
        <Center>
          <Button
            variant="default"
            onClick={() => void query.fetchNextPage()}
            loading={query.isFetchingNextPage}
          >
            {t('admin.disputes.loadMore')}
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}
