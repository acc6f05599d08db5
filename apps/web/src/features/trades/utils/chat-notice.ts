import type { Trade, TradeStatus } from '@app/contract';

/** Where a trade stands, as its chat words it (issue 26 item 10). */
export type ChatPhase =
  'notFunded' | 'running' | 'disputed' | 'decided' | 'completed' | 'cancelled' | 'expired';

export function chatPhaseOf(status: TradeStatus): ChatPhase {
  switch (status) {
    case 'not_funded':
    case 'funds_processing':
    case 'funds_processed':
      return 'notFunded';
    case 'dispute_open':
      return 'disputed';
    case 'dispute_awarded':
    case 'dispute_won_buyer':
    case 'dispute_won_seller':
      return 'decided';
    case 'released':
      return 'completed';
    case 'cancelled':
    case 'cancelled_buyer':
    case 'cancelled_seller':
      return 'cancelled';
    case 'cancelled_system':
    case 'expired':
      return 'expired';
    case 'active_funded':
    case 'pending':
    case 'paid':
      return 'running';
  }
}

/**
 * What the chat panel says under the messages, or null: `key` under `trades.chat.notice`, with the
 * chat's closing time (`closesAt`, seconds) or a name to put in. `closed` notices replace the composer;
 * the others sit under it.
 */
export type ChatNotice = {
  key: ChatNoticeKey;
  closed: boolean;
  closesAt?: number;
  name?: string;
};

type EndedPhase = 'decided' | 'completed' | 'cancelled' | 'expired';
export type ChatNoticeKey =
  | 'notFunded'
  | 'disputed'
  | 'blocked'
  | 'youBlocked'
  | `openUntil.${EndedPhase}`
  | `closed.${EndedPhase}`
  | 'reason.ChatBlockedAfterTradeIsCanceled'
  | 'reason.ChatNotAvailableAfterTradeCompleted'
  | 'staff.write'
  | 'staff.writeUntil'
  | 'staff.noDispute'
  | 'staff.take'
  | 'staff.heldBy'
  | 'staff.notDecider';

const isEnded = (phase: ChatPhase): phase is EndedPhase =>
  phase === 'decided' || phase === 'completed' || phase === 'cancelled' || phase === 'expired';

/**
 * The right words for the viewer's chat in every state of the trade: the server says whether they may
 * write (`chat.canPost`) and why not (the spec's block reasons); the trade's status, the dispute and
 * the chat's closing time say the rest. Staff get their own words (they write from the console).
 */
export function chatNoticeOf(trade: Trade): ChatNotice | null {
  const { chat, dispute } = trade;
  const phase = chatPhaseOf(trade.status);
  const closesAt = chat.closesAt?.timestamp;
  const ended = isEnded(phase);
  const staff = trade.role === 'moderator';

  if (chat.canPost) {
    if (staff) {
      return ended && closesAt !== undefined
        ? { key: 'staff.writeUntil', closed: false, closesAt }
        : { key: 'staff.write', closed: false };
    }
    if (phase === 'disputed') return { key: 'disputed', closed: false };
    if (isEnded(phase) && closesAt !== undefined) {
      return { key: `openUntil.${phase}`, closed: false, closesAt };
    }
    return null;
  }

  switch (chat.blockReason) {
    case 'ChatNotAvailableYet':
      return { key: staff ? 'staff.noDispute' : 'notFunded', closed: true };
    case 'ChatBlocked':
      if (staff) {
        if (dispute.decision) return { key: 'staff.notDecider', closed: true };
        return dispute.moderator
          ? { key: 'staff.heldBy', closed: true, name: dispute.moderator }
          : { key: 'staff.take', closed: true };
      }
      if (trade.viewerRelation?.isBlocked) {
        const partner = trade.role === 'buyer' ? trade.seller : trade.buyer;
        return { key: 'youBlocked', closed: true, name: partner.username };
      }
      return { key: 'blocked', closed: true };
    case 'ChatBlockedAfterTradeIsCanceled':
    case 'ChatNotAvailableAfterTradeCompleted':
      return isEnded(phase) && closesAt !== undefined
        ? { key: `closed.${phase}`, closed: true, closesAt }
        : { key: `reason.${chat.blockReason}`, closed: true };
    case null:
      return null;
  }
}
