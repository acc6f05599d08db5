import { myOffersListSchema, type MyOffersList } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { offerManagerKeys } from './query-keys';

/**
 * `GET /rest/v1/my-offers/list?type=`: the owner's offers of one side with live prices, the bond they
 * need (`depositData`) and the counts of both tabs.
 */
export function getMyOffers(type: 'buy' | 'sell', signal?: AbortSignal): Promise<MyOffersList> {
  return apiClient.get('/rest/v1/my-offers/list', { query: { type }, schema: myOffersListSchema, signal });
}

export const getMyOffersQueryOptions = (type: 'buy' | 'sell') =>
  queryOptions({
    queryKey: offerManagerKeys.list(type),
    queryFn: ({ signal }) => getMyOffers(type, signal),
    // Prices move with the market (one tick a minute); the list follows while the page is open.
    refetchInterval: 60_000,
  });

/** One tab's list; while the other tab loads, the counts of the previous answer stay on screen. */
export function useMyOffers(type: 'buy' | 'sell') {
  return useQuery({ ...getMyOffersQueryOptions(type), placeholderData: keepPreviousData });
}
