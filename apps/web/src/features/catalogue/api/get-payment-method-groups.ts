import { paymentMethodGroupSchema, type Locale } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/shared/api';
import { useLocale } from '@/shared/i18n/locale-context';
import { REFERENCE_GC_TIME, REFERENCE_STALE_TIME } from './stale-time';

const paymentMethodGroupsSchema = z.array(paymentMethodGroupSchema);

/** `GET /rest/v2/payment-method-groups`: the groups in display order (`all-payment-methods` first, id 0). */
export function getPaymentMethodGroups(locale: Locale, signal?: AbortSignal) {
  return apiClient.get('/rest/v2/payment-method-groups', {
    query: { locale },
    schema: paymentMethodGroupsSchema,
    signal,
  });
}

export const getPaymentMethodGroupsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['catalogue', 'payment-method-groups', locale],
    queryFn: ({ signal }) => getPaymentMethodGroups(locale, signal),
    staleTime: REFERENCE_STALE_TIME,
    gcTime: REFERENCE_GC_TIME,
  });

export function usePaymentMethodGroups() {
  return useQuery(getPaymentMethodGroupsQueryOptions(useLocale()));
}
