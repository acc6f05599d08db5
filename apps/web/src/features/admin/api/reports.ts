import {
  adminReportPageSchema,
  adminReportSchema,
  type AdminReportActionBody,
  type adminReportStatuses,
} from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { adminKeys } from './admin-keys';
import { useCursorQueue } from './cursor-queue';

export type ReportStatus = (typeof adminReportStatuses)[number];

/** GET /rest/v1/admin/reports?status=: the offer-report queue, page after page. */
export function useReportQueue(status: ReportStatus) {
  return useCursorQueue(
    adminKeys.reports(status),
    '/rest/v1/admin/reports',
    { status },
    adminReportPageSchema,
  );
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
