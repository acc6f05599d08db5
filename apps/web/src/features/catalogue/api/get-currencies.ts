import { currenciesResponseSchema, type Locale } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { useLocale } from '@/shared/i18n/locale-context';
import { REFERENCE_GC_TIME, REFERENCE_STALE_TIME } from './stale-time';

/** `GET /rest/v2/currencies?with-popular=1`: every currency, plus the popular ones in popularity order. */
export function getCurrencies(locale: Locale, signal?: AbortSignal) {
  return apiClient.get('/rest/v2/currencies', {
    query: { 'with-popular': 1, locale },
    schema: currenciesResponseSchema,
    signal,
  });
}

export const getCurrenciesQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['catalogue', 'currencies', locale],
    queryFn: ({ signal }) => getCurrencies(locale, signal),
    staleTime: REFERENCE_STALE_TIME,
    gcTime: REFERENCE_GC_TIME,
  });

/** The currencies with names in the page's language. */
export function useCurrencies() {
  return useQuery(getCurrenciesQueryOptions(useLocale()));
}
