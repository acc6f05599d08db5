import {
  endedSessionsSchema,
  passwordChangedSchema,
  userSessionsSchema,
  type PasswordChangeBody,
  type PasswordForgotBody,
  type PasswordResetBody,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/shared/api';

const sessionsKey = ['security', 'sessions'] as const;

/** GET /rest/v1/users/sessions: my sessions, most recently used first. */
export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => apiClient.get('/rest/v1/users/sessions', { schema: userSessionsSchema, signal }),
  });
}

/** DELETE /rest/v1/users/sessions/{id}, or every other one without an id. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      apiClient.delete(id ? `/rest/v1/users/sessions/${id}` : '/rest/v1/users/sessions', {
        schema: endedSessionsSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordChangeBody) =>
      apiClient.post('/rest/v1/auth/password/change', { body, schema: passwordChangedSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export const useForgotPassword = () =>
  useMutation({
    mutationFn: (body: PasswordForgotBody) =>
      apiClient.post('/rest/v1/auth/password/forgot', {
        body,
        schema: z.object({ sent: z.literal(true) }),
        authRedirect: false,
      }),
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: PasswordResetBody) =>
      apiClient.post('/rest/v1/auth/password/reset', {
        body,
        schema: passwordChangedSchema,
        authRedirect: false,
      }),
  });
