import { describe, expect, it } from 'vitest';
import { buildTrade, NOW } from '../testing/trade-fixtures';
import { nextWake, retryDelay, RUNNING_OUT_MS, tradeMoments } from './trade-moments';

const seconds = (ms: number) => ({ timestamp: Math.floor(ms / 1000), humanReadable: '' });
const kinds = (trade: ReturnType<typeof buildTrade>) => tradeMoments(trade).map((m) => [m.kind, m.at]);

describe('tradeMoments', () => {
  it('should list the payment window running out (display only) and ending (re-read) while it runs', () => {
    const end = NOW + 1_200_000;
    expect(tradeMoments(buildTrade({ expiresAt: { timestamp: end / 1000 } }))).toEqual([
      { kind: 'payment_running_out', at: end - RUNNING_OUT_MS, refetch: false },
      { kind: 'payment_window_ends', at: end, refetch: true },
    ]);
    // Once the server says the trade moved on, the window's moments are gone.
    expect(kinds(buildTrade({ status: 'expired', expiresAt: null, availableActions: [] }))).toEqual([]);
  });

  it('should list the dispute becoming available to a party until the server says it is', () => {
    const paid = buildTrade({
      status: 'paid',
      expiresAt: null,
      availableActions: ['cancel'],
      dispute: { ...buildTrade().dispute, available: false, availableAt: seconds(NOW + 60_000) },
    });
    expect(kinds(paid)).toEqual([['dispute_available', NOW + 60_000]]);
    expect(kinds({ ...paid, dispute: { ...paid.dispute, available: true } })).toEqual([]);
    expect(kinds({ ...paid, role: 'moderator' })).toEqual([]);
  });

  it('should list the seller’s cancel, the appeal window and the chat closing until each has flipped', () => {
    const base = buildTrade({ status: 'dispute_won_seller', expiresAt: null, availableActions: [] });
    const trade = {
      ...base,
      cancelAvailableAt: seconds(NOW + 1_000),
      dispute: {
        ...base.dispute,
        appeal: { status: 'available' as const, closesAt: seconds(NOW + 3_600_000), outcome: null },
      },
      chat: { canPost: true, blockReason: null, closesAt: seconds(NOW + 7_200_000) },
    };
    expect(kinds(trade)).toEqual([
      ['seller_cancel_available', NOW + 1_000],
      ['appeal_closes', NOW + 3_600_000],
      ['chat_closes', NOW + 7_200_000],
    ]);
    expect(
      kinds({
        ...trade,
        availableActions: ['cancel'],
        dispute: { ...trade.dispute, appeal: { ...trade.dispute.appeal, status: 'expired' } },
        chat: { ...trade.chat, canPost: false, blockReason: 'ChatBlockedAfterTradeIsCanceled' },
      }),
    ).toEqual([]);
  });
});

describe('nextWake', () => {
  const moment = (at: number, refetch = true) => ({ kind: 'dispute_available' as const, at, refetch });

  it('should wake at the earliest moment ahead, and not at all without one', () => {
    expect(nextWake([moment(NOW + 5_000), moment(NOW + 2_000, false)], NOW, 0)).toEqual({
      delay: 2_000,
      overdue: false,
    });
    expect(nextWake([], NOW, 0)).toBeNull();
    // A passed display moment needs nothing more.
    expect(nextWake([moment(NOW - 1_000, false)], NOW, 0)).toBeNull();
  });

  it('should ask again, backing off, about a passed moment the server has not agreed with', () => {
    expect(nextWake([moment(NOW - 1)], NOW, 1)).toEqual({ delay: 1_000, overdue: true });
    expect(nextWake([moment(NOW - 1)], NOW, 3)).toEqual({ delay: 4_000, overdue: true });
    // A moment ahead that comes sooner than the retry wins.
    expect(nextWake([moment(NOW - 1), moment(NOW + 500)], NOW, 4)).toEqual({ delay: 500, overdue: true });
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(retryDelay)).toEqual([
      1_000, 1_000, 2_000, 4_000, 8_000, 15_000, 30_000, 30_000,
    ]);
  });

  it('should never ask setTimeout for more than it can wait', () => {
    expect(nextWake([moment(NOW + 40 * 86_400_000)], NOW, 0)?.delay).toBe(2_147_483_647);
  });
});
