import { currentUserSchema, type CurrentUser, type RegisterBody } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { applySessionChange } from '@/shared/session/session-change';

/** POST /rest/v1/auth/register: creates the account and logs it in (201). */
export function register(body: RegisterBody): Promise<CurrentUser> {
  return apiClient.post('/rest/v1/auth/register', { body, schema: currentUserSchema, authRedirect: false });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => applySessionChange(queryClient, user),
  });
}
