import { useQuery } from '@tanstack/react-query';
import { bondQueryOptions } from '@/features/wallet/api/bond';
import { offerBondState } from '../utils/offer-bond';
import type { OfferContext } from './use-offer-context';

/**
 * The bond the offer being edited needs and whether the owner's covers it (`GET /rest/v2/wallet/bond`,
 * the wallet's own query: a deposit made in another tab shows here when the editor gets the focus back).
 */
export function useOfferBond(crypto: string, context: Pick<OfferContext, 'groupSlug' | 'bondExempt'>) {
  const query = useQuery(bondQueryOptions());
  return {
    state: offerBondState(query.data, {
      crypto,
      groupSlug: context.groupSlug,
      bondExempt: context.bondExempt,
    }),
    isError: query.isError,
    isPending: query.isPending,
    retry: () => void query.refetch(),
  };
}
