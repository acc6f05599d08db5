import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/shared/api';

/** Longest Retry-After a query waits out by itself; a longer one is shown ("try again in ..."). */
const MAX_SILENT_RATE_LIMIT_WAIT_SECONDS = 5;

/** A 4xx will not change by asking again (except a timeout or a short rate-limit wait). */
function isPermanent(error: unknown): boolean {
  if (!isApiError(error) || error.status < 400 || error.status >= 500 || error.status === 408) return false;
  if (error.status === 429) {
    return (error.retryAfterSeconds ?? 0) > MAX_SILENT_RATE_LIMIT_WAIT_SECONDS;
  }
  return true;
}

/** TanStack's own backoff (1 s, 2 s, ... up to 30 s), or the server's Retry-After when it sent one. */
export function queryRetryDelay(failureCount: number, error: unknown): number {
  if (isApiError(error) && error.status === 429 && error.retryAfterSeconds !== null) {
    return error.retryAfterSeconds * 1000;
  }
  return Math.min(1000 * 2 ** failureCount, 30_000);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => !isPermanent(error) && failureCount < 2,
        retryDelay: queryRetryDelay,
        staleTime: 30_000,
      },
      // Mutations move money or change accounts: never repeated behind the user's back (the API
      // client handles the one safe case, LEDGER_ASYNC_MODE, itself).
      mutations: { retry: false },
    },
  });
}
