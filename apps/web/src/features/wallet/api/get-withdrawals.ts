import { withdrawalSchema, type Withdrawal } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/shared/api';
import { walletKeys } from './query-keys';

/** How often the list is re-read while a withdrawal waits for the chain. */
const PENDING_WITHDRAWAL_REFRESH_MS = 15_000;

/** GET /rest/v2/wallet/withdrawals: the user's withdrawals, newest first. */
export function getWithdrawals(signal?: AbortSignal): Promise<Withdrawal[]> {
  return apiClient.get('/rest/v2/wallet/withdrawals', {
    query: { limit: 50 },
    schema: z.array(withdrawalSchema),
    signal,
  });
}

export const withdrawalsQueryOptions = () =>
  queryOptions({
    queryKey: walletKeys.withdrawals(),
    queryFn: ({ signal }) => getWithdrawals(signal),
    refetchInterval: (query) =>
      (query.state.data ?? []).some((withdrawal) => withdrawal.status === 'pending')
        ? PENDING_WITHDRAWAL_REFRESH_MS
        : false,
  });

export function useWithdrawals() {
  return useQuery(withdrawalsQueryOptions());
}
