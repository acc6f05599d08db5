import {
  currentUserSchema,
  twoFactorChallengeSchema,
  type CurrentUser,
  type LoginBody,
  type TwoFactorChallenge,
} from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/shared/api';
import { applySessionChange } from '@/shared/session/session-change';

/** The password step's answer: the logged-in user, or the two-factor step still to come (no session). */
export type LoginResult = CurrentUser | TwoFactorChallenge;

export const isChallenge = (result: LoginResult): result is TwoFactorChallenge =>
  'twoFactorRequired' in result;

/** POST /rest/v1/auth/login. A 401 here is a wrong password, so it must not redirect to login. */
export function login(body: LoginBody): Promise<LoginResult> {
  return apiClient.post('/rest/v1/auth/login', {
    body,
    schema: z.union([twoFactorChallengeSchema, currentUserSchema]),
    authRedirect: false,
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => (isChallenge(result) ? undefined : applySessionChange(queryClient, result)),
  });
}
