import { tradeSchema, type Trade, type TradeStartBody } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';

/** `POST /rest/v1/trade/start { offer_hash, fiat_amount }`: 201 with the new trade. */
export function startTrade(body: TradeStartBody): Promise<Trade> {
  return apiClient.post('/rest/v1/trade/start', { body, schema: tradeSchema });
}

export function useStartTrade() {
  return useMutation({ mutationFn: startTrade });
}
