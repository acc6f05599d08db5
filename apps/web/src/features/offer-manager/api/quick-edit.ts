import {
  offerAmountResultSchema,
  offerCapResultSchema,
  offerPriceResultSchema,
  offerStatusResultSchema,
  toggleAllOffersResultSchema,
  type MyOffersList,
} from '@app/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { offerKeys } from '@/features/offer';
import { apiClient } from '@/shared/api';
import { offerManagerKeys } from './query-keys';

/**
 * The my-offers page's writes: the status switch, the quick edits of price and amounts, and "all on/off".
 * Each patches the cached lists with the server's answer, then refetches them (prices and the tabs'
 * "no active offers" flags are the server's to compute).
 */

export type OfferPriceResult = z.infer<typeof offerPriceResultSchema>;
export type OfferAmountResult = z.infer<typeof offerAmountResultSchema>;
export type ToggleAllResult = z.infer<typeof toggleAllOffersResultSchema>;
export type AmountEdit = { predefined_amount: string[] } | { range_min: string; range_max: string };

const offerPath = (id: string, action: string) => `/rest/v1/my-offers/${encodeURIComponent(id)}/${action}`;

/** Applies `patch` to the offer `id` in every cached my-offers list. */
function patchOffer(
  queryClient: QueryClient,
  id: string,
  patch: Partial<MyOffersList['offers'][number]>,
): void {
  queryClient.setQueriesData<MyOffersList>({ queryKey: offerManagerKeys.lists() }, (list) =>
    list
      ? {
          ...list,
          offers: list.offers.map((offer) => (offer.idHashed === id ? { ...offer, ...patch } : offer)),
        }
      : list,
  );
}

const refetchLists = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: offerManagerKeys.lists() });

/** `PUT /rest/v1/my-offers/{id}/status { new_status }`. */
export function setOfferStatus({ id, active }: { id: string; active: boolean }) {
  return apiClient.put(offerPath(id, 'status'), {
    body: { new_status: active },
    schema: offerStatusResultSchema,
  });
}

/**
 * The status switch, applied at once and reverted when the server refuses (spec: "Active toggle is
 * applied optimistically and reverted on failure"; a short bond leaves the offer as it was).
 */
export function useSetOfferStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOfferStatus,
    onMutate: async ({ id, active }) => {
      await queryClient.cancelQueries({ queryKey: offerManagerKeys.lists() });
      const before = queryClient.getQueriesData<MyOffersList>({ queryKey: offerManagerKeys.lists() });
      patchOffer(queryClient, id, { isActive: active, isEnabled: active });
      return { before };
    },
    onError: (_error, _variables, context) => {
      for (const [queryKey, data] of context?.before ?? []) queryClient.setQueryData(queryKey, data);
    },
    onSuccess: (result) =>
      patchOffer(queryClient, result.idHashed, { isActive: result.isActive, isEnabled: result.isActive }),
    onSettled: () => refetchLists(queryClient),
  });
}

/** `PUT .../margin { new_margin }` or `PUT .../fixed-price { new_fixed_price }`. */
export function setOfferPrice(input: { id: string; margin: string } | { id: string; fixedPrice: string }) {
  return 'margin' in input
    ? apiClient.put(offerPath(input.id, 'margin'), {
        body: { new_margin: input.margin },
        schema: offerPriceResultSchema,
      })
    : apiClient.put(offerPath(input.id, 'fixed-price'), {
        body: { new_fixed_price: input.fixedPrice },
        schema: offerPriceResultSchema,
      });
}

export function useSetOfferPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOfferPrice,
    onSuccess: (result) =>
      patchOffer(queryClient, result.idHashed, { margin: result.margin, fixedPrice: result.fixedPrice }),
    onSettled: () => refetchLists(queryClient),
  });
}

/** `PUT .../amount` with predefined amounts, or a range. */
export function setOfferAmount({ id, amounts }: { id: string; amounts: AmountEdit }) {
  return apiClient.put(offerPath(id, 'amount'), { body: amounts, schema: offerAmountResultSchema });
}

export function useSetOfferAmount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOfferAmount,
    onSuccess: (result) =>
      patchOffer(queryClient, result.idHashed, {
        amountMode: result.amountMode,
        rangeMin: result.rangeMin,
        rangeMax: result.rangeMax,
        predefinedAmount: result.predefinedAmount,
      }),
    onSettled: () => refetchLists(queryClient),
  });
}

/**
 * `POST /rest/v1/offers/{id}/offer-cap { offer_cap: { amount, active } }`: the most fiat the offer's
 * trades may add up to (off: kept, not applied). Answers what is left of it now.
 */
export function setOfferCap({ id, amount, active }: { id: string; amount: string; active: boolean }) {
  return apiClient.post(`/rest/v1/offers/${encodeURIComponent(id)}/offer-cap`, {
    body: { offer_cap: { amount, active } },
    schema: offerCapResultSchema,
  });
}

export function useSetOfferCap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOfferCap,
    onSuccess: (_result, { id, amount, active }) =>
      patchOffer(queryClient, id, { offerCap: { amount, active } }),
    onSettled: (_result, _error, { id }) =>
      Promise.all([
        refetchLists(queryClient),
        // The offer page's "used / left" (and this panel's) follow the new cap.
        queryClient.invalidateQueries({ queryKey: offerKeys.view(id) }),
      ]),
  });
}

/** `POST /offer-manager/toggle-all-offers-state { new_status }`: every offer of the owner, both sides. */
export function toggleAllOffers(active: boolean): Promise<ToggleAllResult> {
  return apiClient.post('/offer-manager/toggle-all-offers-state', {
    body: { new_status: active },
    schema: toggleAllOffersResultSchema,
  });
}

export function useToggleAllOffers() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: toggleAllOffers, onSettled: () => refetchLists(queryClient) });
}
