import {
  favoriteOfferSorts,
  favoriteOffersResultSchema,
  type FavoriteOfferSort,
  type FavoriteOffersResult,
} from '@app/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { offerKeys } from './query-keys';

export const favoriteSorts = favoriteOfferSorts;
export type FavoriteSort = FavoriteOfferSort;
/** The offer's own type (`sell` offers are the ones the viewer buys from); null for all. */
export type FavoriteType = 'buy' | 'sell' | null;

/** `GET /rest/v1/favorites/offers?page&type&sort`: 20 a page, `nextPage` or null, the counts per type. */
export function getFavoriteOffers(
  filters: { page: number; type: FavoriteType; sort: FavoriteSort },
  signal?: AbortSignal,
): Promise<FavoriteOffersResult> {
  return apiClient.get('/rest/v1/favorites/offers', {
    query: { page: filters.page, type: filters.type, sort: filters.sort },
    schema: favoriteOffersResultSchema,
    signal,
  });
}

export const favoriteOffersQueryOptions = (type: FavoriteType, sort: FavoriteSort) =>
  infiniteQueryOptions({
    queryKey: offerKeys.favorites({ type, sort }),
    queryFn: ({ pageParam, signal }) => getFavoriteOffers({ page: pageParam, type, sort }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => last.nextPage ?? undefined,
  });

export function useFavoriteOffers(type: FavoriteType, sort: FavoriteSort) {
  return useInfiniteQuery(favoriteOffersQueryOptions(type, sort));
}
