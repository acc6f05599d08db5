import type { OfferListing } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';
import { buildListing } from '../testing/offer-fixtures';

const PAGE_LOAD = { timeout: 15_000 };

const listing = (n: number, type: 'buy' | 'sell' = 'sell'): OfferListing =>
  buildListing({ hash: `Fav${String(n).padStart(9, '0')}`, type, isFavorite: true });

/** One answer of the favourites list, counted the way the server counts (the offers' own type). */
const answer = (offers: OfferListing[], nextPage: number | null = null, counts = { buy: 1, sell: 21 }) => ({
  offers,
  buyCount: counts.buy,
  sellCount: counts.sell,
  currentType: null,
  currentSorting: 'newest',
  pagination: { total: offers.length, currentPage: 1, perPage: 20, lastPage: nextPage ?? 1 },
  nextPage,
});

function withServer(routes: Record<string, FakeHandler>) {
  const fake = createFakeFetch(routes);
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const listCalls = (fake: ReturnType<typeof withServer>) =>
  fake.requests.filter((r) => r.url.startsWith('/rest/v1/favorites/offers?')).map((r) => r.url);

describe('FavoritesPage', () => {
  it('should list favourites, load more pages, and filter by tab and order', async () => {
    const fake = withServer({
      'GET /rest/v1/favorites/offers': (request) => {
        const params = new URL(request.url, 'http://x').searchParams;
        if (params.get('type') === 'buy') {
          return jsonResponse(200, { data: answer([listing(50, 'buy')]) });
        }
        return jsonResponse(200, {
          data:
            params.get('page') === '2'
              ? answer([listing(21)])
              : answer(
                  Array.from({ length: 20 }, (_, i) => listing(i + 1)),
                  2,
                ),
        });
      },
    });
    const { router } = renderApp({ path: '/favorites', user: buildCurrentUser() });
    const user = userEvent.setup();

    const list = await screen.findByTestId('favorites-list', {}, PAGE_LOAD);
    expect(within(list).getAllByTestId('favorite-item')).toHaveLength(20);
    expect(within(list).getAllByTestId('favorite-item')[0]).toHaveTextContent('Buy BTC');
    await user.click(screen.getByTestId('favorites-load-more'));
    await waitFor(() => expect(within(list).getAllByTestId('favorite-item')).toHaveLength(21));
    expect(screen.queryByTestId('favorites-load-more')).not.toBeInTheDocument();

    // Each tab says how many it holds; "To sell" lists the buy offers (the API's type is the offer's own).
    expect(screen.getByTestId('favorites-count-all')).toHaveTextContent('22');
    expect(screen.getByTestId('favorites-count-buy')).toHaveTextContent('21');
    expect(screen.getByTestId('favorites-count-sell')).toHaveTextContent('1');
    await user.click(screen.getByRole('tab', { name: /^To sell/ }));
    const sellList = await screen.findByTestId('favorites-list');
    await waitFor(() => expect(within(sellList).getAllByTestId('favorite-item')).toHaveLength(1));
    expect(within(sellList).getByTestId('favorite-item')).toHaveTextContent('Sell BTC');

    await user.click(screen.getByRole('combobox', { name: 'Order' }));
    await user.click(await screen.findByRole('option', { name: 'Oldest first' }));
    await waitFor(() =>
      expect(listCalls(fake).at(-1)).toBe('/rest/v1/favorites/offers?page=1&type=buy&sort=oldest'),
    );
    expect(router.state.location.search).toBe('?tab=sell&sort=oldest');
    expect(listCalls(fake).slice(0, 2)).toEqual([
      '/rest/v1/favorites/offers?page=1&sort=newest',
      '/rest/v1/favorites/offers?page=2&sort=newest',
    ]);
  }, 45_000);

  it('should remove an offer with its heart', async () => {
    let favourites = [listing(1), listing(2)];
    const fake = withServer({
      'GET /rest/v1/favorites/offers': () => jsonResponse(200, { data: answer(favourites) }),
      [`DELETE /rest/v1/favorites/offers/${listing(1).hash}`]: () => {
        favourites = favourites.filter((o) => o.hash !== listing(1).hash);
        return jsonResponse(200, { data: { isFavorite: false } });
      },
    });
    renderApp({ path: '/favorites', user: buildCurrentUser() });
    const user = userEvent.setup();
    const list = await screen.findByTestId('favorites-list', {}, PAGE_LOAD);
    expect(within(list).getAllByTestId('favorite-item')).toHaveLength(2);

    await user.click(within(list).getByTestId(`favorite-${listing(1).hash}`));
    await waitFor(() => expect(within(list).getAllByTestId('favorite-item')).toHaveLength(1));
    expect(fake.requests.some((r) => r.method === 'DELETE')).toBe(true);
  });

  it('should show the empty state with a way to the marketplace', async () => {
    withServer({
      'GET /rest/v1/favorites/offers': () =>
        jsonResponse(200, { data: answer([], null, { buy: 0, sell: 0 }) }),
    });
    renderApp({ path: '/favorites', user: buildCurrentUser() });
    const empty = await screen.findByTestId('favorites-empty', {}, PAGE_LOAD);
    expect(empty).toHaveTextContent('No favourite offers yet');
    expect(within(empty).getByRole('link', { name: 'Browse offers' })).toHaveAttribute('href', '/trading');
  });

  it('should show an error with a retry', async () => {
    let fail = true;
    withServer({
      'GET /rest/v1/favorites/offers': () =>
        fail
          ? jsonResponse(422, errorBody('ERROR_INPUT_VALIDATION', 'bad'))
          : jsonResponse(200, { data: answer([listing(1)]) }),
    });
    renderApp({ path: '/favorites', user: buildCurrentUser() });
    const user = userEvent.setup();
    expect(
      await screen.findByText('Your favourite offers could not be loaded.', {}, PAGE_LOAD),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('favorites-list')).toBeInTheDocument();
  });

  it('should send a visitor to login', async () => {
    withServer({});
    const { router } = renderApp({ path: '/favorites', user: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), PAGE_LOAD);
    expect(router.state.location.search).toBe(`?returnTo=${encodeURIComponent('/favorites')}`);
  });
});
