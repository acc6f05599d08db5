import { chargebackSchema, type ChargebackReportBody } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { tradeKeys } from './query-keys';

/** POST /rest/v1/user-reports/chargeback: the seller reports a reversed payment; the trade shows it. */
export function useReportChargeback(hash: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ChargebackReportBody, 'id_hashed'>) =>
      apiClient.post('/rest/v1/user-reports/chargeback', {
        body: { ...body, id_hashed: hash },
        schema: chargebackSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tradeKeys.trade(hash) }),
  });
}
