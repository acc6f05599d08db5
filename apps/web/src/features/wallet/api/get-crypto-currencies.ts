import { walletCryptoCurrenciesSchema, type CryptoCurrency } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { walletKeys } from './query-keys';

/** GET /rest/v2/wallet/crypto-currencies: names and icons of the coins. */
export async function getCryptoCurrencies(signal?: AbortSignal): Promise<CryptoCurrency[]> {
  const data = await apiClient.get('/rest/v2/wallet/crypto-currencies', {
    schema: walletCryptoCurrenciesSchema,
    signal,
  });
  return data.cryptoCurrencies;
}

export const cryptoCurrenciesQueryOptions = () =>
  queryOptions({
    queryKey: walletKeys.cryptoCurrencies(),
    queryFn: ({ signal }) => getCryptoCurrencies(signal),
    // Reference data: names do not change while the page is open.
    staleTime: 10 * 60_000,
  });

export function useCryptoCurrencies() {
  return useQuery(cryptoCurrenciesQueryOptions());
}
