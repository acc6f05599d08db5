import type { UserRole } from '@app/contract';
import { can } from '../../platform/auth/permissions.js';

/**
 * Why a staff member may not write in a trade's chat now, or null when they may (decision 0052). One
 * rule for the trade view's `chat` (what a moderator's chat panel offers) and for the console's
 * `POST /rest/v1/admin/disputes/{id}/messages` (what it accepts):
 * - staff write only in a trade that has a dispute (`no_dispute`: the chat is the parties' own);
 * - while it is undecided, the moderator holding it, or a supermod/admin (who may reassign and decide
 *   without holding it, as for the award); anyone else `not_holder`;
 * - once decided, the moderator who decided it, the one who held it and supermods/admins, for as long
 *   as the parties' own chat stays open (TRADE_CHAT_GRACE_HOURS after the trade ended): questions about
 *   the decision get an answer while the parties can still ask them. Afterwards `closed` for everyone:
 *   staff never write into a chat the parties can no longer answer in.
 */
export type StaffChatRefusal = 'no_dispute' | 'not_holder' | 'closed';

export function staffChatRefusal(input: {
  staff: { id: number; role: UserRole };
  dispute: { assignedTo: number | null; moderatorId: number | null; resolvedAt: Date | null } | null;
  /** When the trade reached its final status (null while it runs). */
  endedAt: Date | null;
  graceHours: number;
  at: Date;
}): StaffChatRefusal | null {
  const { staff, dispute } = input;
  if (!dispute) return 'no_dispute';
  const oversees = can(staff.role, 'disputes.assign');
  if (dispute.resolvedAt === null) return dispute.assignedTo === staff.id || oversees ? null : 'not_holder';
  const ended = input.endedAt ?? dispute.resolvedAt;
  if (input.at.getTime() > ended.getTime() + input.graceHours * 3_600_000) return 'closed';
  return dispute.moderatorId === staff.id || dispute.assignedTo === staff.id || oversees
    ? null
    : 'not_holder';
}

/** When a trade's chat closes: TRADE_CHAT_GRACE_HOURS after it ended; null while it runs. */
export function chatClosesAt(endedAt: Date | null, graceHours: number): Date | null {
  return endedAt === null ? null : new Date(endedAt.getTime() + graceHours * 3_600_000);
}
