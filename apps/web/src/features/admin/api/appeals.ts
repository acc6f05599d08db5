import {
  adminAppealPageSchema,
  adminAppealSchema,
  type AdminAppealDecisionBody,
  type appealOutcomes,
} from '@app/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { adminKeys } from './admin-keys';

export type AppealStatus = (typeof appealOutcomes)[number];

/** GET /rest/v1/admin/appeals?status=: waiting appeals oldest first, decided ones newest first. */
export function useAppealQueue(status: AppealStatus) {
  return useInfiniteQuery({
    queryKey: adminKeys.appeals(status),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiClient.get('/rest/v1/admin/appeals', {
        query: { status, cursor: pageParam, limit: 25 },
        schema: adminAppealPageSchema,
        signal,
      }),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
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
