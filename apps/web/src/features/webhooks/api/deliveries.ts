import { webhookDeliveryListSchema, webhookDeliverySchema } from '@app/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';

export const webhookDeliveriesQueryKey = ['webhook-deliveries'] as const;

/** While a delivery on the page is still being tried, the log looks again this often. */
const PENDING_REFRESH_MS = 5_000;

/** `GET /rest/v1/webhooks/deliveries?page=N`: the delivery log, 20 a page, newest first. */
export function useWebhookDeliveries(page: number) {
  return useQuery({
    queryKey: [...webhookDeliveriesQueryKey, page],
    queryFn: ({ signal }) =>
      apiClient.get('/rest/v1/webhooks/deliveries', {
        query: { page },
        schema: webhookDeliveryListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((delivery) => delivery.status === 'pending')
        ? PENDING_REFRESH_MS
        : false,
  });
}

/**
 * `POST /rest/v1/webhooks/deliveries/{id}/resend`: sends the same message (same `webhook-id`) once more,
 * counted as one more attempt. Refused with 409 `WEBHOOK_DISABLED` while the webhook is off.
 */
export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiClient.post(`/rest/v1/webhooks/deliveries/${id}/resend`, { schema: webhookDeliverySchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryKey }),
  });
}
