import { paymentMethodShortSchema, type Locale } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/shared/api';
import { useLocale } from '@/shared/i18n/locale-context';
import { REFERENCE_GC_TIME, REFERENCE_STALE_TIME } from './stale-time';

const paymentMethodsShortSchema = z.array(paymentMethodShortSchema);

/** `GET /rest/v2/payment-methods?mode=short`: the picker rows, sorted by localized name. */
export function getPaymentMethods(locale: Locale, signal?: AbortSignal) {
  return apiClient.get('/rest/v2/payment-methods', {
    query: { mode: 'short', locale },
    schema: paymentMethodsShortSchema,
    signal,
  });
}

export const getPaymentMethodsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['catalogue', 'payment-methods', 'short', locale],
    queryFn: ({ signal }) => getPaymentMethods(locale, signal),
    staleTime: REFERENCE_STALE_TIME,
    gcTime: REFERENCE_GC_TIME,
  });

export function usePaymentMethods() {
  return useQuery(getPaymentMethodsQueryOptions(useLocale()));
}
