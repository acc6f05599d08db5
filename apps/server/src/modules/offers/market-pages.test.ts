import { describe, expect, it } from 'vitest';
import type { OfferListing } from '@app/contract';
import { answerFor, sharedPageOf, SPARE_ROWS, type BuiltSearch } from './market-pages.js';
import { decodeCursor } from './cursor.js';
import type { ViewerFacts } from './viewer-facts.js';

/** A built search of `count` rows, owner = row id % owners, keys ascending. */
function built(count: number, hasMore: boolean, owners = 1_000): BuiltSearch {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    userId: (i + 1) % owners,
    sortKey: `${100 + i}.5`,
  }));
  return {
    rows,
    cards: rows.map((r) => ({ hash: `h${r.id}`, isFavorite: false }) as unknown as OfferListing),
    searchId: '7',
    hasMore,
    total: { total: count + (hasMore ? 40 : 0), capped: false },
  };
}

const viewer = (facts: Partial<ViewerFacts>): ViewerFacts => ({
  id: 1,
  countryIso: null,
  blocked: new Set(),
  trustedBy: new Set(),
  favorites: new Set(),
  seesTrustedOnly: false,
  idVerified: false,
  ...facts,
});

const parse = (text: string) =>
  JSON.parse(text) as {
    data: {
      offers: { hash: string; isFavorite?: boolean; is_favorite?: boolean }[];
      nextPageId?: string | null;
      total: number | null;
      totalCapped?: boolean;
    };
  };

describe('a shared page and its overlay', () => {
  const limit = 3;
  const full = sharedPageOf(built(limit + SPARE_ROWS, true), limit, 'camel');

  it('should answer a visitor and a viewer with nothing on the page from the same bytes', () => {
    const visitor = answerFor(full, null);
    const plain = answerFor(full, viewer({ blocked: new Set([999]), favorites: new Set([999]) }));
    expect(visitor).toEqual({ shared: full.publicBody });
    expect(plain).toEqual({ shared: full.publicBody });
    const body = parse(full.publicBody.body);
    expect(body.data.offers.map((o) => o.hash)).toEqual(['h1', 'h2', 'h3']);
    expect(decodeCursor(body.data.nextPageId!)).toEqual({ key: '102.5', id: 3 });
    expect([body.data.total, body.data.totalCapped]).toEqual([53, false]);
  });

  it("should carry the viewer's own count, and keep the shared bytes only when it is the page's", () => {
    const same = answerFor(full, viewer({ blocked: new Set([999]) }), { total: 53, capped: false });
    expect(same).toEqual({ shared: full.publicBody });
    const fewer = answerFor(full, viewer({ blocked: new Set([999]) }), { total: 51, capped: false });
    expect(fewer && 'own' in fewer).toBe(true);
    const body = parse((fewer as { own: string }).own);
    expect(body.data.offers.map((o) => o.hash)).toEqual(['h1', 'h2', 'h3']);
    expect([body.data.total, body.data.totalCapped]).toEqual([51, false]);
  });

  it('should take blocked owners out, mark favourites, and point the cursor at the viewer’s own last row', () => {
    const answer = answerFor(full, viewer({ blocked: new Set([2]), favorites: new Set([3]) }));
    expect(answer && 'own' in answer).toBe(true);
    const body = parse((answer as { own: string }).own);
    expect(body.data.offers.map((o) => [o.hash, o.isFavorite])).toEqual([
      ['h1', false],
      ['h3', true],
      ['h4', false],
    ]);
    expect(decodeCursor(body.data.nextPageId!)).toEqual({ key: '103.5', id: 4 });
  });

  it('should give up (compute instead) when blocks leave no row after the page and the market goes on', () => {
    const oneOwner = sharedPageOf(built(limit + SPARE_ROWS, true, 1), limit, 'camel');
    expect(answerFor(oneOwner, viewer({ blocked: new Set([0]) }))).toBeUndefined();
  });

  it('should answer from a page the market ends in, with no next page', () => {
    const end = sharedPageOf(built(4, false), limit, 'snake');
    const answer = answerFor(end, viewer({ blocked: new Set([1, 2]), favorites: new Set([3]) }));
    const body = JSON.parse((answer as { own: string }).own) as {
      data: {
        offers: { hash: string; is_favorite: boolean }[];
        next_page_id: string | null;
        search_id: string;
        total: number;
        total_capped: boolean;
      };
    };
    expect(body.data.offers.map((o) => [o.hash, o.is_favorite])).toEqual([
      ['h3', true],
      ['h4', false],
    ]);
    expect(body.data.next_page_id).toBeNull();
    expect(body.data.search_id).toBe('7');
    // The page's count (the viewer's own is the caller's to pass), in snake case like the rest.
    expect([body.data.total, body.data.total_capped]).toEqual([4, false]);
  });
});
