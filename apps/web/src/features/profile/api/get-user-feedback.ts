import {
  nextFeedbackPage,
  userFeedbackPageSchema,
  type FeedbackRating,
  type UserFeedbackPage,
} from '@app/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { profileKeys } from './query-keys';

/**
 * `GET /rest/v1/users/{username}/feedback?page=N&rating=`: one page (10) of the feedback the trader
 * received on all their trades, with their totals.
 */
export function getUserFeedback(
  username: string,
  page: number,
  rating: FeedbackRating | null,
  signal?: AbortSignal,
): Promise<UserFeedbackPage> {
  return apiClient.get(`/rest/v1/users/${encodeURIComponent(username)}/feedback`, {
    query: rating ? { page, rating } : { page },
    schema: userFeedbackPageSchema,
    signal,
  });
}

/**
 * "Load more" as on the offer page: the first page replaces, later pages append, the next page is read
 * from `paginationNextPage`; a change of filter starts a new list.
 */
export const userFeedbackQueryOptions = (username: string, rating: FeedbackRating | null) =>
  infiniteQueryOptions({
    queryKey: profileKeys.feedback(username, rating),
    queryFn: ({ pageParam, signal }) => getUserFeedback(username, pageParam, rating, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => nextFeedbackPage(last.paginationNextPage) ?? undefined,
  });

export function useUserFeedback(username: string, rating: FeedbackRating | null, enabled: boolean) {
  return useInfiniteQuery({ ...userFeedbackQueryOptions(username, rating), enabled });
}
