import { walletTransactionPageSchema, type walletTransactionKinds } from '@app/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/shared/api';
import { walletKeys } from './query-keys';

export type WalletTransactionPage = z.infer<typeof walletTransactionPageSchema>;
export type WalletTransaction = WalletTransactionPage['items'][number];
export type WalletTransactionKind = (typeof walletTransactionKinds)[number];
export type TransactionFilters = { coin: string | null; kind: WalletTransactionKind | null };

export const TRANSACTIONS_PAGE_SIZE = 20;

/** GET /rest/v2/wallet/transactions: one page of the history, newest first (keyset: `cursor`). */
export function getTransactions(
  filters: TransactionFilters,
  cursor: number | null,
  signal?: AbortSignal,
): Promise<WalletTransactionPage> {
  return apiClient.get('/rest/v2/wallet/transactions', {
    query: {
      crypto_currency_code: filters.coin,
      kind: filters.kind,
      cursor,
      limit: TRANSACTIONS_PAGE_SIZE,
    },
    schema: walletTransactionPageSchema,
    signal,
  });
}

export const transactionsQueryOptions = (filters: TransactionFilters) =>
  infiniteQueryOptions({
    queryKey: walletKeys.transactions(filters),
    queryFn: ({ pageParam, signal }) => getTransactions(filters, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export function useTransactions(filters: TransactionFilters) {
  return useInfiniteQuery(transactionsQueryOptions(filters));
}
