import {
  tradeFeedbackStateSchema,
  type GiveFeedbackBody,
  type ReplyFeedbackBody,
  type TradeFeedbackState,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { tradeKeys } from './query-keys';

/** GET /rest/v1/feedback/{id}: what each party said, and whether I may still rate or reply. */
export function getTradeFeedback(hash: string, signal?: AbortSignal): Promise<TradeFeedbackState> {
  return apiClient.get(`/rest/v1/feedback/${encodeURIComponent(hash)}`, {
    schema: tradeFeedbackStateSchema,
    signal,
  });
}

export function useTradeFeedback(hash: string, enabled: boolean) {
  return useQuery({
    queryKey: tradeKeys.feedback(hash),
    queryFn: ({ signal }) => getTradeFeedback(hash, signal),
    enabled,
  });
}

/** POST /rest/v1/feedback/{id}/give {rating, message}; answers the new feedback state. */
export function giveFeedback(hash: string, body: GiveFeedbackBody): Promise<TradeFeedbackState> {
  return apiClient.post(`/rest/v1/feedback/${encodeURIComponent(hash)}/give`, {
    body,
    schema: tradeFeedbackStateSchema,
  });
}

export function useGiveFeedback(hash: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GiveFeedbackBody) => giveFeedback(hash, body),
    onSuccess: (state) => queryClient.setQueryData(tradeKeys.feedback(hash), state),
  });
}

/** POST /rest/v1/feedback/{id}/reply {message}: my one answer to my partner's feedback; answers the new state. */
export function replyToFeedback(hash: string, body: ReplyFeedbackBody): Promise<TradeFeedbackState> {
  return apiClient.post(`/rest/v1/feedback/${encodeURIComponent(hash)}/reply`, {
    body,
    schema: tradeFeedbackStateSchema,
  });
}

export function useReplyToFeedback(hash: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReplyFeedbackBody) => replyToFeedback(hash, body),
    onSuccess: (state) => queryClient.setQueryData(tradeKeys.feedback(hash), state),
  });
}
