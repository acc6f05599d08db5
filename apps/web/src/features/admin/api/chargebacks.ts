import {
  adminChargebackPageSchema,
  chargebackSchema,
  type AdminChargebackDecisionBody,
  type ChargebackStatus,
} from '@app/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { adminKeys } from './admin-keys';

/** GET /rest/v1/admin/chargebacks?status=: one status of the chargeback queue, page after page. */
export function useChargebackQueue(status: ChargebackStatus) {
  return useInfiniteQuery({
    queryKey: adminKeys.chargebacks(status),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiClient.get('/rest/v1/admin/chargebacks', {
        query: { status, cursor: pageParam, limit: 25 },
        schema: adminChargebackPageSchema,
        signal,
      }),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** POST /rest/v1/admin/chargebacks/{id}: dismiss or confirm a pending report. */
export function useDecideChargeback(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminChargebackDecisionBody) =>
      apiClient.post(`/rest/v1/admin/chargebacks/${id}`, { body, schema: chargebackSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'chargebacks'] }),
  });
}
