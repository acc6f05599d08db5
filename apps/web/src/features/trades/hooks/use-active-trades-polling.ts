import type { TradeSummary } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { activeTradesQueryOptions } from '../api/get-active-trades';
import { tradeKeys } from '../api/query-keys';

/**
 * The spec's active-trade polling: one request follows another, each waiting for its answer or 60 s,
 * and it goes on while active trades exist. Our server answers at once (it does not hold the request
 * open), so the 60 s "fallback" is also the pause between two requests; the WebSocket makes changes
 * show at once, and `restart()` (a trade event) asks right away and switches polling back on.
 * `active` is the current user's `hasActiveTrades`: polling runs from page load when it is true, and
 * starts again whenever it turns true later (a trade started from this tab, a re-read current user).
 */
export const ACTIVE_TRADES_POLL_MS = 60_000;

export function useActiveTradesPolling({
  active,
  onResult,
  intervalMs = ACTIVE_TRADES_POLL_MS,
}: {
  /** The server says the user has active trades: poll (from now on, or again). */
  active: boolean;
  onResult: (trades: TradeSummary[]) => void;
  intervalMs?: number;
}): { restart: () => void } {
  const queryClient = useQueryClient();
  const [generation, setGeneration] = useState(0);
  const [polling, setPolling] = useState(active);
  // Reacting during render (not in an effect) starts the poll in the same commit as the change.
  const [lastActive, setLastActive] = useState(active);
  if (active !== lastActive) {
    setLastActive(active);
    if (active) setPolling(true);
  }
  const latest = useRef(onResult);
  useEffect(() => {
    latest.current = onResult;
  });

  useEffect(() => {
    if (!polling) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      let timeout: ReturnType<typeof setTimeout> | undefined;
      try {
        const answer = queryClient.fetchQuery({ ...activeTradesQueryOptions(), staleTime: 0 });
        const waited = new Promise<null>((resolve) => {
          timeout = setTimeout(() => resolve(null), intervalMs);
        });
        const trades = await Promise.race([answer, waited]);
        if (trades === null) {
          // No answer within the wait: give up on that request and ask again.
          await queryClient.cancelQueries({ queryKey: tradeKeys.active() });
        } else if (!stopped) {
          latest.current(trades);
          if (trades.length === 0) {
            setPolling(false);
            return;
          }
        }
      } catch {
        // Offline or a server hiccup: keep the rhythm and ask again next time.
      } finally {
        clearTimeout(timeout);
      }
      if (!stopped) timer = setTimeout(() => void tick(), intervalMs);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [polling, generation, intervalMs, queryClient]);

  return {
    restart: () => {
      setPolling(true);
      setGeneration((n) => n + 1);
    },
  };
}
