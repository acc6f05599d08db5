import { withdrawConditionsSchema } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/shared/api';
import { walletKeys } from './query-keys';

export type WithdrawConditions = z.infer<typeof withdrawConditionsSchema>;

/** GET /rest/v2/wallet/withdraw-conditions: whether the user can send a coin now, the fee and the max. */
export function getWithdrawConditions(code: string, signal?: AbortSignal): Promise<WithdrawConditions> {
  return apiClient.get('/rest/v2/wallet/withdraw-conditions', {
    query: { crypto_currency_code: code },
    schema: withdrawConditionsSchema,
    signal,
  });
}

export const withdrawConditionsQueryOptions = (code: string) =>
  queryOptions({
    queryKey: walletKeys.withdrawConditions(code),
    queryFn: ({ signal }) => getWithdrawConditions(code, signal),
  });

export function useWithdrawConditions(code: string | null) {
  return useQuery({ ...withdrawConditionsQueryOptions(code ?? ''), enabled: Boolean(code) });
}
