import type { CurrentUser } from '@app/contract';
import type { QueryClient } from '@tanstack/react-query';
import { apiClient } from '../api';
import { currentUserQueryKey } from './current-user';

/**
 * After login, registration or logout the server rotates the session: fetch the new CSRF token, drop
 * everything cached for the previous session and store who is logged in now.
 */
export async function applySessionChange(queryClient: QueryClient, user: CurrentUser | null): Promise<void> {
  try {
    await apiClient.refreshCsrfToken();
  } catch (error) {
    // Not fatal: the client fetches a token by itself on the next CSRF_TOKEN_MISMATCH.
    console.warn('[auth] could not refresh the CSRF token', error);
  }
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
  queryClient.setQueryData(currentUserQueryKey, user);
}
