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

export function useSendTradeMessage(hash: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => sendTradeMessage(hash, text),
    // Shown at once; the same message arriving over the socket is merged by id, not repeated.
    onSuccess: (message) => addMessagesToCache(queryClient, hash, [message]),
  });
}
