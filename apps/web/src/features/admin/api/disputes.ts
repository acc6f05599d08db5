import {
  adminDisputeDetailSchema,
  adminDisputePageSchema,
  adminDisputeSchema,
  type AdminDispute,
  type AdminDisputeAssignBody,
  type AdminDisputeAwardBody,
  type AdminDisputeStatus,
  type AdminEvidenceRequestBody,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { adminKeys } from './admin-keys';
import { useCursorQueue } from './cursor-queue';

const base = (hash: string) => `/rest/v1/admin/disputes/${encodeURIComponent(hash)}`;

/** GET /rest/v1/admin/disputes?status=: one tab of the queue, page after page (cursor). */
export function useDisputeQueue(status: AdminDisputeStatus) {
  // Other moderators take disputes meanwhile: the queue re-reads itself.
  return useCursorQueue(
    adminKeys.disputes(status),
    '/rest/v1/admin/disputes',
    { status },
    adminDisputePageSchema,
    { refetchInterval: 15_000 },
  );
}

/** GET /rest/v1/admin/disputes/{tradeId}: the dispute with its parties and the whole chat. */
export function useDisputeDetail(hash: string) {
  return useQuery({
    queryKey: adminKeys.dispute(hash),
    queryFn: ({ signal }) => apiClient.get(base(hash), { schema: adminDisputeDetailSchema, signal }),
    refetchInterval: 10_000,
  });
}

/** After a console action: the dispute's answer in the cache, the queue and the trade re-read. */
function useAfterDisputeAction(hash: string) {
  const queryClient = useQueryClient();
  return {
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.dispute(hash) }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'disputes'] }),
        queryClient.invalidateQueries({ queryKey: ['trades', 'trade', hash] }),
        queryClient.invalidateQueries({ queryKey: ['trades', 'messages', hash] }),
      ]),
  };
}

export function useAssignDispute(hash: string) {
  return useMutation({
    mutationFn: (body: AdminDisputeAssignBody): Promise<AdminDispute> =>
      apiClient.post(`${base(hash)}/assign`, { body, schema: adminDisputeSchema }),
    ...useAfterDisputeAction(hash),
  });
}

export function useReleaseDispute(hash: string) {
  return useMutation({
    mutationFn: (): Promise<AdminDispute> =>
      apiClient.post(`${base(hash)}/release`, { body: {}, schema: adminDisputeSchema }),
    ...useAfterDisputeAction(hash),
  });
}

export function useRequestEvidence(hash: string) {
  return useMutation({
    mutationFn: (body: AdminEvidenceRequestBody): Promise<AdminDispute> =>
      apiClient.post(`${base(hash)}/evidence-request`, { body, schema: adminDisputeSchema }),
    ...useAfterDisputeAction(hash),
  });
}

export function useAwardDispute(hash: string) {
  return useMutation({
    mutationFn: (body: AdminDisputeAwardBody): Promise<AdminDispute> =>
      apiClient.post(`${base(hash)}/award`, { body, schema: adminDisputeSchema }),
    ...useAfterDisputeAction(hash),
  });
}
