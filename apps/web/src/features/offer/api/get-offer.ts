import { offerViewSchema, type OfferView } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { offerKeys } from './query-keys';

/** The price per coin follows the market: the page re-reads the offer this often. */
export const OFFER_REFRESH_MS = 30_000;

/** `GET /rest/v1/offers/{id}`: the offer and the viewer's state (spec "View-offer state"). */
export function getOffer(id: string, signal?: AbortSignal): Promise<OfferView> {
  return apiClient.get(`/rest/v1/offers/${encodeURIComponent(id)}`, { schema: offerViewSchema, signal });
}

export const offerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: offerKeys.view(id),
    queryFn: ({ signal }) => getOffer(id, signal),
    refetchInterval: OFFER_REFRESH_MS,
  });

export function useOffer(id: string) {
  return useQuery(offerQueryOptions(id));
}
