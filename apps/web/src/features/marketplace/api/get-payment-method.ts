import { paymentMethodDetailSchema, type Locale } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { useLocale } from '@/shared/i18n/locale-context';
import { marketplaceKeys } from './query-keys';

/** `GET /rest/v2/payment-methods/{slug}`: the method, its group, tags and gift card regions (404 if unknown). */
export function getPaymentMethod(slug: string, locale: Locale, signal?: AbortSignal) {
  return apiClient.get(`/rest/v2/payment-methods/${encodeURIComponent(slug)}`, {
    query: { locale },
    schema: paymentMethodDetailSchema,
    signal,
  });
}

export const paymentMethodQueryOptions = (slug: string, locale: Locale) =>
  queryOptions({
    queryKey: marketplaceKeys.paymentMethod(slug, locale),
    queryFn: ({ signal }) => getPaymentMethod(slug, locale, signal),
    // Reference data: it changes when the catalogue is re-seeded.
    staleTime: 60 * 60 * 1000,
  });

export function usePaymentMethod(slug: string | null) {
  const locale = useLocale();
  return useQuery({ ...paymentMethodQueryOptions(slug ?? '', locale), enabled: slug !== null });
}
