import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/shared/api';

/** A 4xx will not change by asking again (except a timeout or throttling). */
function isPermanent(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => !isPermanent(error) && failureCount < 2,
        staleTime: 30_000,
      },
      // Mutations move money or change accounts: never repeated behind the user's back (the API
      // client handles the one safe case, LEDGER_ASYNC_MODE, itself).
      mutations: { retry: false },
    },
  });
}
