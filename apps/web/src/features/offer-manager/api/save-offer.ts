import { offerSavedSchema, type OfferSaved } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import type { OfferBodyInput } from '../utils/offer-form';
import { offerManagerKeys } from './query-keys';

/** `POST /rest/v1/my-offers` (create) or `PUT /rest/v1/my-offers/{id}` (replace every field). */
export function saveOffer({ id, body }: { id?: string; body: OfferBodyInput }): Promise<OfferSaved> {
  return id
    ? apiClient.put(`/rest/v1/my-offers/${encodeURIComponent(id)}`, { body, schema: offerSavedSchema })
    : apiClient.post('/rest/v1/my-offers', { body, schema: offerSavedSchema });
}

/** Saves an offer; the my-offers lists and the saved offer's editor state are stale afterwards. */
export function useSaveOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOffer,
    onSuccess: async (saved) => {
      queryClient.removeQueries({ queryKey: offerManagerKeys.offer(saved.idHashed) });
      await queryClient.invalidateQueries({ queryKey: offerManagerKeys.lists() });
    },
  });
}
