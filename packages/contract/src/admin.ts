import { z } from 'zod';
import { lineString, textString } from './strings.js';
import { accountNoticeCodeSchema, accountStateSchema, staffRoles, userRoleSchema } from './users.js';

/**
 * The staff console's API under `/rest/v1/admin/` (issue 11; decision 0019). Anonymous users and
 * non-staff get the unknown-route 404 on every path here; staff whose role lacks the permission get 403
 * `FORBIDDEN_ROLE`. Every write carries a reason and leaves an audit row.
 */

/**
 * What a staff role may do: one name per console capability. The table itself (role -> permissions)
 * lives on the server (`platform/auth/permissions.ts`); the web reads a user's list from
 * `GET /rest/v1/admin/permissions` to decide which screens and buttons to show.
 */
export const staffPermissions = [
  'console.view',
  'users.view',
  'disputes.take',
  'disputes.assign',
  'disputes.award',
  'appeals.decide',
  'reports.handle',
  'chargebacks.handle',
  'verifications.review',
  // Approve or reject a large withdrawal waiting in the four-eyes queue (decision 0058).
  'withdrawals.approve',
  'account.restrict',
  'account.on_hold',
  'account.suspend',
  'account.compromised',
  'account.freeze',
  'account.compliance_hold',
  'account.ban',
  'account.notice',
  'roles.change',
  'audit.read',
  'outbox.read',
  'custody.view',
  // The hot wallet's payouts: open and recent transactions, withdrawals waiting on a limit (0057).
  'payouts.view',
] as const;
export const staffPermissionSchema = z.enum(staffPermissions);
export type StaffPermission = z.infer<typeof staffPermissionSchema>;

export const staffRoleSchema = z.enum(staffRoles);

/** `GET /rest/v1/admin/permissions`: the caller's role and what it may do. */
export const staffPermissionsSchema = z.object({
  role: staffRoleSchema,
  permissions: z.array(staffPermissionSchema),
});
export type StaffPermissions = z.infer<typeof staffPermissionsSchema>;

/**
 * The spec's account actions (ban, freeze, suspend, compromised, compliance hold, on hold, restrict),
 * plus `restore` (lift whatever state the account is in, back to active) and `set_notice` (leave or
 * clear an account notice without changing the state).
 */
export const adminUserActions = [
  'ban',
  'suspend',
  'freeze',
  'compromised',
  'compliance_hold',
  'on_hold',
  'restrict',
  'restore',
  'set_notice',
] as const;
export const adminUserActionSchema = z.enum(adminUserActions, { error: 'Choose an account action' });
export type AdminUserAction = z.infer<typeof adminUserActionSchema>;

/** Longest staff reason, in characters (after trimming). */
export const STAFF_REASON_MAX = 2_000;

/** Every staff write carries a reason: it is stored in the audit log next to the change. */
export const staffReasonSchema = textString()
  .trim()
  .min(1, 'Give a reason: it is kept in the audit log')
  .max(STAFF_REASON_MAX, `At most ${STAFF_REASON_MAX} characters`);

/**
 * `POST /rest/v1/admin/users/{username}/actions`. `notice`: the account notice to leave with the
 * action (absent: the action's default, see decision 0019; null: none). `set_notice` requires it.
 */
export const adminUserActionBodySchema = z.object({
  action: adminUserActionSchema,
  reason: staffReasonSchema,
  notice: accountNoticeCodeSchema.nullable().optional(),
});
export type AdminUserActionBody = z.input<typeof adminUserActionBodySchema>;

/** `POST /rest/v1/admin/users/{username}/role`: admins only; never one's own role. */
export const adminUserRoleBodySchema = z.object({
  role: userRoleSchema,
  reason: staffReasonSchema,
});
export type AdminUserRoleBody = z.input<typeof adminUserRoleBodySchema>;

export const adminUsernameParamsSchema = z.object({ username: lineString().min(1).max(64) });

const pageQuery = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
};

/** `GET /rest/v1/admin/users?q=`: username or e-mail prefix (case-insensitive), newest accounts first. */
export const adminUsersQuerySchema = z.object({
  q: lineString().trim().max(100).optional(),
  ...pageQuery,
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

/** One row of the users list. */
export const adminUserRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: userRoleSchema,
  accountState: accountStateSchema,
  accountNotice: accountNoticeCodeSchema.nullable(),
  createdAt: z.string(),
  /** Trades as buyer or seller, any status. */
  tradesCount: z.number().int(),
  /** The latest request of any session, else the last login; null: never seen. */
  lastSeenAt: z.string().nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUserListSchema = z.object({
  items: z.array(adminUserRowSchema),
  page: z.number().int(),
  limit: z.number().int(),
  hasMore: z.boolean(),
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

export const adminUserTradeSchema = z.object({
  hash: z.string(),
  status: z.string(),
  role: z.enum(['buyer', 'seller']),
  counterparty: z.string(),
  cryptoCode: z.string(),
  fiatCurrencyCode: z.string(),
  /** Decimal string, the trade's fiat amount. */
  fiatAmount: z.string(),
  startedAt: z.string(),
});

export const adminUserOfferSchema = z.object({
  hash: z.string(),
  type: z.enum(['buy', 'sell']),
  cryptoCode: z.string(),
  fiatCurrencyCode: z.string(),
  paymentMethodLabel: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
});

/** A report another user filed against one of this user's offers. */
export const adminUserReportSchema = z.object({
  id: z.number().int(),
  offerHash: z.string(),
  reporter: z.string(),
  reason: z.string(),
  message: z.string(),
  createdAt: z.string(),
});

export const adminUserSessionSchema = z.object({
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
});

/** An address the user was seen at: a live session, or a trade they took part in. */
export const adminUserIpSchema = z.object({
  ip: z.string(),
  source: z.enum(['session', 'trade']),
  lastSeenAt: z.string().nullable(),
});

/** `GET /rest/v1/admin/users/{username}`. `allowedActions`/`canChangeRole`: what the viewer may do here. */
export const adminUserDetailSchema = z.object({
  profile: adminUserRowSchema.extend({
    lastLoginAt: z.string().nullable(),
    isEmailVerified: z.boolean(),
    isDemoAccount: z.boolean(),
  }),
  recentTrades: z.array(adminUserTradeSchema),
  offers: z.array(adminUserOfferSchema),
  reportsAgainst: z.array(adminUserReportSchema),
  sessions: z.array(adminUserSessionSchema),
  ips: z.array(adminUserIpSchema),
  allowedActions: z.array(adminUserActionSchema),
  canChangeRole: z.boolean(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** A JSON snapshot of what an audited action changed (`before`/`after`). */
export const auditSnapshotSchema = z.record(z.string(), z.unknown());

/** One row of the append-only audit log. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string().nullable(),
  actorRole: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  reason: z.string(),
  before: auditSnapshotSchema.nullable(),
  after: auditSnapshotSchema.nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The answer of an account action or a role change: the user as it is now, and the audit row written. */
export const adminUserChangeSchema = z.object({
  user: adminUserRowSchema,
  audit: auditEntrySchema,
});
export type AdminUserChange = z.infer<typeof adminUserChangeSchema>;

/**
 * `GET /rest/v1/admin/audit-log`, newest first. `actor`: a username; `action`: exact (`user.ban`);
 * `targetType` + `targetId`: what was acted on; `from`/`to`: ISO times (from inclusive, to exclusive);
 * `q`: words in the reason or the target id. Pages by `cursor` (the `nextCursor` of the last page).
 */
export const auditLogQuerySchema = z.object({
  actor: lineString().trim().max(64).optional(),
  action: lineString().trim().max(64).optional(),
  targetType: lineString().trim().max(32).optional(),
  targetId: lineString().trim().max(128).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  q: lineString().trim().max(200).optional(),
  // audit_log ids are bigint: 15 digits stay far inside its range.
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'Use the nextCursor of the previous page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditLogPageSchema = z.object({
  items: z.array(auditEntrySchema),
  /** Pass as `cursor` for the next (older) page; null: this is the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
