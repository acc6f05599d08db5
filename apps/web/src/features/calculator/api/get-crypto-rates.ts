import { walletRatesSchema } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { RATES_REFETCH_INTERVAL, RATES_STALE_TIME } from './stale-time';

/**
 * `GET /rest/v2/wallet/crypto-currencies/rates?currency=`: each coin's price in `currency` with its change
 * over the last 24 hours (the calculator answer has no 24-hour change of its own).
 */
export function getCryptoRates(currency: string, signal?: AbortSignal) {
  return apiClient.get('/rest/v2/wallet/crypto-currencies/rates', {
    query: { currency },
    schema: walletRatesSchema,
    signal,
  });
}

export const getCryptoRatesQueryOptions = (currency: string) =>
  queryOptions({
    queryKey: ['calculator', 'crypto-rates', currency],
    queryFn: ({ signal }) => getCryptoRates(currency, signal),
    staleTime: RATES_STALE_TIME,
    refetchInterval: RATES_REFETCH_INTERVAL,
  });

/** Rates in `currency`; pass `enabled: false` until the currency is known to exist. */
export function useCryptoRates(currency: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getCryptoRatesQueryOptions(currency), enabled });
}
