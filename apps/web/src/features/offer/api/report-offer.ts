import { offerReportStateSchema, type OfferReportReason, type OfferReportState } from '@app/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, isApiError } from '@/shared/api';
import { offerKeys } from './query-keys';

/** `GET /rest/v1/offers/{hash}/report`: whether I reported this offer already. */
export function getReportState(hash: string, signal?: AbortSignal): Promise<OfferReportState> {
  return apiClient.get(`/rest/v1/offers/${encodeURIComponent(hash)}/report`, {
    schema: offerReportStateSchema,
    signal,
  });
}

export const reportStateQueryOptions = (hash: string) =>
  queryOptions({ queryKey: offerKeys.report(hash), queryFn: ({ signal }) => getReportState(hash, signal) });

export function useReportState(hash: string, enabled: boolean) {
  return useQuery({ ...reportStateQueryOptions(hash), enabled });
}

/** `POST /rest/v1/offers/{hash}/report { reason, message }` (201 with the new state). */
export function reportOffer(hash: string, body: { reason: OfferReportReason; message: string }) {
  return apiClient.post(`/rest/v1/offers/${encodeURIComponent(hash)}/report`, {
    body,
    schema: offerReportStateSchema,
  });
}

export function useReportOffer(hash: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { reason: OfferReportReason; message: string }) => reportOffer(hash, body),
    onSuccess: (state) => queryClient.setQueryData(offerKeys.report(hash), state),
    // Reported before (in another tab, say): re-read the state so the modal shows it.
    onError: (error) => {
      if (isApiError(error) && error.code === 'ALREADY_REPORTED') {
        void queryClient.invalidateQueries({ queryKey: offerKeys.report(hash) });
      }
    },
  });
}
