import { useEffect, useState } from 'react';

/** The current time in ms, re-rendering every `intervalMs` while `active` (countdowns). */
export function useNow(intervalMs = 1_000, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, active]);
  return now;
}
