import { withdrawalSchema, type Withdrawal, type WithdrawBody } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { moneyMovedKeys } from './query-keys';

export type WithdrawInput = { body: WithdrawBody; idempotencyKey: string };

/**
 * POST /rest/v2/wallet/withdraw (201). The `Idempotency-Key` is made once per submission by the form:
 * sending the same submission again (a retry after a lost answer) returns the first withdrawal instead
 * of sending twice.
 */
export function withdraw({ body, idempotencyKey }: WithdrawInput): Promise<Withdrawal> {
  return apiClient.post('/rest/v2/wallet/withdraw', {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: withdrawalSchema,
  });
}

export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdraw,
    onSettled: () =>
      Promise.all(moneyMovedKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
