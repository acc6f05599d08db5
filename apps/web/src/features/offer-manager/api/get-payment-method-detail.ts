import { paymentMethodDetailSchema, type Locale, type PaymentMethodDetail } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { useLocale } from '@/shared/i18n/locale-context';
import { offerManagerKeys } from './query-keys';

/**
 * `GET /rest/v2/payment-methods/{slug}`: one method in full, for the gift card regions an offer with it
 * may name (the short list the pickers use has no regions). Reference data: kept for an hour.
 */
export function getPaymentMethodDetail(
  slug: string,
  locale: Locale,
  signal?: AbortSignal,
): Promise<PaymentMethodDetail> {
  return apiClient.get(`/rest/v2/payment-methods/${encodeURIComponent(slug)}`, {
    query: { locale },
    schema: paymentMethodDetailSchema,
    signal,
  });
}

export const getPaymentMethodDetailQueryOptions = (slug: string, locale: Locale) =>
  queryOptions({
    queryKey: offerManagerKeys.methodDetail(slug, locale),
    queryFn: ({ signal }) => getPaymentMethodDetail(slug, locale, signal),
    staleTime: 60 * 60 * 1000,
  });

/** The method's detail; only asked for when `enabled` (a gift card method is chosen). */
export function usePaymentMethodDetail(slug: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getPaymentMethodDetailQueryOptions(slug, useLocale()), enabled: enabled && !!slug });
}
