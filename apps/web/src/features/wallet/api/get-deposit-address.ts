import { depositAddressSchema } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/shared/api';
import { walletKeys } from './query-keys';

export type DepositAddress = z.infer<typeof depositAddressSchema>;

/** GET /rest/v2/wallet/deposit-address: the user's address for a coin (created on first request). */
export function getDepositAddress(code: string, signal?: AbortSignal): Promise<DepositAddress> {
  return apiClient.get('/rest/v2/wallet/deposit-address', {
    query: { crypto_currency_code: code },
    schema: depositAddressSchema,
    signal,
  });
}

export const depositAddressQueryOptions = (code: string) =>
  queryOptions({
    queryKey: walletKeys.depositAddress(code),
    queryFn: ({ signal }) => getDepositAddress(code, signal),
    // An address, once given, stays the user's.
    staleTime: Infinity,
  });

export function useDepositAddress(code: string) {
  return useQuery(depositAddressQueryOptions(code));
}
