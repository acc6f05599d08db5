import { disputeReasonSchema, type DisputeReason } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/shared/api';
import { tradeKeys } from './query-keys';

/** GET /rest/v1/dispute/reasons?role=: the reasons the party on this side may give. */
export function getDisputeReasons(role: 'buyer' | 'seller', signal?: AbortSignal): Promise<DisputeReason[]> {
  return apiClient.get('/rest/v1/dispute/reasons', {
    query: { role },
    schema: z.array(disputeReasonSchema),
    signal,
  });
}

export function useDisputeReasons(role: 'buyer' | 'seller', enabled: boolean) {
  return useQuery({
    queryKey: tradeKeys.disputeReasons(role),
    queryFn: ({ signal }) => getDisputeReasons(role, signal),
    staleTime: Infinity,
    enabled,
  });
}
