import { cryptoFiatRatesSchema } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { marketplaceKeys } from './query-keys';

/** `GET /rest/v2/crypto-fiat-rates`: every currency's units per USD (and per coin). */
export function getUsdRates(signal?: AbortSignal) {
  return apiClient.get('/rest/v2/crypto-fiat-rates', { schema: cryptoFiatRatesSchema, signal });
}

export const usdRatesQueryOptions = () =>
  queryOptions({
    queryKey: marketplaceKeys.usdRates(),
    queryFn: ({ signal }) => getUsdRates(signal),
    // The simulated market moves every minute or so; an amount converted a minute ago is still fair.
    staleTime: 60_000,
  });

/**
 * The live rate of `currencyCode` per USD and its precision, for an amount typed in USD
 * (`convertFromUSD`). Only asked for when `enabled`.
 */
export function useUsdRate(currencyCode: string | null, enabled: boolean) {
  const query = useQuery({ ...usdRatesQueryOptions(), enabled: enabled && currencyCode !== null });
  const currency = query.data?.currencies.find((entry) => entry.code === currencyCode);
  const rate = currency?.rate.usd;
  return {
    query,
    usdRate: currency && rate ? { rate, precision: currency.precision } : null,
    /** The list loaded but has no rate for this currency. */
    missing: query.isSuccess && !rate,
  };
}
