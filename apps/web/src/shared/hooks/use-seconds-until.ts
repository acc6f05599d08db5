import { useEffect, useState } from 'react';

/** Whole seconds until `at` (an ISO time), counting down once a second; 0 when it has passed or is null. */
export function useSecondsUntil(at: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!at) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at ? Math.max(0, Math.ceil((new Date(at).getTime() - now) / 1000)) : 0;
}
