import {
  isCompletedTradeStatus,
  isFeedbackMessageMissing,
  type FeedbackRating,
  type TradeStatus,
} from '@app/contract';

/**
 * The feedback rules, pure (docs/decisions/0010-feedback-and-attachments.md). The service asks them
 * with what it read; the database's unique index and conditional update hold them under races.
 */

export type GiveRefusal = 'not_completed' | 'already_given' | 'message_required';
export type ReplyRefusal = 'nothing_received' | 'already_replied';

/** Whether a party may rate the other now: only after a completed trade, and only once. */
export function decideGive(input: {
  status: TradeStatus;
  alreadyGiven: boolean;
  rating: FeedbackRating;
  message: string;
}): GiveRefusal | null {
  // Order matters for the answer: state problems first (the form cannot fix them), then the input.
  if (!isCompletedTradeStatus(input.status)) return 'not_completed';
  if (input.alreadyGiven) return 'already_given';
  if (isFeedbackMessageMissing(input.rating, input.message)) return 'message_required';
  return null;
}

/** Whether the recipient may answer: there is feedback for them on this trade and no reply yet. */
export function decideReply(received: { reply: string | null } | undefined): ReplyRefusal | null {
  if (!received) return 'nothing_received';
  if (received.reply !== null) return 'already_replied';
  return null;
}

/** The other party of a two-party trade. */
export const partnerOf = (trade: { buyerId: number; sellerId: number }, userId: number): number =>
  userId === trade.buyerId ? trade.sellerId : trade.buyerId;
