import type { Trade } from '@app/contract';

/** How long before the payment window ends the page warns that it is running out (the countdown turns red). */
export const RUNNING_OUT_MS = 5 * 60_000;

export type TradeMomentKind =
  | 'payment_running_out'
  | 'payment_window_ends'
  | 'dispute_available'
  | 'seller_cancel_available'
  | 'appeal_closes'
  | 'chat_closes';

export type TradeMoment = {
  kind: TradeMomentKind;
  /** Epoch milliseconds. */
  at: number;
  /** The server's answer changes at this moment: re-read the trade. False: only the page's own display. */
  refetch: boolean;
};

const ms = (time: { timestamp: number }) => time.timestamp * 1000;

/**
 * The moments at which the trade page changes by time alone, read from the trade as the server last
 * answered it (issue 26 item 9). A moment is listed only while the server's answer has not flipped yet:
 * once it has (the dispute is available, the trade expired, the appeal window closed), the moment is
 * gone. So a moment whose time has passed but is still listed is one the server has not caught up with
 * (its expiry job has not run yet, or its clock is behind this one): `nextWake` asks again.
 */
export function tradeMoments(trade: Trade): TradeMoment[] {
  const moments: TradeMoment[] = [];
  if (trade.status === 'active_funded' && trade.expiresAt) {
    const end = ms(trade.expiresAt);
    moments.push({ kind: 'payment_running_out', at: end - RUNNING_OUT_MS, refetch: false });
    moments.push({ kind: 'payment_window_ends', at: end, refetch: true });
  }
  if (trade.status === 'paid' && trade.role !== 'moderator' && !trade.dispute.available) {
    if (trade.dispute.availableAt) {
      moments.push({ kind: 'dispute_available', at: ms(trade.dispute.availableAt), refetch: true });
    }
  }
  if (trade.cancelAvailableAt && !trade.availableActions.includes('cancel')) {
    moments.push({ kind: 'seller_cancel_available', at: ms(trade.cancelAvailableAt), refetch: true });
  }
  if (trade.dispute.appeal.status === 'available' && trade.dispute.appeal.closesAt) {
    moments.push({ kind: 'appeal_closes', at: ms(trade.dispute.appeal.closesAt), refetch: true });
  }
  if (trade.chat.canPost && trade.chat.closesAt) {
    moments.push({ kind: 'chat_closes', at: ms(trade.chat.closesAt), refetch: true });
  }
  return moments;
}

/**
 * Waits between re-reads while the server has not caught up with a passed moment: 1, 2, 4, 8, 15 s, then
 * every 30 s (the expiry job sweeps every TRADE_EXPIRY_SWEEP_SECONDS, 15 by default, and its event
 * usually arrives over the socket first).
 */
export function retryDelay(attempt: number): number {
  if (attempt >= 6) return 30_000;
  if (attempt === 5) return 15_000;
  return 1_000 * 2 ** Math.max(0, attempt - 1);
}

/** setTimeout's longest wait (about 24.8 days); a later moment is re-planned when this one fires. */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * When to wake next, or null: at the earliest moment still ahead, or sooner to ask the server again about
 * a moment that passed without it agreeing (`attempt`: how many times it was asked already).
 */
export function nextWake(
  moments: readonly TradeMoment[],
  now: number,
  attempt: number,
): { delay: number; overdue: boolean } | null {
  const ahead = moments.filter((m) => m.at > now).map((m) => m.at - now);
  const overdue = moments.some((m) => m.refetch && m.at <= now);
  const candidates = overdue ? [...ahead, retryDelay(attempt)] : ahead;
  if (candidates.length === 0) return null;
  return { delay: Math.min(MAX_TIMER_MS, ...candidates), overdue };
}

/** Whether a moment that changes the server's answer has come (by this clock). */
export const isDue = (moments: readonly TradeMoment[], now: number) =>
  moments.some((m) => m.refetch && m.at <= now);
