import { adminCustodySchema, myProofOfReservesSchema, proofOfReservesSchema } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';

export const reservesKeys = {
  all: ['reserves'] as const,
  published: () => [...reservesKeys.all, 'published'] as const,
  mine: () => [...reservesKeys.all, 'mine'] as const,
  custody: () => [...reservesKeys.all, 'custody'] as const,
};

/** GET /rest/v2/wallet/proof-of-reserves: the latest published snapshot (anyone). */
export function useProofOfReserves() {
  return useQuery({
    queryKey: reservesKeys.published(),
    queryFn: ({ signal }) =>
      apiClient.get('/rest/v2/wallet/proof-of-reserves', { schema: proofOfReservesSchema, signal }),
  });
}

/** GET /rest/v2/wallet/proof-of-reserves/me: my inclusion proofs (logged in only). */
export function useMyProofOfReserves(enabled: boolean) {
  return useQuery({
    queryKey: reservesKeys.mine(),
    queryFn: ({ signal }) =>
      apiClient.get('/rest/v2/wallet/proof-of-reserves/me', { schema: myProofOfReservesSchema, signal }),
    enabled,
  });
}

/** GET /rest/v1/admin/custody: hot and cold balances and what must be refilled (staff). */
export function useCustody() {
  return useQuery({
    queryKey: reservesKeys.custody(),
    queryFn: ({ signal }) => apiClient.get('/rest/v1/admin/custody', { schema: adminCustodySchema, signal }),
  });
}
