import {
  adminAppealPageSchema,
  adminAppealSchema,
  type AdminAppealDecisionBody,
  type appealOutcomes,
} from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { adminKeys } from './admin-keys';
import { useCursorQueue } from './cursor-queue';

export type AppealStatus = (typeof appealOutcomes)[number];

/** GET /rest/v1/admin/appeals?status=: waiting appeals oldest first, decided ones newest first. */
export function useAppealQueue(status: AppealStatus, { enabled = true }: { enabled?: boolean } = {}) {
  return useCursorQueue(
    adminKeys.appeals(status),
    '/rest/v1/admin/appeals',
    { status },
    adminAppealPageSchema,
    { enabled },
  );
}

/** POST /rest/v1/admin/appeals/{id}/decide: uphold (the award is reversed) or reject. */
export function useDecideAppeal(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminAppealDecisionBody) =>
      apiClient.post(`/rest/v1/admin/appeals/${id}/decide`, { body, schema: adminAppealSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'appeals'] }),
  });
}
