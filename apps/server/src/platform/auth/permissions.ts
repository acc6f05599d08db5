import {
  isStaffRole,
  staffPermissions,
  type AdminUserAction,
  type StaffPermission,
  type StaffRole,
  type UserRole,
} from '@app/contract';
import { AppError } from '../http/errors.js';

/**
 * THE permission table of the staff console (docs/decisions/0019-staff-roles-permissions-and-audit.md).
 * Every `/rest/v1/admin/` route names one permission; the staff guard answers 403 `FORBIDDEN_ROLE` to
 * a staff role that lacks it. Written out per role, not derived from rank, so a reviewer reads exactly
 * what each role may do.
 *
 * - moderator: the daily work: disputes (take, award), reports, users (look up, and the reversible,
 *   protective account actions: restrict, on hold, suspend, compromised).
 * - supermod: everything a moderator does, plus appeals (a second moderator decides), chargebacks, the
 *   identity verifications (personal documents: decision 0038), the four-eyes queue of large withdrawals
 *   (decision 0058), the money-touching and final account actions (freeze, compliance hold, ban), account
 *   notices, reassigning disputes, the audit log, and the custody view (hot and cold balances, what must
 *   be refilled; decision 0060).
 * - admin: everything, and the only role that changes roles and reads the outbox (its mails hold codes
 *   and links that open other people's accounts).
 */
const MODERATOR: readonly StaffPermission[] = [
  'console.view',
  'users.view',
  'disputes.take',
  'disputes.award',
  'reports.handle',
  'account.restrict',
  'account.on_hold',
  'account.suspend',
  'account.compromised',
];

const SUPERMOD: readonly StaffPermission[] = [
  ...MODERATOR,
  'disputes.assign',
  'appeals.decide',
  'chargebacks.handle',
  'verifications.review',
  'withdrawals.approve',
  'account.freeze',
  'account.compliance_hold',
  'account.ban',
  'account.notice',
  'audit.read',
  'custody.view',
  'payouts.view',
];

export const PERMISSIONS: Readonly<Record<StaffRole, ReadonlySet<StaffPermission>>> = {
  moderator: new Set(MODERATOR),
  supermod: new Set(SUPERMOD),
  admin: new Set(staffPermissions),
};

/** Whether `role` may do `permission`; plain users and unknown roles may do nothing here. */
export function can(role: UserRole, permission: StaffPermission): boolean {
  return isStaffRole(role) && PERMISSIONS[role].has(permission);
}

/** Every permission of a role, in the contract's order (the console's `GET /rest/v1/admin/permissions`). */
export const permissionsOf = (role: StaffRole): StaffPermission[] =>
  staffPermissions.filter((permission) => PERMISSIONS[role].has(permission));

export const forbiddenRole = () =>
  new AppError(403, 'FORBIDDEN_ROLE', 'Your role does not allow this action.');

export function assertCan(role: UserRole, permission: StaffPermission): void {
  if (!can(role, permission)) throw forbiddenRole();
}

/** Rank: the order of the contract's roles (user < moderator < supermod < admin). */
const RANK: Readonly<Record<UserRole, number>> = { user: 0, moderator: 1, supermod: 2, admin: 3 };
export const rankOf = (role: UserRole): number => RANK[role];

/**
 * The rank rule: staff act only on users of a LOWER rank than their own, so nobody acts on themselves,
 * a peer or a superior (a moderator cannot suspend another moderator; an admin cannot demote an admin:
 * that takes the operator's command line). A role change also may not grant a role at or above the
 * actor's own. Checked under the target's row lock, so a concurrent promotion cannot slip past it.
 */
export function assertOutranks(actorRole: UserRole, targetRole: UserRole): void {
  if (rankOf(actorRole) <= rankOf(targetRole)) {
    throw new AppError(
      403,
      'FORBIDDEN_RANK',
      'You cannot act on your own account or on staff of your rank or above.',
    );
  }
}

/**
 * The permission an account action needs. `restore` (back to active) needs the permission of the state
 * it lifts: a moderator may lift a restriction they could have set, not a ban.
 */
export function permissionForAction(action: AdminUserAction, currentState: string): StaffPermission | null {
  switch (action) {
    case 'ban':
    case 'suspend':
    case 'freeze':
    case 'compromised':
    case 'compliance_hold':
    case 'on_hold':
    case 'restrict':
      return `account.${action}`;
    case 'set_notice':
      return 'account.notice';
    case 'restore':
      return STATE_PERMISSION[currentState] ?? null;
  }
}

/** The permission that sets each non-active state (what lifting it needs). */
const STATE_PERMISSION: Readonly<Record<string, StaffPermission>> = {
  banned: 'account.ban',
  suspended: 'account.suspend',
  frozen: 'account.freeze',
  compromised: 'account.compromised',
  compliance_hold: 'account.compliance_hold',
  on_hold: 'account.on_hold',
  restricted: 'account.restrict',
};
