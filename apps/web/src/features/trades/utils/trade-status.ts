import {
  isActiveTradeStatus,
  releasedTradeStatuses,
  expiredTradeStatuses,
  type TradeStatus,
} from '@app/contract';

/** How a status reads at a glance: its colour family (same words and colours everywhere). */
export type StatusTone = 'active' | 'paid' | 'success' | 'cancelled' | 'expired' | 'dispute';

export function statusTone(status: TradeStatus): StatusTone {
  if (status === 'paid') return 'paid';
  if (status.startsWith('dispute')) {
    // A settled dispute reads as its outcome; an open one as a warning.
    if (status === 'dispute_won_buyer') return 'success';
    if (status === 'dispute_won_seller') return 'cancelled';
    return 'dispute';
  }
  if ((releasedTradeStatuses as readonly TradeStatus[]).includes(status)) return 'success';
  if ((expiredTradeStatuses as readonly TradeStatus[]).includes(status)) return 'expired';
  if (status.startsWith('cancelled')) return 'cancelled';
  if (isActiveTradeStatus(status)) return 'active';
  return 'active';
}

/** Mantine colours per tone. */
export const toneColor: Record<StatusTone, string> = {
  active: 'blue',
  paid: 'cyan',
  success: 'teal',
  cancelled: 'gray',
  expired: 'gray',
  dispute: 'orange',
};
