import { chainDepositSchema } from '@app/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { z } from 'zod';
import { apiClient } from '@/shared/api';
import { PENDING_REFRESH_MS } from './get-balances';
import { walletKeys } from './query-keys';

export type ChainDeposit = z.infer<typeof chainDepositSchema>;

/** GET /rest/v2/wallet/deposits: incoming chain transactions, pending and confirmed, newest first. */
export function getDeposits(signal?: AbortSignal): Promise<ChainDeposit[]> {
  return apiClient.get('/rest/v2/wallet/deposits', { schema: z.array(chainDepositSchema), signal });
}

/**
 * The list is re-read every PENDING_REFRESH_MS while it is on screen (the deposit tab), not only while a
 * deposit is pending: a trader who pays their address from another wallet sees the deposit appear
 * without reloading, as the empty list promises (issue 27). Not in a hidden tab (TanStack Query's default).
 */
export const depositsQueryOptions = () =>
  queryOptions({
    queryKey: walletKeys.deposits(),
    queryFn: ({ signal }) => getDeposits(signal),
    refetchInterval: PENDING_REFRESH_MS,
  });

/**
 * The deposits, and the balances re-read whenever the list changes (a deposit appears, is confirmed,
 * reversed or dropped): its "incoming" and "available" figures move with it, and the balances poll on
 * their own only while they already show something incoming.
 */
export function useDeposits() {
  const query = useQuery(depositsQueryOptions());
  const queryClient = useQueryClient();
  const states = query.data?.map((deposit) => `${deposit.id}:${deposit.status}`).join(',');
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (states === undefined) return;
    if (seen.current !== undefined && seen.current !== states) {
      void queryClient.invalidateQueries({ queryKey: walletKeys.balances() });
    }
    seen.current = states;
  }, [states, queryClient]);
  return query;
}
