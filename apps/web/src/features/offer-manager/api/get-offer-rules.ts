import { offerRulesSchema, type OfferRules } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { offerManagerKeys } from './query-keys';

/**
 * `GET /rest/v1/my-offers/rules`: the operator's margin bounds and USD ceiling, the numbers the server
 * judges an offer against; the editor checks each step with them (contract `isMarginWithinBounds`,
 * `offerAmountCeiling`). They change only with the server's configuration.
 */
export function getOfferRules(signal?: AbortSignal): Promise<OfferRules> {
  return apiClient.get('/rest/v1/my-offers/rules', { schema: offerRulesSchema, signal });
}

export const getOfferRulesQueryOptions = () =>
  queryOptions({
    queryKey: offerManagerKeys.rules(),
    queryFn: ({ signal }) => getOfferRules(signal),
    staleTime: Infinity,
  });

export function useOfferRules() {
  return useQuery(getOfferRulesQueryOptions());
}
