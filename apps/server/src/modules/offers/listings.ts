import type { FeedbackCounts } from '@app/contract';
import type { OwnerTradeStats } from './presenter.js';
import type { Db } from '../../platform/db/client.js';
import { presentListing } from './presenter.js';
import { offersRepository, type SearchRow } from './repository.js';
import type { OffersService } from './service.js';

/**
 * What the offer pages read from the trades and feedback modules. Those modules depend on offers, so the
 * composition root (app.ts) passes these in: offers never imports them.
 */
export type OfferTradeFacts = {
  feedbackCounts(userIds: number[]): Promise<Map<number, FeedbackCounts>>;
  /**
   * Each user's released trades and distinct partners in the last 30 days, and their 30-day completion
   * rate and mean release time (docs/decisions/0045-trader-stats.md); one statement for a page.
   */
  ownerStats(userIds: number[]): Promise<Map<number, OwnerTradeStats>>;
  /** The fiat the offer's trades have taken from its cap (every trade that was not undone). */
  capUsed(offerId: number): Promise<string>;
  /**
   * Whether the buyer completed a trade buying from this seller: without one they are a "new buyer"
   * (the offer's new-buyer limit; the trade start's own rule).
   */
  boughtFrom(buyerId: number, sellerId: number): Promise<boolean>;
};

/** The listing cards of search results: tags, owner facts and live prices, three statements a page. */
export function createListings(options: { db: Db; offers: OffersService; tradeFacts: OfferTradeFacts }) {
  const { db, offers, tradeFacts } = options;

  /** What the listing cards say about their owners: feedback counts and the last 30 days' trading. */
  async function ownerFactsOf(userIds: number[]) {
    const [feedback, stats] = await Promise.all([
      tradeFacts.feedbackCounts(userIds),
      tradeFacts.ownerStats(userIds),
    ]);
    return (userId: number) => ({ feedback: feedback.get(userId), stats: stats.get(userId) });
  }

  async function listings(
    result: Pick<Awaited<ReturnType<OffersService['search']>>, 'rows' | 'data' | 'live'>,
  ) {
    const tags = await offersRepository.tagsOf(
      db,
      result.rows.map((r) => r.id),
    );
    const owner = await ownerFactsOf(result.rows.map((r) => r.userId));
    return result.rows.map((row: SearchRow) =>
      presentListing(row, {
        data: result.data,
        tagIds: tags.get(row.id) ?? [],
        price: offers.priceOf(result.live, result.data, row),
        owner: owner(row.userId),
      }),
    );
  }

  return { ownerFactsOf, listings };
}

export type Listings = ReturnType<typeof createListings>;
