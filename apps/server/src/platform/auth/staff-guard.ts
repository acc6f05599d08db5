import type { FastifyReply, FastifyRequest } from 'fastify';
import { isStaffRole, type StaffPermission, type StaffRole } from '@app/contract';
import { assertCan } from './permissions.js';

/** The session's user (session.ts decorates the request with it). */
type AuthUser = NonNullable<FastifyRequest['user']>;

/** Every staff console route lives under this prefix, and only those. */
export const STAFF_PREFIX = '/rest/v1/admin/';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The permission a `/rest/v1/admin/` route needs (platform/auth/permissions.ts). Required there: a
     * staff route without one is refused to everybody (403), so a forgotten line fails closed.
     */
    permission?: StaffPermission;
  }
}

/** The logged-in user when they hold a staff role and their account is in good standing; else null. */
export function staffOf(user: AuthUser | null): (AuthUser & { role: StaffRole }) | null {
  if (!user || !isStaffRole(user.role) || user.accountState !== 'active') return null;
  return user as AuthUser & { role: StaffRole };
}

/**
 * The staff console's gate, an `onRequest` hook that runs after the session is read and BEFORE the CSRF
 * check (session.ts registers it between the two), so that nothing, not even a CSRF refusal or a body
 * validation error, tells an outsider that a console route exists:
 * - anonymous users, non-staff, staff whose own account is not active, and any API key: the
 *   unknown-route 404 (`reply.callNotFound()`: the very answer of a path that does not exist);
 * - staff whose role lacks the route's permission: 403 `FORBIDDEN_ROLE`.
 * The route's pattern is what is matched (not the raw URL), so no encoding of the path gets around it.
 */
export async function staffGate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.is404 || !request.routeOptions.url?.startsWith(STAFF_PREFIX)) return;
  // The console is for staff in a browser: an API key never opens it, whoever owns the key.
  const staff = request.apiKey ? null : staffOf(request.user);
  if (!staff) {
    reply.callNotFound();
    return reply;
  }
  const permission = request.routeOptions.config?.permission;
  if (!permission) throw new Error(`staff route ${request.routeOptions.url} declares no permission`);
  assertCan(staff.role, permission);
}

/** For handlers: the staff member the gate already let through. */
export function requireStaff(request: FastifyRequest): AuthUser & { role: StaffRole } {
  // The console is for staff in a browser: an API key never opens it, whoever owns the key.
  const staff = request.apiKey ? null : staffOf(request.user);
  // The gate ran first; reaching here without staff means a route outside the prefix called this.
  if (!staff) throw new Error('requireStaff outside a /rest/v1/admin/ route');
  return staff;
}

/** Who is acting in the console: the staff member and where the request came from (kept in audit rows). */
export type StaffActor = { id: number; username: string; role: StaffRole; ip: string | null };

/** The acting staff member of a `/rest/v1/admin/` request. */
export function staffActorOf(request: FastifyRequest): StaffActor {
  const { id, username, role } = requireStaff(request);
  return { id, username, role, ip: request.ip };
}
