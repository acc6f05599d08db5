import { popularPaymentMethodsSchema, type Locale } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { useLocale } from '@/shared/i18n/locale-context';
import { REFERENCE_GC_TIME, REFERENCE_STALE_TIME } from './stale-time';

/**
 * `GET /rest/v2/payment-methods/popular`: the methods most offers use, per side (`buy`: what buyers pay
 * with, `sell`: what sellers like to receive), by country (`WORLDWIDE` the fallback) and by group.
 */
export const getPopularPaymentMethodsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['catalogue', 'payment-methods', 'popular', locale],
    queryFn: ({ signal }) =>
      apiClient.get('/rest/v2/payment-methods/popular', {
        query: { locale },
        schema: popularPaymentMethodsSchema,
        signal,
      }),
    staleTime: REFERENCE_STALE_TIME,
    gcTime: REFERENCE_GC_TIME,
  });

export function usePopularPaymentMethods() {
  return useQuery(getPopularPaymentMethodsQueryOptions(useLocale()));
}
