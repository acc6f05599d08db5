import {
  adminReportPageSchema,
  adminReportSchema,
  type AdminReportActionBody,
  type adminReportStatuses,
} from '@app/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { adminKeys } from './admin-keys';

export type ReportStatus = (typeof adminReportStatuses)[number];

/** GET /rest/v1/admin/reports?status=: the offer-report queue, page after page. */
export function useReportQueue(status: ReportStatus) {
  return useInfiniteQuery({
    queryKey: adminKeys.reports(status),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiClient.get('/rest/v1/admin/reports', {
        query: { status, cursor: pageParam, limit: 25 },
        schema: adminReportPageSchema,
        signal,
      }),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** POST /rest/v1/admin/reports/{id}: dismiss, deactivate, message the owner, or penalise. */
export function useActOnReport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminReportActionBody) =>
      apiClient.post(`/rest/v1/admin/reports/${id}`, { body, schema: adminReportSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'reports'] }),
  });
}
