import { offerEditorStateSchema, type OfferEditorState } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, isApiError } from '@/shared/api';
import { offerManagerKeys } from './query-keys';

/**
 * `GET /rest/v1/my-offers/{id}`: the owner's offer in the editor's body shape (`offerBodySchema`), so the
 * editor loads exactly what it sends back. Another user's offer answers 404, like a missing one.
 */
export function getMyOffer(id: string, signal?: AbortSignal): Promise<OfferEditorState> {
  return apiClient.get(`/rest/v1/my-offers/${encodeURIComponent(id)}`, {
    schema: offerEditorStateSchema,
    signal,
  });
}

export const getMyOfferQueryOptions = (id: string) =>
  queryOptions({
    queryKey: offerManagerKeys.offer(id),
    queryFn: ({ signal }) => getMyOffer(id, signal),
    // A 404 will not become a 200 by asking again.
    retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 2,
    // The form is filled once from the answer; a background refetch must not overwrite typing.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useMyOffer(id: string) {
  return useQuery(getMyOfferQueryOptions(id));
}
