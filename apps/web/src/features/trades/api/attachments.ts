import {
  ATTACHMENT_FILE_FIELD,
  tradeAttachmentListSchema,
  tradeAttachmentSchema,
  type TradeAttachment,
  type TradeAttachmentList,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { tradeKeys } from './query-keys';

const base = (hash: string) => `/rest/v1/trade/${encodeURIComponent(hash)}/attachments`;

/** GET /rest/v1/trade/{id}/attachments: the files of the trade, the limits and how many I may add. */
export function getTradeAttachments(hash: string, signal?: AbortSignal): Promise<TradeAttachmentList> {
  return apiClient.get(base(hash), { schema: tradeAttachmentListSchema, signal });
}

export function useTradeAttachments(hash: string) {
  return useQuery({
    queryKey: tradeKeys.attachments(hash),
    queryFn: ({ signal }) => getTradeAttachments(hash, signal),
  });
}

export type UploadInput = { file: File; requirementId?: number | null };

/**
 * POST /rest/v1/trade/{id}/attachments as multipart/form-data. Refusals come back as a 422 whose detail
 * on `file` names the spec's reason (attachment_limit_size...).
 */
export function uploadTradeAttachment(
  hash: string,
  { file, requirementId }: UploadInput,
): Promise<TradeAttachment> {
  const form = new FormData();
  if (requirementId) form.append('requirement_id', String(requirementId));
  form.append(ATTACHMENT_FILE_FIELD, file, file.name);
  return apiClient.post(base(hash), { body: form, schema: tradeAttachmentSchema });
}

export function useUploadTradeAttachment(hash: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadInput) => uploadTradeAttachment(hash, input),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tradeKeys.attachments(hash) }),
        // A requirement's status may have moved (pending -> uploaded).
        queryClient.invalidateQueries({ queryKey: tradeKeys.trade(hash) }),
      ]),
  });
}

/** POST /rest/v1/trade/{id}/requirement: the seller approves or rejects an uploaded requirement. */
export function reviewRequirement(hash: string, requirementId: number, status: 'approved' | 'rejected') {
  return apiClient.post(`/rest/v1/trade/${encodeURIComponent(hash)}/requirement`, {
    body: { requirement_id: requirementId, status },
  });
}

export function useReviewRequirement(hash: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requirementId, status }: { requirementId: number; status: 'approved' | 'rejected' }) =>
      reviewRequirement(hash, requirementId, status),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tradeKeys.trade(hash) }),
        queryClient.invalidateQueries({ queryKey: tradeKeys.attachments(hash) }),
      ]),
  });
}
