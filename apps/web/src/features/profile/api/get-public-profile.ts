import { publicProfileSchema, type PublicProfile } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { profileKeys } from './query-keys';

/** `GET /rest/v1/users/{username}`: a trader's public profile (404 for an unknown username). */
export function getPublicProfile(username: string, signal?: AbortSignal): Promise<PublicProfile> {
  return apiClient.get(`/rest/v1/users/${encodeURIComponent(username)}`, {
    schema: publicProfileSchema,
    signal,
  });
}

export const publicProfileQueryOptions = (username: string) =>
  queryOptions({
    queryKey: profileKeys.profile(username),
    queryFn: ({ signal }) => getPublicProfile(username, signal),
    // "Online" and "last seen" move: a minute old is fresh enough.
    staleTime: 60_000,
  });

export function usePublicProfile(username: string) {
  return useQuery(publicProfileQueryOptions(username));
}
