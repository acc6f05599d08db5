import { chainDepositSchema } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/shared/api';
import { PENDING_REFRESH_MS } from './get-balances';
import { walletKeys } from './query-keys';

export type ChainDeposit = z.infer<typeof chainDepositSchema>;

/** GET /rest/v2/wallet/deposits: incoming chain transactions, pending and confirmed, newest first. */
export function getDeposits(signal?: AbortSignal): Promise<ChainDeposit[]> {
  return apiClient.get('/rest/v2/wallet/deposits', { schema: z.array(chainDepositSchema), signal });
}

export const depositsQueryOptions = () =>
  queryOptions({
    queryKey: walletKeys.deposits(),
    queryFn: ({ signal }) => getDeposits(signal),
    refetchInterval: (query) =>
      (query.state.data ?? []).some((deposit) => deposit.status === 'pending') ? PENDING_REFRESH_MS : false,
  });

export function useDeposits() {
  return useQuery(depositsQueryOptions());
}
