// Plain values without zod: the web's main bundle checks roles; the schemas are in users.ts.

/**
 * Roles, lowest first (spec: admin/supermod/moderator). What each staff role may do is one table on the
 * server (`platform/auth/permissions.ts`, decision 0019); the order here is the rank it compares.
 */
export const userRoles = ['user', 'moderator', 'supermod', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];
/** The roles that reach the staff console (`/admin`, `/rest/v1/admin/`). */
export const staffRoles = ['moderator', 'supermod', 'admin'] as const satisfies readonly UserRole[];
export type StaffRole = (typeof staffRoles)[number];
export const isStaffRole = (role: UserRole): role is StaffRole =>
  (staffRoles as readonly string[]).includes(role);
