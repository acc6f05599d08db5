import { useSyncExternalStore } from 'react';

/** The clock as an external store: a tick four times a second keeps the shown second close to the real one. */
const subscribeToClock = (onTick: () => void) => {
  const timer = setInterval(onTick, 250);
  return () => clearInterval(timer);
};

const secondsLeft = (at: string | null) =>
  at ? Math.max(0, Math.ceil((new Date(at).getTime() - Date.now()) / 1000)) : 0;

/**
 * Whole seconds until `at` (an ISO time), counting down; 0 when it has passed or is null. Read from the
 * clock at each render, so a countdown started long after the component mounted starts at its full length.
 */
export function useSecondsUntil(at: string | null): number {
  return useSyncExternalStore(subscribeToClock, () => secondsLeft(at));
}
