import {
  webhookSaveResultSchema,
  webhookSchema,
  webhookVerifyResultSchema,
  webhookWithSecretSchema,
  type Webhook,
  type WebhookEventsBody,
  type WebhookUrlBody,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/shared/api';
import { webhookDeliveriesQueryKey } from './deliveries';

export const webhookQueryKey = ['webhook'] as const;

/** `GET /rest/v1/webhooks`: my webhook, `status: 'initial'` while I have none. */
export function useWebhook() {
  return useQuery({
    queryKey: webhookQueryKey,
    queryFn: ({ signal }) => apiClient.get('/rest/v1/webhooks', { schema: webhookSchema, signal }),
  });
}

/**
 * A write whose answer carries the webhook as it now is: the page takes it from the answer rather than
 * asking again (a second GET could race a delivery failure that disables it in between).
 */
function useWebhookMutation<T, R>(call: (input: T) => Promise<R>, webhookOf: (answer: R) => Webhook) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => queryClient.setQueryData(webhookQueryKey, webhookOf(answer)),
  });
}

/**
 * `POST /rest/v1/webhooks`: saves my address (creating the webhook or replacing its address) and checks
 * it at once; the answer says how the check went and, on the first save only, carries the whole secret.
 */
export const useSaveWebhookUrl = () =>
  useWebhookMutation(
    (body: WebhookUrlBody) => apiClient.post('/rest/v1/webhooks', { body, schema: webhookSaveResultSchema }),
    (answer) => answer.webhook,
  );

/** `POST /rest/v1/webhooks/verify`: checks the saved address again (a pass turns a disabled webhook on). */
export const useVerifyWebhook = () =>
  useWebhookMutation(
    (body: WebhookUrlBody) =>
      apiClient.post('/rest/v1/webhooks/verify', { body, schema: webhookVerifyResultSchema }),
    (answer) => answer.webhook,
  );

/** `POST /rest/v1/webhooks/events`: which events are sent. */
export const useUpdateWebhookEvents = () =>
  useWebhookMutation(
    (body: WebhookEventsBody) => apiClient.post('/rest/v1/webhooks/events', { body, schema: webhookSchema }),
    (answer) => answer,
  );

/** `POST /rest/v1/webhooks/secret`: a new signing secret, whole in this answer only. */
export const useRotateWebhookSecret = () =>
  useWebhookMutation(
    () => apiClient.post('/rest/v1/webhooks/secret', { schema: webhookWithSecretSchema }),
    (answer) => answer.webhook,
  );

/** `DELETE /rest/v1/webhooks`: back to the initial state; the delivery log goes with it. */
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiClient.delete('/rest/v1/webhooks', { schema: z.object({ deleted: z.literal(true) }) }),
    // The webhook first: once it reads "initial" the log is gone from the page, and its cache can go
    // without a refetch that would only answer 404.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: webhookQueryKey });
      queryClient.removeQueries({ queryKey: webhookDeliveriesQueryKey });
    },
  });
}
