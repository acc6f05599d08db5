import {
  currentUserSchema,
  recoveryCodesSchema,
  stepUpSentSchema,
  totpSetupSchema,
  twoFactorStateSchema,
  type TwoFactorFlagsBody,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { currentUserQueryKey } from '@/shared/session/current-user';
import { applySessionChange } from '@/shared/session/session-change';

export const twoFactorKey = ['twoFactor'] as const;

/** GET /rest/v1/users/two-factor (only fetched where it is needed: `enabled`). */
export function useTwoFactorState(enabled = true) {
  return useQuery({
    queryKey: twoFactorKey,
    queryFn: ({ signal }) =>
      apiClient.get('/rest/v1/users/two-factor', { schema: twoFactorStateSchema, signal }),
    enabled,
  });
}

/**
 * After a change: the state here and the current user's `twoFactor` flags are re-read, without waiting
 * (the caller shows what the answer carries, e.g. the recovery codes, before the card re-renders).
 */
function useAfterChange() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: twoFactorKey });
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  };
}

const base = '/rest/v1/users/two-factor';

export const useSetupTotp = () =>
  useMutation({ mutationFn: () => apiClient.post(`${base}/totp/setup`, { schema: totpSetupSchema }) });

export function useEnableTwoFactor(method: 'totp' | 'email') {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (code: string) =>
      apiClient.post(`${base}/${method}/enable`, { body: { code }, schema: recoveryCodesSchema }),
    onSuccess: after,
  });
}

export function useDisableTwoFactor() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (code: string) =>
      apiClient.post(`${base}/totp/disable`, { body: { code }, schema: twoFactorStateSchema }),
    onSuccess: after,
  });
}

export function useSetTwoFactorFlags() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (body: TwoFactorFlagsBody) => apiClient.put(base, { body, schema: twoFactorStateSchema }),
    onSuccess: after,
  });
}

/** The spec's step-up channels: a code by e-mail (SMS and calls need a verified phone number). */
export const useSendStepUpCode = () =>
  useMutation({
    mutationFn: (channel: 'email' | 'sms' | 'call' | 'push') =>
      apiClient.post(
        channel === 'email'
          ? '/auth/send-email-code'
          : channel === 'sms'
            ? '/auth/send-phone-code'
            : channel === 'call'
              ? '/auth/call-phone-code'
              : '/auth/push-phone-code',
        { schema: stepUpSentSchema, authRedirect: false },
      ),
  });

/** POST /rest/v1/auth/login/two-factor: the login's second step; answers the logged-in user. */
export function useLoginSecondStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiClient.post('/rest/v1/auth/login/two-factor', {
        body: { code },
        schema: currentUserSchema,
        authRedirect: false,
      }),
    onSuccess: (user) => applySessionChange(queryClient, user),
  });
}
