/** How many offers per side the calculator shows (spec: "top offers: 5 per side for crypto id 1"). */
export const TOP_OFFERS_PER_SIDE = 5;

export type TopOffersSlotProps = {
  /** The fiat currency of the page (`EUR`). */
  currencyCode: string;
  /** The coin (`BTC`; the spec's calculator names bitcoin by crypto id 1). */
  cryptoCode: string;
  perSide: number;
};

/**
 * SLOT: "Top offers (5 per side)" on the calculator page — the best buy and sell offers for bitcoin in
 * this currency. The offers issue fills it in. Until offers exist it renders nothing, so the page never
 * shows offers that are not real.
 */
export function TopOffersSlot(_props: TopOffersSlotProps): null {
  return null;
}
