import { paymentMethodDetailSchema, type Locale } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { useLocale } from '@/shared/i18n/locale-context';
import { offerKeys } from './query-keys';

/** Reference data: it changes when the catalogue is re-seeded. */
const METHOD_STALE_TIME = 60 * 60 * 1000;

/**
 * `GET /rest/v2/payment-methods/{slug}`: the offer's method with its localized name and its group (the
 * warnings depend on the group: cards and online wallets can be charged back, bank transfers land in a
 * bank account).
 */
export function getPaymentMethod(slug: string, locale: Locale, signal?: AbortSignal) {
  return apiClient.get(`/rest/v2/payment-methods/${encodeURIComponent(slug)}`, {
    query: { locale },
    schema: paymentMethodDetailSchema,
    signal,
  });
}

export function usePaymentMethod(slug: string | null) {
  const locale = useLocale();
  return useQuery({
    ...queryOptions({
      queryKey: offerKeys.paymentMethod(slug ?? '', locale),
      queryFn: ({ signal }) => getPaymentMethod(slug ?? '', locale, signal),
      staleTime: METHOD_STALE_TIME,
    }),
    enabled: slug !== null,
  });
}
