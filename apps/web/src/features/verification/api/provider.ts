import {
  kycProviderInfoSchema,
  providerVerificationStartSchema,
  verificationRequestSchema,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { kycKeys } from './query-keys';

/** `GET /rest/v3/kyc/verifications/provider`: staff (`manual`) or an identity service decides IDs here. */
export function useKycProvider() {
  return useQuery({
    queryKey: kycKeys.provider(),
    queryFn: ({ signal }) =>
      apiClient.get('/rest/v3/kyc/verifications/provider', { schema: kycProviderInfoSchema, signal }),
    // The operator's setting: it changes with a restart, not while the page is open.
    staleTime: Infinity,
  });
}

/** `POST /rest/v3/kyc/verifications/sumsub/start`: my ID request at the service, and its page's address. */
export function useStartProviderVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiClient.post('/rest/v3/kyc/verifications/sumsub/start', {
        body: {},
        schema: providerVerificationStartSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: kycKeys.requests() }),
  });
}

/** `POST /rest/v3/kyc/verifications/sumsub/mark-pending`: back from the service, the request waits. */
export function useMarkProviderPending() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (verificationReference: string) =>
      apiClient.post('/rest/v3/kyc/verifications/sumsub/mark-pending', {
        body: { verificationReference },
        schema: verificationRequestSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: kycKeys.requests() }),
  });
}
