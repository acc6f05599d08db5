import { bondStatusSchema } from '@app/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/shared/api';
import { moneyMovedKeys, walletKeys } from './query-keys';

export type BondStatus = z.infer<typeof bondStatusSchema>;
export type BondCoin = BondStatus['coins'][number];

/** GET /rest/v2/wallet/bond: the security deposit per coin (required, deposited, missing). */
export function getBond(signal?: AbortSignal): Promise<BondStatus> {
  return apiClient.get('/rest/v2/wallet/bond', { schema: bondStatusSchema, signal });
}

export const bondQueryOptions = () =>
  queryOptions({ queryKey: walletKeys.bond(), queryFn: ({ signal }) => getBond(signal) });

export function useBond() {
  return useQuery(bondQueryOptions());
}

/** POST /wallet/deposit-bond: moves what is missing of the bond from available to the bond. */
export function depositBond(code: string): Promise<BondStatus> {
  return apiClient.post('/wallet/deposit-bond', {
    body: { crypto_currency_code: code },
    schema: bondStatusSchema,
  });
}

/** POST /wallet/retrieve-bond: returns a coin's whole bond to available. */
export function retrieveBond(code: string): Promise<BondStatus> {
  return apiClient.post('/wallet/retrieve-bond', {
    body: { crypto_currency_code: code },
    schema: bondStatusSchema,
  });
}

function useBondMutation(mutationFn: (code: string) => Promise<BondStatus>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (status) => queryClient.setQueryData(walletKeys.bond(), status),
    onSettled: () =>
      Promise.all(moneyMovedKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export const useDepositBond = () => useBondMutation(depositBond);
export const useRetrieveBond = () => useBondMutation(retrieveBond);
