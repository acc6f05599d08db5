import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUserActionBodySchema,
  adminUserChangeSchema,
  adminUserDetailSchema,
  adminUserListSchema,
  adminUsernameParamsSchema,
  adminUserRoleBodySchema,
  adminUsersQuerySchema,
  auditLogPageSchema,
  auditLogQuerySchema,
  dataEnvelope,
  staffPermissionsSchema,
} from '@app/contract';
import { requireStaff, staffActorOf } from '../../platform/auth/staff-guard.js';
import type { StaffService } from './service.js';

const actorOf = staffActorOf;

/**
 * The staff console's user management and audit log (issue 11). Every route names its permission in
 * `config.permission`; the staff gate (platform/auth/staff-guard.ts) answers 404 to non-staff and 403
 * `FORBIDDEN_ROLE` to a role without it before anything else runs.
 */
export const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffService }> = async (app, { staff }) => {
  app.get(
    '/rest/v1/admin/permissions',
    {
      config: { permission: 'console.view' },
      schema: {
        tags: ['admin'],
        summary: 'My staff role and what it may do (the console shows only what the role allows)',
        description:
          "The caller's staff role (`moderator`, `supermod` or `admin`) and the list of permissions it has, so a console shows only what the role may do.",
        response: { 200: dataEnvelope(staffPermissionsSchema) },
      },
    },
    async (request) => ({ data: staff.permissions(requireStaff(request).role) }),
  );

  app.get(
    '/rest/v1/admin/users',
    {
      config: { permission: 'users.view' },
      schema: {
        tags: ['admin'],
        summary: 'Search users by username or e-mail prefix, newest first',
        description:
          'Users whose username or e-mail starts with `q` (all without it), newest first, `limit` a `page`, with their role, account state and notice.',
        querystring: adminUsersQuerySchema,
        response: { 200: dataEnvelope(adminUserListSchema) },
      },
    },
    async (request) => ({ data: await staff.searchUsers(request.query) }),
  );

  app.get(
    '/rest/v1/admin/users/:username',
    {
      config: { permission: 'users.view' },
      schema: {
        tags: ['admin'],
        summary: 'One user: profile, recent trades, offers, reports against them, sessions and IPs',
        description:
          'Everything staff need on the user `{username}`: profile and account state, recent trades, offers, reports against them, sessions and the IP addresses they used. 404 for an unknown username.',
        params: adminUsernameParamsSchema,
        response: { 200: dataEnvelope(adminUserDetailSchema) },
      },
    },
    async (request) => ({ data: await staff.userDetail(actorOf(request), request.params.username) }),
  );

  app.post(
    '/rest/v1/admin/users/:username/actions',
    {
      // The gate lets every moderator through; which action a role may apply depends on the action
      // (and, for restore, on the state it lifts): the service asks the permission table.
      config: { permission: 'users.view' },
      schema: {
        tags: ['admin'],
        summary: 'Apply an account action (ban, suspend, freeze, ..., restore) with a reason; audited',
        description:
          'Applies an account `action` to the user `{username}` with a `reason` for the audit log: `ban`, `suspend`, `freeze`, `compromised`, `compliance_hold`, `on_hold`, `restrict`, `restore` (back to active), or `set_notice` (the account `notice` shown to them, null to clear). Each action needs its own permission (403 `FORBIDDEN_ROLE`); never on oneself, a peer or a superior (403 `FORBIDDEN_RANK`); 409 `ACCOUNT_ACTION_NOT_APPLICABLE` when nothing would change; 404 for an unknown username.',
        params: adminUsernameParamsSchema,
        body: adminUserActionBodySchema,
        response: { 200: dataEnvelope(adminUserChangeSchema) },
      },
    },
    async (request) => ({
      data: await staff.applyAction(actorOf(request), request.params.username, request.body),
    }),
  );

  app.post(
    '/rest/v1/admin/users/:username/role',
    {
      config: { permission: 'roles.change' },
      schema: {
        tags: ['admin'],
        summary: "Change a user's role (admins; never their own, never a peer's or a superior's); audited",
        description:
          "Gives the user `{username}` the `role` (`user`, `moderator`, `supermod`, `admin`) with a `reason`; audited. Never one's own role, a peer's or a superior's (403 `FORBIDDEN_RANK`); 409 `ACCOUNT_ACTION_NOT_APPLICABLE` when they already have it; 404 for an unknown username.",
        params: adminUsernameParamsSchema,
        body: adminUserRoleBodySchema,
        response: { 200: dataEnvelope(adminUserChangeSchema) },
      },
    },
    async (request) => ({
      data: await staff.changeRole(actorOf(request), request.params.username, request.body),
    }),
  );

  app.get(
    '/rest/v1/admin/audit-log',
    {
      config: { permission: 'audit.read' },
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first: filter by actor, action, target, time, text; cursor pages',
        description:
          "Every staff action and look at personal data, newest first: filter by `actor`, `action`, `targetType` and `targetId`, a time range (`from`, `to`) and text (`q`); `cursor` (the previous page's `nextCursor`) pages them.",
        querystring: auditLogQuerySchema,
        response: { 200: dataEnvelope(auditLogPageSchema) },
      },
    },
    async (request) => ({ data: await staff.auditLog(request.query) }),
  );
};
