import {
  formatBaseUnits,
  REQUIRED_WITHDRAWAL_APPROVALS,
  type AdminWithdrawal,
  type AdminWithdrawalQueue,
} from '@app/contract';
import type { Db, Tx } from '../../platform/db/client.js';
import type { StaffActor } from '../../platform/auth/staff-guard.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { recordAudit } from '../audit/index.js';
import type { Ledger } from '../ledger/index.js';
import { approvalsRepository } from './approvals-repository.js';
import { walletRepository, type WithdrawalRow } from './repository.js';

type Approval = { staffId: number; staff: string | null; createdAt: Date };

const notWaiting = (status: string) =>
  new AppError(
    409,
    'WITHDRAWAL_NOT_AWAITING_APPROVAL',
    `This withdrawal is no longer waiting for approval (it is ${status.replaceAll('_', ' ')}).`,
  );
const own = () =>
  new AppError(409, 'WITHDRAWAL_OWN', 'This is your own withdrawal: two other staff members must review it.');
const alreadyApproved = () =>
  new AppError(
    409,
    'WITHDRAWAL_ALREADY_APPROVED',
    'You approved this withdrawal already: the second approval must come from another staff member.',
  );

/**
 * The four-eyes queue of large withdrawals (issue 27; decision 0058). Each action is one transaction that
 * locks the withdrawal's row first, so two staff members acting at once are decided one after the other:
 * the checks (not one's own, still waiting, not approved by this member already) and the change see the
 * same row, and the audit row commits with the change.
 *
 * - approve: records who and when; the approval that reaches the required number (two) moves the
 *   withdrawal to `pending`, where the chain's sender (or the simulated miner) takes it.
 * - reject: the amount and fee go back from `outgoing` to the user's `available` through a reversing
 *   ledger transaction keyed by the withdrawal (`withdrawal:<id>:reject`), and the reason is kept for the
 *   user to read.
 */
export function createWithdrawalApprovals(options: {
  db: Db;
  ledger: Ledger;
  decimalsOf: (code: string) => Promise<number>;
  now?: () => Date;
}) {
  const { db, ledger, decimalsOf } = options;
  const now = options.now ?? (() => new Date());

  async function present(
    row: WithdrawalRow,
    username: string,
    approvals: Approval[],
    viewer: StaffActor,
  ): Promise<AdminWithdrawal> {
    const decimals = await decimalsOf(row.cryptoCode);
    return {
      id: row.publicId,
      username,
      cryptoCurrencyCode: row.cryptoCode,
      amount: formatBaseUnits(BigInt(row.amount), decimals),
      networkFee: formatBaseUnits(BigInt(row.networkFee), decimals),
      amountUsd: row.amountUsd,
      address: row.address,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      ageSeconds: Math.max(0, Math.floor((now().getTime() - row.createdAt.getTime()) / 1000)),
      approvals: approvals.map((a) => ({ staff: a.staff, at: a.createdAt.toISOString() })),
      requiredApprovals: row.requiredApprovals,
      rejectionReason: row.rejectionReason,
      approvedByMe: approvals.some((a) => a.staffId === viewer.id),
      mine: row.userId === viewer.id,
    };
  }

  /** The row locked and checked for an action by `actor`: it exists, is not theirs, and still waits. */
  async function lockWaiting(tx: Tx, actor: StaffActor, id: string) {
    const row = await approvalsRepository.lockByPublicId(tx, id);
    if (!row) throw notFound('Withdrawal not found');
    if (row.userId === actor.id) throw own();
    if (row.status !== 'awaiting_approval') throw notWaiting(row.status);
    return row;
  }

  async function answer(actor: StaffActor, row: WithdrawalRow): Promise<AdminWithdrawal> {
    const approvals = await approvalsRepository.approvalsOf(db, [row.id]);
    return present(row, await approvalsRepository.usernameOf(db, row.userId), approvals, actor);
  }

  return {
    /** The waiting withdrawals, oldest first, with their approvals so far. */
    async queue(viewer: StaffActor, limit: number): Promise<AdminWithdrawalQueue> {
      const rows = await approvalsRepository.waiting(db, limit);
      const approvals = await approvalsRepository.approvalsOf(
        db,
        rows.map((r) => r.withdrawal.id),
      );
      const items = [];
      for (const { withdrawal, username } of rows) {
        items.push(
          await present(
            withdrawal,
            username,
            approvals.filter((a) => a.withdrawalId === withdrawal.id),
            viewer,
          ),
        );
      }
      return { items, total: await approvalsRepository.waitingCount(db) };
    },

    /**
     * One staff member's approval. 404 unknown id; 409 `WITHDRAWAL_OWN` (the actor is the withdrawing
     * user), `WITHDRAWAL_NOT_AWAITING_APPROVAL` (approved, rejected or sent meanwhile),
     * `WITHDRAWAL_ALREADY_APPROVED` (the actor gave an approval already).
     */
    async approve(actor: StaffActor, id: string): Promise<AdminWithdrawal> {
      const row = await db.transaction(async (tx) => {
        const row = await lockWaiting(tx, actor, id);
        const before = await approvalsRepository.approvalsOf(tx, [row.id]);
        if (before.some((a) => a.staffId === actor.id)) throw alreadyApproved();
        const at = now();
        await approvalsRepository.insertApproval(tx, row.id, actor.id, at);
        const given = before.length + 1;
        const required = Math.max(row.requiredApprovals, REQUIRED_WITHDRAWAL_APPROVALS);
        const released = given >= required;
        if (released) {
          // From here the chain's sender takes it: the last moment staff could stop it.
          await walletRepository.updateWithdrawal(tx, row.id, { status: 'pending', reviewedAt: at });
        }
        await recordAudit(tx, {
          actorId: actor.id,
          actorRole: actor.role,
          action: 'withdrawal.approve',
          targetType: 'withdrawal',
          targetId: row.publicId,
          reason: released
            ? `Approval ${given} of ${required}: released to the chain`
            : `Approval ${given} of ${required}`,
          before: { status: row.status, approvals: given - 1 },
          after: { status: released ? 'pending' : row.status, approvals: given },
          ip: actor.ip,
        });
        return released ? { ...row, status: 'pending' as const, reviewedAt: at } : row;
      });
      return answer(actor, row);
    },

    /**
     * Refuses a waiting withdrawal with the reason the user reads: its amount and fee return to the user's
     * available balance. The same 404 and 409 answers as `approve` (a member who approved may still
     * reject: they may have learnt something since).
     */
    async reject(actor: StaffActor, id: string, reason: string): Promise<AdminWithdrawal> {
      const row = await db.transaction(async (tx) => {
        const row = await lockWaiting(tx, actor, id);
        const total = BigInt(row.amount) + BigInt(row.networkFee);
        // IRREVERSIBLE once committed: the reversing movement of the withdrawal's own, exactly once by its key.
        await ledger.transfer(
          {
            idempotencyKey: `withdrawal:${row.publicId}:reject`,
            kind: 'withdrawal_refund',
            cryptoCode: row.cryptoCode,
            reference: { type: 'withdrawal', id: row.publicId },
            legs: [
              { account: { userId: null, kind: 'outgoing' }, amount: -total },
              { account: { userId: row.userId, kind: 'available' }, amount: total },
            ],
          },
          tx,
        );
        const at = now();
        await walletRepository.updateWithdrawal(tx, row.id, {
          status: 'rejected',
          rejectionReason: reason,
          reviewedAt: at,
        });
        await recordAudit(tx, {
          actorId: actor.id,
          actorRole: actor.role,
          action: 'withdrawal.reject',
          targetType: 'withdrawal',
          targetId: row.publicId,
          reason,
          before: { status: row.status },
          after: { status: 'rejected', refunded: total.toString() },
          ip: actor.ip,
        });
        return { ...row, status: 'rejected' as const, rejectionReason: reason, reviewedAt: at };
      });
      return answer(actor, row);
    },
  };
}

export type WithdrawalApprovals = ReturnType<typeof createWithdrawalApprovals>;
