import { tradeSchema, type CurrentUser, type Trade, type TradeStartBody } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { currentUserQueryKey } from '@/shared/session/current-user';

/** `POST /rest/v1/trade/start { offer_hash, fiat_amount }`: 201 with the new trade. */
export function startTrade(body: TradeStartBody): Promise<Trade> {
  return apiClient.post('/rest/v1/trade/start', { body, schema: tradeSchema });
}

export function useStartTrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTrade,
    // The server now answers hasActiveTrades: true; saying it here starts the active-trade polling
    // without waiting for the WebSocket or a re-read of the current user.
    onSuccess: () =>
      queryClient.setQueryData<CurrentUser | null>(currentUserQueryKey, (user) =>
        user && !user.hasActiveTrades ? { ...user, hasActiveTrades: true } : user,
      ),
  });
}
