import type { TradeAction, WebhookEventName } from '@app/contract';
import type { BusEvent } from '../../platform/events/bus.js';

/**
 * Which webhook event a bus event is, for whom, and what names the happening (the dedup key: every
 * instance hearing the same bus event computes the same key, so it is queued once).
 */
export type WebhookHappening = {
  event: WebhookEventName;
  /** The users whose webhooks receive it. */
  userIds: readonly number[];
  /** A party who must not receive it: the author of a chat message does not hear their own message. */
  exceptUsername?: string;
  key: string;
  payload: unknown;
};

const STATUS_EVENTS: Partial<Record<TradeAction, WebhookEventName>> = {
  mark_paid: 'trade.paid',
  release: 'trade.released',
  cancel: 'trade.cancelled_or_expired',
  expire: 'trade.cancelled_or_expired',
  open_dispute: 'trade.dispute_started',
  award_buyer: 'trade.dispute_finished',
  award_seller: 'trade.dispute_finished',
};

type StatusData = { tradeHash: string; status: string; action: TradeAction | 'start'; at: string };
type MessageData = { id: number; kind: string; author: { username: string } | null };
type FeedbackData = { tradeHash: string };

/** The webhook event of one bus event, or null for those webhooks do not carry (typing, market...). */
export function happeningOf(bus: BusEvent): WebhookHappening | null {
  const { type, userIds } = bus;
  if (type === 'trade.started') {
    const data = bus.data as StatusData;
    return { event: 'trade.started', userIds, key: `trade.started:${data.tradeHash}`, payload: data };
  }
  if (type === 'trade.status') {
    const data = bus.data as StatusData;
    const event = data.action === 'start' ? undefined : STATUS_EVENTS[data.action];
    if (!event) return null;
    return { event, userIds, key: `${event}:${data.tradeHash}:${data.status}:${data.at}`, payload: data };
  }
  if (type === 'trade.message') {
    const data = bus.data as MessageData;
    // System lines (status changes, moderators' notes) arrive as their own events or are staff's words.
    // A staff member's own message (author role moderator, decision 0052) is a chat message to both.
    if (!data.author || data.kind === 'system') return null;
    const event = data.kind === 'user' ? 'trade.chat_message_received' : 'trade.attachment_uploaded';
    return {
      event,
      userIds,
      exceptUsername: data.author.username,
      key: `${event}:${data.id}`,
      payload: data,
    };
  }
  if (type === 'feedback.received' || type === 'feedback.reply_received') {
    const data = bus.data as FeedbackData;
    return { event: type, userIds, key: `${type}:${data.tradeHash}:${userIds.join(',')}`, payload: data };
  }
  return null;
}
