import type { Trade } from '@app/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTrade, NOW } from '../testing/trade-fixtures';
import { useTradeClock } from './use-trade-clock';

const seconds = (ms: number) => ({ timestamp: Math.floor(ms / 1000), humanReadable: '' });

/** A paid trade whose dispute opens `inMs` from NOW. */
const paidTrade = (inMs: number, available = false): Trade =>
  buildTrade({
    status: 'paid',
    expiresAt: null,
    availableActions: available ? ['open_dispute'] : [],
    dispute: { ...buildTrade().dispute, available, availableAt: seconds(NOW + inMs) },
  });

/** The clock over a trade the test can replace (what the next server answer says). */
function renderClock(first: Trade) {
  const refetch = vi.fn();
  const view = renderHook(({ trade }) => useTradeClock(trade, refetch), { initialProps: { trade: first } });
  return { refetch, view, answer: (trade: Trade) => view.rerender({ trade }) };
}

describe('useTradeClock', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should re-read the trade exactly when the dispute becomes available, not before', () => {
    const { refetch, view } = renderClock(paidTrade(30 * 60_000));
    act(() => {
      vi.advanceTimersByTime(30 * 60_000 - 1);
    });
    expect(refetch).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(view.result.current).toBe(NOW + 30 * 60_000);
  });

  it('should stop once the server agrees, and run no timer without a moment ahead', () => {
    const { refetch, answer } = renderClock(paidTrade(1_000));
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(refetch).toHaveBeenCalledTimes(1);
    answer(paidTrade(1_000, true));
    expect(vi.getTimerCount()).toBe(0);
    act(() => {
      vi.advanceTimersByTime(3_600_000);
    });
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('should ask again with growing waits while the server has not caught up (its job, its clock)', () => {
    const expiring = buildTrade({ expiresAt: { timestamp: (NOW + 1_000) / 1000 } });
    const { refetch, answer } = renderClock(expiring);
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(refetch).toHaveBeenCalledTimes(1);
    // The server still says "waiting for payment" (its sweep has not run): the same trade comes back.
    answer({ ...expiring });
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(refetch).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(refetch).toHaveBeenCalledTimes(2);
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(refetch).toHaveBeenCalledTimes(3);
    act(() => {
      vi.advanceTimersByTime(4_000);
    });
    expect(refetch).toHaveBeenCalledTimes(4);
    // Expired at last: nothing more to ask.
    answer(buildTrade({ status: 'expired', expiresAt: null, availableActions: [] }));
    act(() => {
      vi.advanceTimersByTime(600_000);
    });
    expect(refetch).toHaveBeenCalledTimes(4);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('should re-render without a re-read when the window starts running out (five minutes left)', () => {
    const { refetch, view } = renderClock(buildTrade({ expiresAt: { timestamp: (NOW + 600_000) / 1000 } }));
    act(() => {
      vi.advanceTimersByTime(300_000);
    });
    expect(view.result.current).toBe(NOW + 300_000);
    expect(refetch).not.toHaveBeenCalled();
  });

  it('should re-read when the appeal window and the chat close', () => {
    const base = buildTrade({ status: 'dispute_won_seller', expiresAt: null, availableActions: [] });
    const { refetch, answer } = renderClock({
      ...base,
      dispute: {
        ...base.dispute,
        appeal: { status: 'available', closesAt: seconds(NOW + 60_000), outcome: null },
      },
      chat: { canPost: true, blockReason: null, closesAt: seconds(NOW + 120_000) },
    });
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(refetch).toHaveBeenCalledTimes(1);
    answer({
      ...base,
      dispute: {
        ...base.dispute,
        appeal: { status: 'expired', closesAt: seconds(NOW + 60_000), outcome: null },
      },
      chat: { canPost: true, blockReason: null, closesAt: seconds(NOW + 120_000) },
    });
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(refetch).toHaveBeenCalledTimes(2);
  });
});
