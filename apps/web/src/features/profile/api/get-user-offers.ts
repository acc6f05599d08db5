import { userActiveOffersResultSchema, type OfferSort, type UserActiveOffersResult } from '@app/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { profileKeys } from './query-keys';

export type UserOffersFilters = {
  /** The offers' own type: `sell` offers are the ones a visitor buys from. */
  type: 'buy' | 'sell';
  /** A coin code (`BTC`). */
  crypto: string;
  sort: OfferSort;
};

/** `GET /rest/v1/users/{username}/active-offers?offset&type&crypto_currency_code&sort`: 20 a page. */
export function getUserOffers(
  username: string,
  filters: UserOffersFilters,
  offset: number,
  signal?: AbortSignal,
): Promise<UserActiveOffersResult> {
  return apiClient.get(`/rest/v1/users/${encodeURIComponent(username)}/active-offers`, {
    query: { offset, type: filters.type, crypto_currency_code: filters.crypto, sort: filters.sort },
    schema: userActiveOffersResultSchema,
    signal,
  });
}

/** "Load more" follows `nextOffset`; a change of tab, coin or sort starts a new list. */
export const userOffersQueryOptions = (username: string, filters: UserOffersFilters) =>
  infiniteQueryOptions({
    queryKey: profileKeys.offers(username, filters),
    queryFn: ({ pageParam, signal }) => getUserOffers(username, filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
  });

export function useUserOffers(username: string, filters: UserOffersFilters, enabled: boolean) {
  return useInfiniteQuery({ ...userOffersQueryOptions(username, filters), enabled });
}
