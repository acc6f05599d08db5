import { tradeHistoryPageSchema, type TradeHistoryFilter } from '@app/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/shared/api';
import { tradeKeys } from './query-keys';

export type TradeHistoryPage = z.infer<typeof tradeHistoryPageSchema>;

/** GET /rest/v1/trade/history?status=&page=: the viewer's trades, newest first. */
export function getTradeHistory(
  status: TradeHistoryFilter,
  page: number,
  signal?: AbortSignal,
): Promise<TradeHistoryPage> {
  return apiClient.get('/rest/v1/trade/history', {
    query: { status, page },
    schema: tradeHistoryPageSchema,
    signal,
  });
}

export function useTradeHistory(status: TradeHistoryFilter) {
  return useInfiniteQuery({
    queryKey: tradeKeys.history(status),
    queryFn: ({ pageParam, signal }) => getTradeHistory(status, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => last.nextPage ?? undefined,
  });
}
