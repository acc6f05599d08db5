import {
  adminUserChangeSchema,
  adminUserDetailSchema,
  adminUserListSchema,
  auditLogPageSchema,
  type AdminUserActionBody,
  type AdminUserRoleBody,
} from '@app/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { adminKeys } from './admin-keys';
import { useCursorQueue } from './cursor-queue';

const userPath = (username: string) => `/rest/v1/admin/users/${encodeURIComponent(username)}`;

/** GET /rest/v1/admin/users?q=: username or e-mail prefix, newest accounts first. */
export function useUserSearch(q: string, page: number) {
  return useQuery({
    queryKey: adminKeys.users(q, page),
    queryFn: ({ signal }) =>
      apiClient.get('/rest/v1/admin/users', {
        query: { q: q || undefined, page, limit: 20 },
        schema: adminUserListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /rest/v1/admin/users/{username}: profile, trades, offers, reports, sessions, IPs, what I may do. */
export function useUserDetail(username: string) {
  return useQuery({
    queryKey: adminKeys.user(username),
    queryFn: ({ signal }) => apiClient.get(userPath(username), { schema: adminUserDetailSchema, signal }),
  });
}

function useAfterUserChange(username: string) {
  const queryClient = useQueryClient();
  return {
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.user(username) }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]),
  };
}

export function useUserAction(username: string) {
  return useMutation({
    mutationFn: (body: AdminUserActionBody) =>
      apiClient.post(`${userPath(username)}/actions`, { body, schema: adminUserChangeSchema }),
    ...useAfterUserChange(username),
  });
}

export function useRoleChange(username: string) {
  return useMutation({
    mutationFn: (body: AdminUserRoleBody) =>
      apiClient.post(`${userPath(username)}/role`, { body, schema: adminUserChangeSchema }),
    ...useAfterUserChange(username),
  });
}

/** GET /rest/v1/admin/audit-log with its filters, newest first, page after page. */
export function useAuditLog(filters: { actor?: string; action?: string; targetId?: string; q?: string }) {
  return useCursorQueue(
    adminKeys.audit(filters),
    '/rest/v1/admin/audit-log',
    { ...filters, limit: 50 },
    auditLogPageSchema,
  );
}
