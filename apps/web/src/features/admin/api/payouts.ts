import { adminPayoutsSchema, type payoutNetworks } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { adminKeys } from './admin-keys';

export type PayoutNetwork = (typeof payoutNetworks)[number];

/** GET /rest/v1/admin/payouts: the hot wallet's payouts of a network and what waits (supermods, admins). */
export function usePayouts(network: PayoutNetwork) {
  return useQuery({
    queryKey: adminKeys.payouts(network),
    queryFn: ({ signal }) =>
      apiClient.get(`/rest/v1/admin/payouts?network=${network}`, { schema: adminPayoutsSchema, signal }),
    refetchInterval: 30_000,
  });
}
