import type { Trade } from '@app/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { isDue, nextWake, tradeMoments } from '../utils/trade-moments';

/**
 * The trade page's clock (issue 26 item 9): one timer, set for the next moment at which the page changes
 * by time alone (the payment window running out and ending, a dispute becoming available, the seller's
 * cancel, the appeal window and the chat closing: utils/trade-moments.ts). At that moment it re-renders
 * (answers the new `now`) and, when the server's answer changes then, calls `refetch` so the page shows
 * what the server says. A moment the server has not caught up with yet (its expiry job runs on its own
 * schedule; its clock may be a little behind) is asked about again after 1, 2, 4... seconds. Not a poll:
 * with no moment ahead, no timer runs.
 */
export function useTradeClock(trade: Trade | undefined, refetch: () => void): number {
  // An object, so that every wake re-renders and re-plans even if two land on the same millisecond.
  const [clock, setClock] = useState(() => ({ now: Date.now() }));
  const moments = useMemo(() => (trade ? tradeMoments(trade) : []), [trade]);
  // Re-reads asked since the last moment the server agreed with (the retry's back-off).
  const attempts = useRef(0);
  const refetchLatest = useRef(refetch);
  useEffect(() => {
    refetchLatest.current = refetch;
  }, [refetch]);

  useEffect(() => {
    const plan = nextWake(moments, Date.now(), attempts.current);
    if (!plan?.overdue) attempts.current = 0;
    if (!plan) return;
    const timer = setTimeout(() => {
      const at = Date.now();
      if (isDue(moments, at)) {
        attempts.current += 1;
        refetchLatest.current();
      }
      setClock({ now: at });
    }, plan.delay);
    return () => clearTimeout(timer);
  }, [moments, clock]);

  return clock.now;
}
