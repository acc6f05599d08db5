import { staffPermissionsSchema, type StaffPermission } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { adminKeys } from './admin-keys';

/** GET /rest/v1/admin/permissions: my staff role and what it may do (the console hides the rest). */
export function useStaffPermissions() {
  const query = useQuery({
    queryKey: adminKeys.permissions(),
    queryFn: ({ signal }) =>
      apiClient.get('/rest/v1/admin/permissions', { schema: staffPermissionsSchema, signal }),
    staleTime: 60_000,
  });
  const can = (permission: StaffPermission) => query.data?.permissions.includes(permission) ?? false;
  return { ...query, can };
}
