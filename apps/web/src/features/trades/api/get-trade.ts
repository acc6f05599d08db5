import { tradeSchema, type Trade } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { tradeKeys } from './query-keys';

/** GET /rest/v1/trade/{id}: the trade as the viewer sees it (role, available actions, chat state). */
export function getTrade(hash: string, signal?: AbortSignal): Promise<Trade> {
  return apiClient.get(`/rest/v1/trade/${encodeURIComponent(hash)}`, { schema: tradeSchema, signal });
}

export const tradeQueryOptions = (hash: string) =>
  queryOptions({
    queryKey: tradeKeys.trade(hash),
    queryFn: ({ signal }) => getTrade(hash, signal),
    // Live updates arrive over the socket; this is the safety net if one is missed.
    staleTime: 10_000,
  });

export function useTrade(hash: string) {
  return useQuery(tradeQueryOptions(hash));
}
