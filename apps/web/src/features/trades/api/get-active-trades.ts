import { activeTradesSchema, type TradeSummary } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { tradeKeys } from './query-keys';

/** GET /rest/v1/trade/active: the viewer's running trades, in both roles. */
export async function getActiveTrades(signal?: AbortSignal): Promise<TradeSummary[]> {
  const result = await apiClient.get('/rest/v1/trade/active', { schema: activeTradesSchema, signal });
  return result.trades;
}

export const activeTradesQueryOptions = () =>
  queryOptions({
    queryKey: tradeKeys.active(),
    queryFn: ({ signal }) => getActiveTrades(signal),
  });

export function useActiveTrades(enabled = true) {
  return useQuery({ ...activeTradesQueryOptions(), enabled });
}
