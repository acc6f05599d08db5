import type { MyOffersList } from '@app/contract';

type SideCount = { total: number; active: number };
export type MyOffersSummary = SideCount & { buy: SideCount; sell: SideCount };

const side = (list: MyOffersList): SideCount => ({
  total: list.offers.length,
  active: list.offers.filter((offer) => offer.isActive).length,
});

/**
 * How many offers the user has and how many are switched on, per side and together, from the offer
 * manager's two lists (`GET /rest/v1/my-offers/list?type=buy|sell`, one side each).
 */
export function countMyOffers(buy: MyOffersList, sell: MyOffersList): MyOffersSummary {
  const buySide = side(buy);
  const sellSide = side(sell);
  return {
    total: buySide.total + sellSide.total,
    active: buySide.active + sellSide.active,
    buy: buySide,
    sell: sellSide,
  };
}
