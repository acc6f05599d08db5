import {
  adminUserActions,
  type AccountNoticeCode,
  type AccountState,
  type AdminUserAction,
  type AdminUserActionBody,
  type AdminUserChange,
  type AdminUserDetail,
  type AdminUserList,
  type AdminUserRoleBody,
  type AdminUserRow,
  type AuditLogPage,
  type StaffPermissions,
  type StaffRole,
  type UserRole,
} from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import type { EventBus } from '../../platform/events/bus.js';
import { isLockedOut } from '../../platform/auth/account-policy.js';
import {
  assertCan,
  assertOutranks,
  can,
  permissionForAction,
  permissionsOf,
  rankOf,
} from '../../platform/auth/permissions.js';
import { revokeSessionsOfUser } from '../../platform/auth/session.js';
import { AppError, fieldError, notFound } from '../../platform/http/errors.js';
import { userStanding, type UserRow } from '../users/index.js';
import { listAudit, presentAudit, recordAudit } from '../audit/index.js';
import { isoOf, isoOrNull } from '../../platform/db/timestamps.js';
import { staffRepository, type UserListRow } from './repository.js';

/** Who is acting: the session's staff member and where the request came from (kept in the audit row). */
export type { StaffActor } from '../../platform/auth/staff-guard.js';
import type { StaffActor } from '../../platform/auth/staff-guard.js';

type StateAction = Exclude<AdminUserAction, 'restore' | 'set_notice'>;

/** The spec's account actions onto the account states (decision 0019). */
const STATE_OF: Readonly<Record<StateAction, AccountState>> = {
  ban: 'banned',
  suspend: 'suspended',
  freeze: 'frozen',
  compromised: 'compromised',
  compliance_hold: 'compliance_hold',
  on_hold: 'on_hold',
  restrict: 'restricted',
};

/**
 * The notice a state leaves when the action names none (spec codes: 0 problem with the account
 * balance, 1 account closed, 2 notification from payment support). Other states, and `restore`, clear it.
 */
const DEFAULT_NOTICE: Partial<Readonly<Record<AccountState, AccountNoticeCode>>> = {
  banned: 1,
  frozen: 0,
  compliance_hold: 2,
  on_hold: 2,
};

const notApplicable = (message: string) => new AppError(409, 'ACCOUNT_ACTION_NOT_APPLICABLE', message);

/** The standing an action leads to from the current one, or null when it changes nothing. */
function nextStanding(
  user: Pick<UserRow, 'accountState' | 'accountNotice'>,
  action: AdminUserAction,
  notice: AccountNoticeCode | null | undefined,
): { accountState: AccountState; accountNotice: AccountNoticeCode | null } | null {
  let next: { accountState: AccountState; accountNotice: AccountNoticeCode | null };
  if (action === 'set_notice') {
    next = { accountState: user.accountState, accountNotice: notice ?? null };
  } else if (action === 'restore') {
    if (user.accountState === 'active') return null;
    next = { accountState: 'active', accountNotice: notice ?? null };
  } else {
    const accountState = STATE_OF[action];
    next = {
      accountState,
      accountNotice: notice === undefined ? (DEFAULT_NOTICE[accountState] ?? null) : notice,
    };
  }
  return next.accountState === user.accountState && next.accountNotice === user.accountNotice ? null : next;
}

/** What a viewer may do to a target right now (the detail screen's buttons; the same rules as the calls). */
function allowedActionsOn(role: StaffRole, target: Pick<UserRow, 'role' | 'accountState' | 'accountNotice'>) {
  if (rankOf(role) <= rankOf(target.role)) return [];
  return adminUserActions.filter((action) => {
    const permission = permissionForAction(action, target.accountState);
    if (!permission || !can(role, permission)) return false;
    // set_notice can always change something (another code, or none); the others must change the standing.
    return action === 'set_notice' || nextStanding(target, action, undefined) !== null;
  });
}

const presentRow = (row: UserListRow): AdminUserRow => ({
  id: row.id,
  username: row.username,
  email: row.email,
  role: row.role as UserRole,
  accountState: row.account_state as AccountState,
  accountNotice: row.account_notice as AccountNoticeCode | null,
  createdAt: isoOf(row.created_at),
  tradesCount: row.trades_count,
  lastSeenAt: isoOrNull(row.last_seen_at),
});

/**
 * The staff console's user management and audit log. Every write: one transaction that locks the
 * target's row, checks the permission table and the rank rule under that lock, changes the standing
 * and appends the audit row; sessions end (and sockets close) only after it committed.
 */
export function createStaffService({ db, events }: { db: Db; events?: EventBus }) {
  async function rowOf(id: number): Promise<AdminUserRow> {
    const row = await staffRepository.userById(db, id);
    if (!row) throw notFound('User not found');
    return presentRow(row);
  }

  return {
    permissions(role: StaffRole): StaffPermissions {
      return { role, permissions: permissionsOf(role) };
    },

    async searchUsers(query: { q?: string; page: number; limit: number }): Promise<AdminUserList> {
      const rows = await staffRepository.searchUsers(
        db,
        query.q || undefined,
        (query.page - 1) * query.limit,
        query.limit + 1,
      );
      return {
        items: rows.slice(0, query.limit).map(presentRow),
        page: query.page,
        limit: query.limit,
        hasMore: rows.length > query.limit,
      };
    },

    async userDetail(viewer: StaffActor, username: string): Promise<AdminUserDetail> {
      const target = await userStanding.findByUsername(db, username);
      if (!target) throw notFound('User not found');
      const [row, trades, offers, reports, sessions, ips] = await Promise.all([
        staffRepository.userById(db, target.id),
        staffRepository.recentTrades(db, target.id, 20),
        staffRepository.offers(db, target.id, 50),
        staffRepository.reportsAgainst(db, target.id, 50),
        staffRepository.sessions(db, target.id),
        staffRepository.ips(db, target.id),
      ]);
      if (!row) throw notFound('User not found');
      return {
        profile: {
          ...presentRow(row),
          lastLoginAt: isoOrNull(row.last_login_at),
          isEmailVerified: row.is_email_verified,
          isDemoAccount: row.is_demo_account,
        },
        recentTrades: trades.map((t) => ({
          hash: t.hash,
          status: t.status,
          role: t.role,
          counterparty: t.counterparty,
          cryptoCode: t.crypto_code,
          fiatCurrencyCode: t.fiat_currency_code,
          fiatAmount: t.fiat_amount,
          startedAt: isoOf(t.started_at),
        })),
        offers: offers.map((o) => ({
          hash: o.hash,
          type: o.type,
          cryptoCode: o.crypto_code,
          fiatCurrencyCode: o.fiat_currency_code,
          paymentMethodLabel: o.payment_method_label,
          isActive: o.is_active,
          createdAt: isoOf(o.created_at),
        })),
        reportsAgainst: reports.map((r) => ({
          id: r.id,
          offerHash: r.offer_hash,
          reporter: r.reporter,
          reason: r.reason,
          message: r.message,
          createdAt: isoOf(r.created_at),
        })),
        sessions: sessions.map((s) => ({
          ip: s.ip,
          userAgent: s.user_agent,
          createdAt: isoOf(s.created_at),
          lastSeenAt: isoOf(s.last_seen_at),
          expiresAt: isoOf(s.expires_at),
        })),
        ips: ips.map((i) => ({ ip: i.ip, source: i.source, lastSeenAt: isoOrNull(i.last_seen_at) })),
        allowedActions: viewer.id === target.id ? [] : allowedActionsOn(viewer.role, target),
        canChangeRole:
          viewer.id !== target.id &&
          can(viewer.role, 'roles.change') &&
          rankOf(viewer.role) > rankOf(target.role),
      };
    },

    /**
     * An account action (the spec's list, `restore`, `set_notice`). Refusals, in order: unknown user
     * 404; the permission the action needs (for `restore`: the one that set the current state) 403
     * `FORBIDDEN_ROLE`; the rank rule 403 `FORBIDDEN_RANK`; nothing would change (someone did it
     * already, or `restore` on an active account) 409 `ACCOUNT_ACTION_NOT_APPLICABLE`.
     */
    async applyAction(
      actor: StaffActor,
      username: string,
      body: AdminUserActionBody,
    ): Promise<AdminUserChange> {
      if (body.action === 'set_notice' && body.notice === undefined) {
        throw fieldError('notice', 'Choose the notice to show (or null to clear it)', 'required');
      }
      const { user, audit } = await db.transaction(async (tx) => {
        const target = await userStanding.lockByUsername(tx, username);
        if (!target) throw notFound('User not found');
        const permission = permissionForAction(body.action, target.accountState);
        if (!permission) throw notApplicable('This account is already active.');
        assertCan(actor.role, permission);
        assertOutranks(actor.role, target.role);
        const next = nextStanding(target, body.action, body.notice);
        if (!next) {
          throw notApplicable(
            `Nothing to change: the account is already ${target.accountState.replaceAll('_', ' ')}` +
              (target.accountNotice === null ? '.' : ` with notice ${target.accountNotice}.`),
          );
        }
        const updated = await userStanding.set(tx, target.id, next);
        const audit = await recordAudit(tx, {
          actorId: actor.id,
          actorRole: actor.role,
          action: `user.${body.action}`,
          targetType: 'user',
          targetId: target.username,
          reason: body.reason,
          before: { accountState: target.accountState, accountNotice: target.accountNotice },
          after: { accountState: updated.accountState, accountNotice: updated.accountNotice },
          ip: actor.ip,
        });
        return { user: updated, audit };
      });
      // After commit: the ban or suspension is already what every request sees (the session lookup reads
      // the state); this ends the sessions and closes the user's sockets on every instance at once.
      if (isLockedOut(user.accountState)) await revokeSessionsOfUser(db, user.id, events);
      return { user: await rowOf(user.id), audit: presentAudit(audit, actor.username) };
    },

    /**
     * A role change (admins only, by the route's permission). Nobody changes their own role, acts on a
     * peer or a superior, or grants a role at or above their own (decision 0019, "Rank rule"). A demotion
     * ends the member's sessions and closes their sockets after commit: HTTP requests read the role fresh
     * from the users row, but an open socket keeps the trades it was allowed to reach as staff.
     */
    async changeRole(actor: StaffActor, username: string, body: AdminUserRoleBody): Promise<AdminUserChange> {
      const { user, audit, before } = await db.transaction(async (tx) => {
        const target = await userStanding.lockByUsername(tx, username);
        if (!target) throw notFound('User not found');
        if (target.id === actor.id) {
          throw new AppError(403, 'FORBIDDEN_RANK', 'You cannot change your own role.');
        }
        assertOutranks(actor.role, target.role);
        assertOutranks(actor.role, body.role);
        if (target.role === body.role) {
          throw notApplicable(`${target.username} already has the role ${body.role}.`);
        }
        const updated = await userStanding.setRole(tx, target.id, body.role);
        const audit = await recordAudit(tx, {
          actorId: actor.id,
          actorRole: actor.role,
          action: 'user.role_change',
          targetType: 'user',
          targetId: target.username,
          reason: body.reason,
          before: { role: target.role },
          after: { role: updated.role },
          ip: actor.ip,
        });
        return { user: updated, audit, before: target.role };
      });
      if (rankOf(user.role) < rankOf(before)) await revokeSessionsOfUser(db, user.id, events);
      return { user: await rowOf(user.id), audit: presentAudit(audit, actor.username) };
    },

    async auditLog(query: {
      actor?: string;
      action?: string;
      targetType?: string;
      targetId?: string;
      from?: string;
      to?: string;
      q?: string;
      cursor?: string;
      limit: number;
    }): Promise<AuditLogPage> {
      return listAudit(db, {
        ...query,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
        beforeId: query.cursor ? Number(query.cursor) : undefined,
      });
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
