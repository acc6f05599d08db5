import { walletCryptoCurrenciesSchema } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { REFERENCE_GC_TIME, REFERENCE_STALE_TIME } from './stale-time';

/** `GET /rest/v2/wallet/crypto-currencies`: the coins we trade, with per-code metadata (`isBlocked`). */
export function getCryptoCurrencies(signal?: AbortSignal) {
  return apiClient.get('/rest/v2/wallet/crypto-currencies', { schema: walletCryptoCurrenciesSchema, signal });
}

export const getCryptoCurrenciesQueryOptions = () =>
  queryOptions({
    queryKey: ['catalogue', 'crypto-currencies'],
    queryFn: ({ signal }) => getCryptoCurrencies(signal),
    staleTime: REFERENCE_STALE_TIME,
    gcTime: REFERENCE_GC_TIME,
  });

export function useCryptoCurrencies() {
  return useQuery(getCryptoCurrenciesQueryOptions());
}
