import type { OfferListing } from '@app/contract';
import { SharedWindow } from '../../platform/cache/shared-window.js';
import { snakeCaseKeys } from '../../platform/http/case.js';
import { cachedBodyOf, type CachedBody } from '../catalogue/index.js';
import { cursorOf, encodeCursor } from './cursor.js';
import type { ViewerFacts } from './viewer-facts.js';

/**
 * The marketplace's pages, built once per query and visitor country and shared by every viewer for the
 * market's window (decision 0031). A page is what an anonymous visitor of that country sees, plus
 * `SPARE_ROWS` more rows: a logged-in viewer's page is that page with their blocked owners taken out and
 * their favourites marked, which needs no query. Viewers for whom that is not their market (they see
 * trusted-only offers, or their blocks took more than the spare rows) are answered by the computed search.
 */

/** Rows built beyond the page, so a viewer's blocks can be taken out and still fill it. */
export const SPARE_ROWS = 10;

export type ResponseCase = 'camel' | 'snake';

/** One offer of a shared page: what the overlay needs, the card, and the card serialized both ways. */
export type PageRow = {
  id: number;
  userId: number;
  sortKey: string;
  /** The owner's release seconds on the release-time sorts (the cursor carries it). */
  releaseKey?: number | null;
  card: OfferListing;
  json: string;
  favoriteJson: string;
};

export type SharedPage = {
  rows: PageRow[];
  /** No visible offer follows the last row (the market ends inside this page). */
  complete: boolean;
  searchId: string;
  limit: number;
  responseCase: ResponseCase;
  /** How many offers a visitor of this country finds (first pages; null on later pages). */
  total: SearchTotal | null;
  /** The answer when nothing is laid over the page: validated, serialized once, with its ETag. */
  publicBody: CachedBody;
};

/** What the build returns: the public search with `limit + SPARE_ROWS` rows, presented and validated. */
export type BuiltSearch = {
  rows: { id: number; userId: number; sortKey: string; releaseKey?: number | null }[];
  cards: OfferListing[];
  searchId: string;
  /** Whether more visible offers follow the built rows. */
  hasMore: boolean;
  total: SearchTotal | null;
};

/** A search's count of matching offers, up to the cap (`capped`: at least that many). */
export type SearchTotal = { total: number; capped: boolean };

const envelopeKeys = {
  camel: { searchId: 'searchId', nextPageId: 'nextPageId', totalCapped: 'totalCapped' },
  snake: { searchId: 'search_id', nextPageId: 'next_page_id', totalCapped: 'total_capped' },
} as const;

/** The search answer's JSON from serialized cards (the same shape the route's schema describes). */
function bodyOf(
  responseCase: ResponseCase,
  cards: string[],
  searchId: string,
  nextPageId: string | null,
  total: SearchTotal | null,
): string {
  const keys = envelopeKeys[responseCase];
  return (
    `{"data":{"offers":[${cards.join(',')}],` +
    `${JSON.stringify(keys.searchId)}:${JSON.stringify(searchId)},` +
    `${JSON.stringify(keys.nextPageId)}:${JSON.stringify(nextPageId)},` +
    `"total":${JSON.stringify(total?.total ?? null)},` +
    `${JSON.stringify(keys.totalCapped)}:${JSON.stringify(total?.capped ?? false)}}}`
  );
}

const cursorAfter = (row: PageRow) => encodeCursor(cursorOf(row));

export function sharedPageOf(built: BuiltSearch, limit: number, responseCase: ResponseCase): SharedPage {
  const convert = (card: OfferListing) => (responseCase === 'snake' ? snakeCaseKeys(card) : card);
  const rows = built.rows.map((row, i): PageRow => {
    const card = built.cards[i]!;
    return {
      ...row,
      card,
      json: JSON.stringify(convert(card)),
      favoriteJson: JSON.stringify(convert({ ...card, isFavorite: true })),
    };
  });
  const shown = rows.slice(0, limit);
  const next = rows.length > limit || built.hasMore ? shown.at(-1) : undefined;
  return {
    rows,
    complete: !built.hasMore,
    searchId: built.searchId,
    limit,
    responseCase,
    total: built.total,
    publicBody: cachedBodyOf(
      bodyOf(
        responseCase,
        shown.map((r) => r.json),
        built.searchId,
        next ? cursorAfter(next) : null,
        built.total,
      ),
    ),
  };
}

/** A viewer's rows of a shared page: blocked owners taken out; undefined when the spare rows ran out. */
export function viewerRows(page: SharedPage, facts: ViewerFacts | null, limit: number) {
  const rows =
    facts && facts.blocked.size > 0 ? page.rows.filter((r) => !facts.blocked.has(r.userId)) : page.rows;
  // Without the row after the page we cannot tell whether there is a next page: compute instead.
  if (rows.length <= limit && !page.complete) return undefined;
  return { rows, filtered: rows.length !== page.rows.length };
}

/**
 * The viewer's answer from a shared page: the page's own body when nothing of theirs touches it (most
 * traders: the same bytes and ETag as everyone's), a body assembled from the serialized cards when a
 * blocked owner or a favourite is on it or their count differs (`total`: their own, when they block
 * someone), or undefined when only the computed search can answer.
 */
export function answerFor(
  page: SharedPage,
  facts: ViewerFacts | null,
  total: SearchTotal | null = page.total,
): { shared: CachedBody } | { own: string } | undefined {
  const mine = viewerRows(page, facts, page.limit);
  if (!mine) return undefined;
  const shown = mine.rows.slice(0, page.limit);
  const favorites = facts?.favorites;
  const hasFavorite = favorites !== undefined && favorites.size > 0 && shown.some((r) => favorites.has(r.id));
  const sameTotal = total?.total === page.total?.total && total?.capped === page.total?.capped;
  if (!mine.filtered && !hasFavorite && sameTotal) return { shared: page.publicBody };
  const next = mine.rows.length > page.limit ? shown.at(-1) : undefined;
  return {
    own: bodyOf(
      page.responseCase,
      shown.map((r) => (favorites?.has(r.id) ? r.favoriteJson : r.json)),
      page.searchId,
      next ? cursorAfter(next) : null,
      total,
    ),
  };
}

/** The shared pages of one instance: one window per query, cleared when the market changes here. */
export function createMarketPages(ttlMs: number) {
  return new SharedWindow<SharedPage>({ ttlMs, maxEntries: 2_000 });
}
