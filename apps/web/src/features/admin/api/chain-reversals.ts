import { adminChainReversalsSchema } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { adminKeys } from './admin-keys';

/** GET /rest/v1/admin/chain/reversals: deposits taken back by chain reorganisations, accounts in deficit. */
export function useChainReversals() {
  return useQuery({
    queryKey: adminKeys.chainReversals(),
    queryFn: ({ signal }) =>
      apiClient.get('/rest/v1/admin/chain/reversals', { schema: adminChainReversalsSchema, signal }),
  });
}
