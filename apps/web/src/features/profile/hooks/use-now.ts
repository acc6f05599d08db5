import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs`: "online", "last seen" and "open now" are about the
 * moment the page is read, not when it was rendered first.
 */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
