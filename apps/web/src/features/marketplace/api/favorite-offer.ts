import { favoriteResultSchema, type OfferListing, type OfferSearchResult } from '@app/contract';
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { marketplaceKeys } from './query-keys';

/** `POST` (add) or `DELETE` (remove) `/rest/v1/favorites/offers/{hash}`; answers the new state. */
export function setOfferFavorite(hash: string, favorite: boolean) {
  const path = `/rest/v1/favorites/offers/${encodeURIComponent(hash)}`;
  return favorite
    ? apiClient.post(path, { schema: favoriteResultSchema })
    : apiClient.delete(path, { schema: favoriteResultSchema });
}

const patchOffers = (offers: OfferListing[], hash: string, isFavorite: boolean) =>
  offers.some((offer) => offer.hash === hash)
    ? offers.map((offer) => (offer.hash === hash ? { ...offer, isFavorite } : offer))
    : offers;

const isSearchResult = (value: unknown): value is OfferSearchResult =>
  typeof value === 'object' && value !== null && Array.isArray((value as OfferSearchResult).offers);

const isPages = (value: unknown): value is InfiniteData<OfferSearchResult> =>
  typeof value === 'object' && value !== null && Array.isArray((value as InfiniteData<unknown>).pages);

/**
 * Writes the new state into every cached marketplace list (search pages, top offers), so the same offer
 * shows the same heart everywhere without refetching, which would restart a paged search.
 */
export function patchCachedFavorite(queryClient: QueryClient, hash: string, isFavorite: boolean) {
  queryClient.setQueriesData({ queryKey: marketplaceKeys.all }, (data: unknown) => {
    if (isPages(data)) {
      return {
        ...data,
        pages: data.pages.map((page) =>
          isSearchResult(page) ? { ...page, offers: patchOffers(page.offers, hash, isFavorite) } : page,
        ),
      };
    }
    if (isSearchResult(data)) return { ...data, offers: patchOffers(data.offers, hash, isFavorite) };
    return data;
  });
}

export function useSetOfferFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ hash, favorite }: { hash: string; favorite: boolean }) => setOfferFavorite(hash, favorite),
    onSuccess: ({ isFavorite }, { hash }) => patchCachedFavorite(queryClient, hash, isFavorite),
  });
}
