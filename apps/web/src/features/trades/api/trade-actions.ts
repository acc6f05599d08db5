import { tradePolicyReadResultSchema, tradeSchema, type Trade } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { tradeKeys } from './query-keys';

/** The buttons of the trade page; each is one POST that answers the updated trade (spec section 7). */
export type TradeCommand = 'paid' | 'release' | 'cancel';

export type DisputeInput = { dispute_reason_id: number; dispute_reason_text: string };

const path = (hash: string, command: string) => `/rest/v1/trade/${encodeURIComponent(hash)}/${command}`;

/** POST /rest/v1/trade/{id}/paid | release | cancel. Release sends the spec's (empty) body. */
export function runTradeCommand(hash: string, command: TradeCommand): Promise<Trade> {
  return apiClient.post(path(hash, command), {
    body: command === 'release' ? {} : undefined,
    schema: tradeSchema,
  });
}

/** POST /rest/v1/trade/{id}/dispute with the spec's body. */
export function openDispute(hash: string, body: DisputeInput): Promise<Trade> {
  return apiClient.post(path(hash, 'dispute'), { body, schema: tradeSchema });
}

/**
 * After any action the trade in the cache is the server's answer, and the chat (which received a
 * system message) and the lists are re-read.
 */
function useAfterAction(hash: string) {
  const queryClient = useQueryClient();
  return {
    onSuccess: (trade: Trade) => queryClient.setQueryData(tradeKeys.trade(hash), trade),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tradeKeys.trade(hash) }),
        queryClient.invalidateQueries({ queryKey: tradeKeys.active() }),
        queryClient.invalidateQueries({ queryKey: ['trades', 'history'] }),
      ]),
  };
}

export function useTradeCommand(hash: string) {
  const after = useAfterAction(hash);
  return useMutation({ mutationFn: (command: TradeCommand) => runTradeCommand(hash, command), ...after });
}

/** POST /rest/v1/trade/{id}/release with the seller's two-factor code when they ask for one (0028). */
export function useReleaseTrade(hash: string) {
  const after = useAfterAction(hash);
  return useMutation({
    mutationFn: (code: string | null): Promise<Trade> =>
      apiClient.post(path(hash, 'release'), { body: code ? { code } : {}, schema: tradeSchema }),
    ...after,
  });
}

export function useOpenDispute(hash: string) {
  const after = useAfterAction(hash);
  return useMutation({ mutationFn: (body: DisputeInput) => openDispute(hash, body), ...after });
}

/** POST /rest/v1/trade/{id}/appeal: the losing party appeals the moderator's decision. */
export function useAppealDecision(hash: string) {
  const after = useAfterAction(hash);
  return useMutation({
    mutationFn: (reason: string): Promise<Trade> =>
      apiClient.post(path(hash, 'appeal'), { body: { reason }, schema: tradeSchema }),
    ...after,
  });
}

/**
 * `POST /rest/v1/trade/{id}/fallback`: an automated flow (gift card check, bank transfer automation,
 * lite) continues as the regular one: payment details, chat, mark paid, release. Cannot be undone.
 */
export function useFallbackToManual(hash: string) {
  const after = useAfterAction(hash);
  return useMutation({
    mutationFn: () => apiClient.post(path(hash, 'fallback'), { schema: tradeSchema }),
    ...after,
  });
}

/**
 * `POST /rest/v1/trade/{id}/policy-read { url }`: records that I opened a link of the offer terms or the
 * payment details (a dispute can show the terms were read). The server answers only for links that are
 * in them, so the call cannot be used to point anyone elsewhere.
 */
export function recordPolicyRead(hash: string, url: string): Promise<{ url: string }> {
  return apiClient.post(path(hash, 'policy-read'), { body: { url }, schema: tradePolicyReadResultSchema });
}
