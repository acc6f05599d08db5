import {
  emailVerificationStateSchema,
  type EmailChangeBody,
  type EmailChangeUnconfirmedBody,
  type EmailVerificationState,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { currentUserQueryKey } from '@/shared/session/current-user';

export const emailVerificationKey = ['emailVerification'] as const;

const base = '/rest/v1/user-verification/email';

/** GET /rest/v1/user-verification/email: my address, whether it is verified, the resend countdown. */
export function useEmailVerificationState(enabled = true) {
  return useQuery({
    queryKey: emailVerificationKey,
    queryFn: ({ signal }) => apiClient.get(base, { schema: emailVerificationStateSchema, signal }),
    enabled,
  });
}

/** Every call answers the new state: the page shows it, and the current user learns the flag. */
function useStateMutation<T>(call: (body: T) => Promise<EmailVerificationState>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (state) => {
      queryClient.setQueryData(emailVerificationKey, state);
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}

export const useVerifyEmail = () =>
  useStateMutation((code: string) =>
    apiClient.post(`${base}/verify-code`, { body: { code }, schema: emailVerificationStateSchema }),
  );

export const useResendEmailCode = () =>
  useStateMutation(() => apiClient.post(`${base}/resend-code`, { schema: emailVerificationStateSchema }));

/** POST /rest/v1/user-verification/email/change: a verified address, proved by a code. */
export const useChangeEmail = () =>
  useStateMutation((body: EmailChangeBody) =>
    apiClient.post(`${base}/change`, { body, schema: emailVerificationStateSchema }),
  );

export const useChangeUnconfirmedEmail = () =>
  useStateMutation((body: EmailChangeUnconfirmedBody) =>
    apiClient.post(`${base}/change-unconfirmed`, { body, schema: emailVerificationStateSchema }),
  );
