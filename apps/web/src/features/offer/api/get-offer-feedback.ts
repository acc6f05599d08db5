import { nextFeedbackPage, offerFeedbackPageSchema, type OfferFeedbackPage } from '@app/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { offerKeys } from './query-keys';

/** `GET /rest/v1/offers/{hash}/feedback?page=N`: one page of the feedback the offer received. */
export function getOfferFeedback(
  hash: string,
  page: number,
  signal?: AbortSignal,
): Promise<OfferFeedbackPage> {
  return apiClient.get(`/rest/v1/offers/${encodeURIComponent(hash)}/feedback`, {
    query: { page },
    schema: offerFeedbackPageSchema,
    signal,
  });
}

/**
 * The list with "load more": the first page replaces, later pages append (spec section 4); the next
 * page is read from `paginationNextPage` (contract `nextFeedbackPage`), none when it is null.
 */
export const offerFeedbackQueryOptions = (hash: string) =>
  infiniteQueryOptions({
    queryKey: offerKeys.feedback(hash),
    queryFn: ({ pageParam, signal }) => getOfferFeedback(hash, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => nextFeedbackPage(last.paginationNextPage) ?? undefined,
  });

export function useOfferFeedback(hash: string) {
  return useInfiniteQuery(offerFeedbackQueryOptions(hash));
}
