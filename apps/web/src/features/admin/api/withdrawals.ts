import { adminWithdrawalQueueSchema, adminWithdrawalSchema } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { adminKeys } from './admin-keys';

/** GET /rest/v1/admin/withdrawals: the withdrawals waiting for two staff approvals, oldest first. */
export function useWithdrawalQueue() {
  return useQuery({
    queryKey: adminKeys.withdrawals(),
    queryFn: ({ signal }) =>
      apiClient.get('/rest/v1/admin/withdrawals', {
        query: { limit: 100 },
        schema: adminWithdrawalQueueSchema,
        signal,
      }),
  });
}

/** POST /rest/v1/admin/withdrawals/{id}/approve: my approval (the second one sends it). */
export function useApproveWithdrawal(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiClient.post(`/rest/v1/admin/withdrawals/${encodeURIComponent(id)}/approve`, {
        body: {},
        schema: adminWithdrawalSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.withdrawals() }),
  });
}

/** POST /rest/v1/admin/withdrawals/{id}/reject: refuse it with the reason the user reads. */
export function useRejectWithdrawal(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      apiClient.post(`/rest/v1/admin/withdrawals/${encodeURIComponent(id)}/reject`, {
        body: { reason },
        schema: adminWithdrawalSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.withdrawals() }),
  });
}
