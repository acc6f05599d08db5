import type { CurrentUser } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, isApiError } from '../api';

/** The one cache entry for "who is logged in" (`null` for a visitor). */
export const currentUserQueryKey = ['currentUser'] as const;

/** GET /rest/v1/users/current_user; a 401 means "nobody is logged in", not an error. */
export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  const { currentUserSchema } = await import('../api/session-schemas');
  try {
    return await apiClient.get('/rest/v1/users/current_user', {
      schema: currentUserSchema,
      authRedirect: false,
      signal,
    });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
    // Seeded from the server-rendered initial state; re-checked on focus so an expired session shows.
    staleTime: 60_000,
  });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
