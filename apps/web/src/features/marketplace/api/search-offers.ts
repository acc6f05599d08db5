import { offerSearchResultSchema, type OfferSearchResult } from '@app/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
} from '@tanstack/react-query';
import { apiClient, type QueryParams } from '@/shared/api';
import { marketplaceKeys } from './query-keys';

/** The cursor of the next page: the search's rates version and the opaque position after the last row. */
export type SearchPageParam = { searchId: string; pageId: string } | null;

/**
 * `GET /rest/v1/offers`: one page of the marketplace. Later pages send back `searchId` and `page_id`, so
 * the server orders them with the first page's rates and the list neither repeats nor skips an offer
 * (docs/decisions/0008-offers.md, pagination).
 */
export function searchOffers(query: QueryParams, page: SearchPageParam, signal?: AbortSignal) {
  return apiClient.get('/rest/v1/offers', {
    query: page ? { ...query, searchId: page.searchId, page_id: page.pageId } : query,
    schema: offerSearchResultSchema,
    signal,
  });
}

/** A search result stays on screen for a minute; a refetch would restart the pages under the reader. */
const SEARCH_STALE_TIME = 60_000;

export const offerSearchQueryOptions = (query: QueryParams) =>
  infiniteQueryOptions({
    queryKey: marketplaceKeys.search(query),
    queryFn: ({ pageParam, signal }) => searchOffers(query, pageParam, signal),
    initialPageParam: null as SearchPageParam,
    getNextPageParam: (last: OfferSearchResult): SearchPageParam | undefined =>
      last.nextPageId && last.searchId ? { searchId: last.searchId, pageId: last.nextPageId } : undefined,
    staleTime: SEARCH_STALE_TIME,
    refetchOnWindowFocus: false,
  });

/**
 * The search as "load more" pages: a new query (any filter changed) starts again from the first page;
 * `fetchNextPage` appends the next one. `query` null means "not ready yet" (a rate still loading).
 */
export function useOfferSearch(query: QueryParams | null) {
  return useInfiniteQuery({
    ...offerSearchQueryOptions(query ?? {}),
    enabled: query !== null,
  });
}

export type OfferSearchPages = InfiniteData<OfferSearchResult, SearchPageParam>;

/** The first `limit` offers of a search (calculator and landing blocks). */
export const topOffersQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: marketplaceKeys.top(query),
    queryFn: ({ signal }) => searchOffers(query, null, signal),
    staleTime: SEARCH_STALE_TIME,
    refetchOnWindowFocus: false,
  });

export function useTopOffers(query: QueryParams | null) {
  return useQuery({ ...topOffersQueryOptions(query ?? {}), enabled: query !== null });
}
