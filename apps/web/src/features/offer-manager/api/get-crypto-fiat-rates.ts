import { cryptoFiatRatesSchema, type CryptoFiatRates, type Locale } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { useLocale } from '@/shared/i18n/locale-context';
import { offerManagerKeys } from './query-keys';

/**
 * `GET /rest/v2/crypto-fiat-rates`: every currency's units for one USD and for one coin of each crypto,
 * the market rate the server prices offers from. Rates move once a minute (the server's tick) and are
 * served with an ETag: kept 30 s, asked again every minute while the editor is open.
 */
export function getCryptoFiatRates(locale: Locale, signal?: AbortSignal): Promise<CryptoFiatRates> {
  return apiClient.get('/rest/v2/crypto-fiat-rates', {
    query: { locale },
    schema: cryptoFiatRatesSchema,
    signal,
  });
}

export const getCryptoFiatRatesQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: offerManagerKeys.rates(locale),
    queryFn: ({ signal }) => getCryptoFiatRates(locale, signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

export function useCryptoFiatRates() {
  return useQuery(getCryptoFiatRatesQueryOptions(useLocale()));
}

/** Fiat per coin at the market (`"81177.50000000"`), or null when there is no rate for the pair. */
export function marketRate(rates: CryptoFiatRates | undefined, crypto: string, fiat: string): string | null {
  const currency = rates?.currencies.find((entry) => entry.code === fiat);
  const rate = currency?.rate[crypto.toLowerCase()];
  return rate && /[1-9]/.test(rate) ? rate : null;
}
