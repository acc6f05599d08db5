import {
  adminOfferAppealPageSchema,
  adminOfferAppealSchema,
  type AdminAppealDecisionBody,
  type OfferAppealStatus,
} from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { useCursorQueue } from './cursor-queue';
import { adminKeys } from './admin-keys';

/** GET /rest/v1/admin/offer-appeals?status=: owners' appeals against offer rejections. */
export function useOfferAppealQueue(status: OfferAppealStatus) {
  return useCursorQueue(
    adminKeys.offerAppeals(status),
    '/rest/v1/admin/offer-appeals',
    { status },
    adminOfferAppealPageSchema,
  );
}

/** POST /rest/v1/admin/offer-appeals/{id}/decide: uphold (the offer is approved) or reject (no appeal). */
export function useDecideOfferAppeal(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminAppealDecisionBody) =>
      apiClient.post(`/rest/v1/admin/offer-appeals/${id}/decide`, { body, schema: adminOfferAppealSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'offer-appeals'] }),
  });
}
