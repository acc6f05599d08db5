import {
  dataEnvelope,
  offerSearchResultSchema,
  type OfferListing,
  type OfferSearchQuery,
} from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { SharedWindow } from '../../platform/cache/shared-window.js';
import { toCachedBody, type CachedBody } from '../catalogue/index.js';
import type { Listings, OfferTradeFacts } from './listings.js';
import {
  answerFor,
  createMarketPages,
  sharedPageOf,
  SPARE_ROWS,
  viewerRows,
  type ResponseCase,
  type SearchTotal,
  type SharedPage,
} from './market-pages.js';
import type { OffersService } from './service.js';
import { createViewerFactsCache, type ViewerFacts } from './viewer-facts.js';

/**
 * The offer page's shared part: the service's facts, what the offer's trades took from its cap, and the
 * answers already serialized for viewers in one state (most viewers share one: a plain trader's).
 */
export type SharedOfferPage = Awaited<ReturnType<OffersService['offerPage']>> & {
  capUsed: string;
  answers: ReadonlyMap<string, CachedBody>;
  /** Serializes `build()` under `key` (kept for this page's window, at most 64 states). */
  remember(key: string, build: () => unknown): CachedBody;
};

function answersMemo() {
  const answers = new Map<string, CachedBody>();
  return {
    answers,
    remember(key: string, build: () => unknown) {
      const body = toCachedBody(build());
      if (answers.size < 64) answers.set(key, body);
      return body;
    },
  };
}

export type SearchAnswer =
  /** The shared page's own bytes (most viewers, and every anonymous visitor). */
  | { shared: CachedBody }
  /** The shared page with this viewer's blocks and favourites laid over it, serialized. */
  | { own: string }
  /** Computed for this viewer alone (no sharing, or a viewer the shared page cannot answer). */
  | {
      computed: {
        data: {
          offers: OfferListing[];
          searchId: string;
          nextPageId: string | null;
          total: number | null;
          totalCapped: boolean;
        };
      };
    };

/** Query fields that do not make a page differ: folded into the visitor country, or never shared. */
const UNSHARED_FIELDS = new Set(['visitor_country_iso', 'withFavorites']);

function pageKey(
  q: OfferSearchQuery,
  visitorCountry: string | undefined,
  ratesVersion: number,
  responseCase: ResponseCase,
) {
  const query = Object.entries(q)
    .filter(([name, value]) => value !== undefined && !UNSHARED_FIELDS.has(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${JSON.stringify(value)}`)
    .join('&');
  // A later page is pinned to its search's rates (searchId); a new search prices with the live version.
  return `${responseCase}|${q.searchId ? '' : ratesVersion}|${visitorCountry ?? ''}|${query}`;
}

/**
 * The marketplace as every viewer reads it (decision 0031): searches and offer pages are built once per
 * window and shared; each viewer's blocks, trust, favourites and country are laid over the shared part.
 * `ttlMs` is `OFFER_SEARCH_CACHE_MS`: how old anything shown may be. 0 computes everything per request.
 */
export function createMarketplace(options: {
  db: Db;
  offers: OffersService;
  listings: Listings['listings'];
  tradeFacts: OfferTradeFacts;
  ttlMs: number;
}) {
  const { db, offers, listings, tradeFacts, ttlMs } = options;
  const pages = createMarketPages(ttlMs);
  const viewers = createViewerFactsCache(db, ttlMs);
  const offerPages = new SharedWindow<SharedOfferPage>({ ttlMs, maxEntries: 2_000 });
  /** Counts of viewers who block someone (or are blocked), per viewer and query, for the window. */
  const viewerTotals = new SharedWindow<SearchTotal>({ ttlMs, maxEntries: 20_000 });
  /** Whether a viewer bought from an owner before, per pair, for the window (the offer page's new buyer). */
  const purchases = new SharedWindow<boolean>({ ttlMs, maxEntries: 20_000 });

  /** The shared page of a query for visitors of one country: the public search with spare rows. */
  async function sharedPage(
    q: OfferSearchQuery,
    visitorCountry: string | undefined,
    responseCase: ResponseCase,
  ) {
    const key = pageKey(q, visitorCountry, await offers.ratesVersion(), responseCase);
    return pages.get(key, async (): Promise<SharedPage> => {
      const result = await offers.search(
        null,
        { ...q, visitor_country_iso: visitorCountry, withFavorites: undefined, limit: q.limit + SPARE_ROWS },
        { count: true },
      );
      // Validated once here; every answer is assembled from these cards.
      const { data } = dataEnvelope(offerSearchResultSchema).parse({
        data: {
          offers: await listings(result),
          searchId: result.searchId,
          nextPageId: result.nextPageId,
          total: result.total?.total ?? null,
          totalCapped: result.total?.capped ?? false,
        },
      });
      return sharedPageOf(
        {
          rows: result.rows,
          cards: data.offers,
          searchId: result.searchId,
          hasMore: result.nextPageId !== null,
          total: result.total,
        },
        q.limit,
        responseCase,
      );
    });
  }

  /** Whether a viewer's market is the shared one plus an overlay (else their search is computed). */
  const sharable = (viewer: ViewerFacts | null) => ttlMs > 0 && !viewer?.seesTrustedOnly;
  const visitorCountryOf = (q: OfferSearchQuery, viewer: ViewerFacts | null) =>
    q.visitor_country_iso ?? viewer?.countryIso ?? undefined;

  return {
    /** The viewer's facts (shared for the window), or null for a visitor. */
    viewer: (userId: number | undefined): Promise<ViewerFacts | null> =>
      userId === undefined ? Promise.resolve(null) : viewers.of(userId),

    async search(
      viewer: ViewerFacts | null,
      q: OfferSearchQuery,
      responseCase: ResponseCase,
    ): Promise<SearchAnswer> {
      if (sharable(viewer) && !(q.withFavorites && viewer)) {
        const country = visitorCountryOf(q, viewer);
        const page = await sharedPage(q, country, responseCase);
        // Someone they block (or who blocks them) may have matching offers anywhere in the market, not
        // only on this page: their count is their own (one statement per viewer, query and window).
        const total =
          page.total && viewer && viewer.blocked.size > 0
            ? await viewerTotals.get(
                `${viewer.id}|${pageKey(q, country, await offers.ratesVersion(), 'camel')}`,
                () => offers.count(viewer, q),
              )
            : page.total;
        const answer = answerFor(page, viewer, total);
        if (answer) return answer;
      }
      const result = await offers.search(viewer, q, { count: true });
      return {
        computed: {
          data: {
            offers: await listings(result),
            searchId: result.searchId,
            nextPageId: result.nextPageId,
            total: result.total?.total ?? null,
            totalCapped: result.total?.capped ?? false,
          },
        },
      };
    },

    /** The offer page's part that is the same for everyone (a 404 for an unknown offer). */
    offerPage: (hash: string) =>
      offerPages.get(hash, async () => {
        const page = await offers.offerPage(hash);
        return { ...page, capUsed: await tradeFacts.capUsed(page.offer.id), ...answersMemo() };
      }),

    /**
     * Up to three offers like this one, visible to the viewer, favourites marked; `shared` when they come
     * from a shared page (the same cards for every viewer of this window).
     */
    async recommended(
      page: SharedOfferPage,
      viewer: ViewerFacts | null,
    ): Promise<{ cards: OfferListing[]; shared: boolean }> {
      const q = page.recommendedQuery;
      const others = (cards: { id: number; card: OfferListing }[]) =>
        cards
          .filter((c) => c.id !== page.offer.id)
          .slice(0, 3)
          .map((c) => (viewer?.favorites.has(c.id) ? { ...c.card, isFavorite: true } : c.card));
      if (sharable(viewer)) {
        const shared = await sharedPage(q, visitorCountryOf(q, viewer), 'camel');
        const mine = viewerRows(shared, viewer, q.limit);
        if (mine) return { cards: others(mine.rows), shared: true };
      }
      const result = await offers.search(viewer, q);
      const cards = await listings(result);
      return { cards: others(result.rows.map((row, i) => ({ id: row.id, card: cards[i]! }))), shared: false };
    },

    /**
     * Whether the viewer is a "new buyer" of this offer (spec: limited by the offer's
     * `newBuyerMaxFiatLimit`): they would buy (a sell offer) and never completed a purchase from its
     * owner, the trade start's own rule. False for the owner, a visitor and buy offers (the viewer sells).
     */
    async isNewBuyer(page: SharedOfferPage, viewer: ViewerFacts | null): Promise<boolean> {
      const { offer } = page;
      if (!viewer || viewer.id === offer.userId || offer.type !== 'sell') return false;
      const bought = await purchases.get(`${viewer.id}:${offer.userId}`, () =>
        tradeFacts.boughtFrom(viewer.id, offer.userId),
      );
      return !bought;
    },

    /** Something in the market changed on this instance or another: rebuild on the next request. */
    marketChanged() {
      pages.clear();
      offerPages.clear();
      viewerTotals.clear();
    },
    /** A viewer's blocks, trust or favourites changed. */
    viewerChanged(userId: number) {
      viewers.forget(userId);
      // Their counts are keyed by id and die with the window (at most OFFER_SEARCH_CACHE_MS old).
    },
    /** The event bus lost events (a reconnect): nothing shared can be trusted. */
    clear() {
      pages.clear();
      offerPages.clear();
      viewers.clear();
      viewerTotals.clear();
      purchases.clear();
    },
  };
}

export type Marketplace = ReturnType<typeof createMarketplace>;
