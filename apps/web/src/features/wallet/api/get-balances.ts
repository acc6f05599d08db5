import { walletBalanceSchema, type WalletBalance } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/shared/api';
import { isPositive } from '../utils/money';
import { walletKeys } from './query-keys';

/** How often balances and deposits are re-read while a deposit waits for confirmations. */
export const PENDING_REFRESH_MS = 10_000;

/** GET /rest/v2/wallet/balances: one line per coin, with pending deposits and the fiat rate. */
export function getBalances(signal?: AbortSignal): Promise<WalletBalance[]> {
  return apiClient.get('/rest/v2/wallet/balances', { schema: z.array(walletBalanceSchema), signal });
}

export const hasIncoming = (balances: readonly WalletBalance[] | undefined): boolean =>
  (balances ?? []).some((line) => isPositive(line.incomingAmount));

export const balancesQueryOptions = () =>
  queryOptions({
    queryKey: walletKeys.balances(),
    queryFn: ({ signal }) => getBalances(signal),
    // Money: every page that shows balances re-reads them when it opens (the cached figures show
    // meanwhile), rather than trusting the app's 30 s default; the home and the wallet share this entry.
    staleTime: 0,
    // A pending deposit is credited when the chain confirms it: keep reading until it is.
    refetchInterval: (query) => (hasIncoming(query.state.data) ? PENDING_REFRESH_MS : false),
  });

export function useBalances() {
  return useQuery(balancesQueryOptions());
}
