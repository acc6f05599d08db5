import { currentUserSchema, type CurrentUser, type LoginBody } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { applySessionChange } from '@/shared/session/session-change';

/** POST /rest/v1/auth/login. A 401 here is a wrong password, so it must not redirect to login. */
export function login(body: LoginBody): Promise<CurrentUser> {
  return apiClient.post('/rest/v1/auth/login', { body, schema: currentUserSchema, authRedirect: false });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => applySessionChange(queryClient, user),
  });
}
