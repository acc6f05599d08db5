import { tradeOfferOfTradeSchema, tradeSchema, type Trade, type TradeOfferOfTrade } from '@app/contract';
import { apiClient } from '@/shared/api';

/** What the new-trade modal shows (spec "Trade notification": the trade and its offer). */
export type NewTrade = { trade: Trade; offer: TradeOfferOfTrade };

/**
 * The spec's calls behind the new-trade modal: `GET /rest/v2/trade/{tradeHash}`, then, when the trade is
 * on one of my offers, `GET /rest/v2/trade/{tradeHash}/offer?timestamp=` (the offer at the price the
 * trade locked; the timestamp defeats caches). null: the trade is not news for me (I started it).
 */
export async function getNewTrade(hash: string, now: () => number = Date.now): Promise<NewTrade | null> {
  const path = `/rest/v2/trade/${encodeURIComponent(hash)}`;
  const trade = await apiClient.get(path, { schema: tradeSchema });
  if (!trade.isVendor) return null;
  const offer = await apiClient.get(`${path}/offer`, {
    schema: tradeOfferOfTradeSchema,
    query: { timestamp: now() },
  });
  return { trade, offer };
}
