import type { Trade, TradeParty } from '@app/contract';

/**
 * The other party of the trade as the viewer sees it. The spec words it as "a vendor sees the buyer as
 * the other party; otherwise the seller": true on sell offers, where the vendor sells. On a buy offer
 * the vendor is the buyer, so the rule is applied by role: the other party is whoever I am not. A
 * moderator has no side; the page shows both parties then, and this returns null.
 */
export function counterpartyOf(trade: Pick<Trade, 'role' | 'buyer' | 'seller'>): TradeParty | null {
  if (trade.role === 'buyer') return trade.seller;
  if (trade.role === 'seller') return trade.buyer;
  return null;
}
