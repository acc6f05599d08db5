import { tradeMessageSchema, type TradeMessage } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { addMessagesToCache } from './get-trade-messages';

/** POST /rest/v1/trade/{id}/messages; the answer is the stored message. */
export function sendTradeMessage(hash: string, text: string): Promise<TradeMessage> {
  return apiClient.post(`/rest/v1/trade/${encodeURIComponent(hash)}/messages`, {
    body: { text },
    schema: tradeMessageSchema,
  });
}

/**
 * POST /rest/v1/admin/disputes/{id}/messages: a staff member's message to both parties (decision 0052),
 * audited on the server; the answer is the stored message, author role `moderator`.
 */
export function sendStaffMessage(hash: string, text: string): Promise<TradeMessage> {
  return apiClient.post(`/rest/v1/admin/disputes/${encodeURIComponent(hash)}/messages`, {
    body: { text },
    schema: tradeMessageSchema,
  });
}

/** Sends the viewer's message: a party's through the trade's route, staff's through the console's. */
export function useSendTradeMessage(hash: string, as: 'party' | 'staff' = 'party') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      as === 'staff' ? sendStaffMessage(hash, text) : sendTradeMessage(hash, text),
    // Shown at once; the same message arriving over the socket is merged by id, not repeated.
    onSuccess: (message) => addMessagesToCache(queryClient, hash, [message]),
  });
}
