import {
  adminChargebackPageSchema,
  chargebackSchema,
  type AdminChargebackDecisionBody,
  type ChargebackStatus,
} from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { adminKeys } from './admin-keys';
import { useCursorQueue } from './cursor-queue';

/** GET /rest/v1/admin/chargebacks?status=: one status of the chargeback queue, page after page. */
export function useChargebackQueue(status: ChargebackStatus) {
  return useCursorQueue(
    adminKeys.chargebacks(status),
    '/rest/v1/admin/chargebacks',
    { status },
    adminChargebackPageSchema,
  );
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
