import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildCurrentUser } from '@/testing/factories';
import { errorBody, jsonResponse } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';
import { buildOfferListing, buildSearchResult } from '../testing/factories';
import { queryOf, searchesOf, serveMarketplace } from '../testing/marketplace-server';

/** The page is a lazy chunk: its first import in a cold, busy worker can take several seconds. */
const PAGE_LOAD = { timeout: 15_000 };

const cards = () => screen.queryAllByTestId('offer-card');
const hashes = () => cards().map((card) => card.getAttribute('data-hash'));

// The first render loads the page chunk and the catalogue: slow in a cold worker on a busy runner.
describe('MarketplacePage', { timeout: 40_000 }, () => {
  it('should send every filter of the address to the search API and show the matching offers', async () => {
    const offer = buildOfferListing({
      type: 'buy',
      owner: {
        ...buildOfferListing().owner,
        username: 'hans',
        status: 'online',
        feedbackPositive: 12,
        feedbackNegative: 1,
        monthlyTradeStats: { trades: 23, partners: 17 },
        completionRate: '97.5',
        avgReleaseSeconds: 400,
      },
      cryptoCurrencyCode: 'ETH',
      paymentMethod: { id: 20, slug: 'paypal', name: 'PayPal', groupId: 3 },
      paymentMethodLabel: 'Friends only',
      margin: '-1.5000',
      pricePerBtc: '2890.10',
      predefinedAmount: ['150.00', '300.00'],
      tags: [{ slug: 'no-vpn', name: 'No VPN' }],
      requireVerifiedId: true,
    });
    const fake = serveMarketplace({ search: () => buildSearchResult([offer]) });
    renderApp({
      path:
        '/trading/sell-ethereum/paypal?currencyCode=EUR&fiat-min=150&tags=no-vpn&usersCountryIso=DE' +
        '&countryIso=ES&onlineUsers=1&isVerifiedOffers=1&sortType=crypto_usd_price_asc',
    });

    expect(
      await screen.findByRole('heading', { name: 'Sell Ethereum for PayPal', level: 1 }, PAGE_LOAD),
    ).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(searchesOf(fake)).toEqual([
      {
        type: 'sell',
        crypto_currency_id: '9',
        'payment-method': 'paypal',
        currency: 'EUR',
        'fiat-min': '150',
        tags: 'no-vpn',
        visitor_country_iso: 'ES',
        users_country_iso: 'DE',
        online_users: '1',
        newbieOffers: '1',
        sort: 'crypto_usd_price_asc',
        limit: '20',
      },
    ]);

    const card = within(cards()[0]!);
    expect(card.getByRole('link', { name: 'hans' })).toHaveAttribute('href', '/user/hans');
    expect(card.getByRole('img', { name: 'Online now' })).toBeInTheDocument();
    expect(card.getByLabelText('12 positive feedbacks')).toBeInTheDocument();
    expect(card.getByLabelText('1 negative feedback')).toBeInTheDocument();
    // The owner's last 30 days: trades, completion rate and average release time (issue 17).
    expect(card.getByText('23 trades this month')).toBeInTheDocument();
    expect(card.getByTestId('owner-completion-rate')).toHaveTextContent('97.5% completion');
    expect(card.getByTestId('owner-release-time')).toHaveTextContent('~7 min release');
    expect(card.getByTestId('offer-price')).toHaveTextContent('2,890.10 EUR');
    expect(card.getByTestId('offer-margin')).toHaveTextContent('\u22121.5%');
    expect(card.getByTestId('offer-limits')).toHaveTextContent('150.00, 300.00 EUR');
    expect(card.getByTestId('offer-label')).toHaveTextContent('Friends only');
    expect(card.getByTestId('offer-tags')).toHaveTextContent('No VPN');
    expect(card.getByTestId('offer-requirements')).toHaveTextContent('ID verification required');
    // The searched amount goes with the visitor to the offer page.
    expect(card.getByRole('link', { name: 'Sell from hans' })).toHaveAttribute(
      'href',
      `/offer/${offer.hash}?fiat-min=150`,
    );
    // The form shows the address's filters.
    expect(screen.getByRole('switch', { name: 'Traders online now' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /^Amount/ })).toHaveValue('150');
  });

  it('should append the next page with the search id and cursor, and start again when a filter changes', async () => {
    const [a, b, c, d] = [1, 2, 3, 4].map(() => buildOfferListing());
    const fake = serveMarketplace({
      search: (request) => {
        const query = queryOf(request);
        if (query.online_users) return buildSearchResult([d!], { searchId: '78' });
        return query.page_id === 'cursor-2'
          ? buildSearchResult([c!], { searchId: '77' })
          : buildSearchResult([a!, b!], { searchId: '77', nextPageId: 'cursor-2' });
      },
    });
    const { router } = renderApp({ path: '/trading/buy-bitcoin/any' });
    const user = userEvent.setup();

    await waitFor(() => expect(hashes()).toEqual([a!.hash, b!.hash]), PAGE_LOAD);
    expect(screen.getByTestId('offers-count')).toHaveTextContent('2 offers shown, more available');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(hashes()).toEqual([a!.hash, b!.hash, c!.hash]));
    expect(searchesOf(fake)[1]).toMatchObject({ searchId: '77', page_id: 'cursor-2', type: 'buy' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByTestId('offers-count')).toHaveTextContent('3 offers');

    // A filter is a new address (pushed) and a new search from the first page.
    await user.click(screen.getByRole('switch', { name: 'Traders online now' }));
    // The address had no currency: the visitor's own (USD here: en-US, no such country in the catalogue).
    await waitFor(() => expect(router.state.location.search).toBe('?currencyCode=USD&onlineUsers=1'));
    expect(router.state.historyAction).toBe('PUSH');
    await waitFor(() => expect(hashes()).toEqual([d!.hash]));
    const last = searchesOf(fake).at(-1);
    expect(last).toMatchObject({ online_users: '1' });
    expect(last).not.toHaveProperty('searchId');

    // Back: the previous search and its pages again.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(hashes()).toEqual([a!.hash, b!.hash, c!.hash]));
    expect(screen.getByRole('switch', { name: 'Traders online now' })).not.toBeChecked();
  });

  it('should load the next page by itself with hasScroll, and open the filters on phones with block', async () => {
    // jsdom has no IntersectionObserver: a stand-in that lets the test scroll the list's end into view.
    const observed: IntersectionObserverCallback[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          observed.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    const [a, b] = [buildOfferListing(), buildOfferListing()];
    const fake = serveMarketplace({
      search: (request) =>
        queryOf(request).page_id
          ? buildSearchResult([b!], { searchId: '3' })
          : buildSearchResult([a!], { searchId: '3', nextPageId: 'p2' }),
    });
    const { router } = renderApp({ path: '/trading/buy-bitcoin/any?hasScroll=1' });
    const user = userEvent.setup();

    await waitFor(() => expect(hashes()).toEqual([a!.hash]), PAGE_LOAD);
    await waitFor(() => expect(observed.length).toBeGreaterThan(0));
    act(() =>
      observed.at(-1)!([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver),
    );
    await waitFor(() => expect(hashes()).toEqual([a!.hash, b!.hash]));
    expect(searchesOf(fake)[1]).toMatchObject({ searchId: '3', page_id: 'p2' });

    // The phone's "Show filters" button writes the open block into the address (replacing it).
    const toggle = screen.getByRole('button', { name: 'Show filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    await waitFor(() =>
      expect(router.state.location.search).toBe('?currencyCode=USD&hasScroll=1&block=filters'),
    );
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('button', { name: 'Hide filters' })).toHaveAttribute('aria-expanded', 'true');
    // Page behaviour is not a filter: no new search.
    expect(searchesOf(fake)).toHaveLength(2);
  });

  it('should write a typed amount into the address (replacing it) and search with it', async () => {
    const fake = serveMarketplace({ search: () => buildSearchResult([buildOfferListing()]) });
    const { router } = renderApp({ path: '/trading/buy-bitcoin/any?currencyCode=EUR' });

    const amount = await screen.findByRole('textbox', { name: /^Amount/ }, PAGE_LOAD);
    // One change event per edit (a paste): typing key by key races the debounce on a loaded machine.
    fireEvent.change(amount, { target: { value: '2x' } });
    expect(amount).toHaveValue('');
    fireEvent.change(amount, { target: { value: '25,5' } });
    expect(amount).toHaveValue('25.5');
    await waitFor(() => expect(router.state.location.search).toBe('?currencyCode=EUR&fiat-min=25.5'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() =>
      expect(searchesOf(fake).at(-1)).toMatchObject({ 'fiat-min': '25.5', currency: 'EUR' }),
    );
    await waitFor(() =>
      expect(within(cards()[0]!).getByRole('link', { name: /^Buy from/ })).toHaveAttribute(
        'href',
        expect.stringContaining('?fiat-min=25.5'),
      ),
    );
  });

  it('should convert an amount typed in USD with the live rate (convertFromUSD)', async () => {
    const fake = serveMarketplace({
      search: () => buildSearchResult([buildOfferListing()]),
      routes: {
        'GET /rest/v2/crypto-fiat-rates': () =>
          jsonResponse(200, {
            data: {
              updatedAt: '2026-11-21T12:00:00.000Z',
              rateKeys: ['usd', 'btc'],
              currencies: [
                {
                  id: 1,
                  code: 'EUR',
                  name: { original: 'Euro', localized: 'Euro' },
                  precision: 2,
                  rate: { usd: '0.85450000', btc: '81177.50000000' },
                },
              ],
            },
          }),
      },
    });
    renderApp({ path: '/trading/buy-bitcoin/any?currencyCode=EUR&fiat-min=100&convertFromUSD=1' });

    expect(await screen.findByTestId('converted-amount', {}, PAGE_LOAD)).toHaveTextContent(
      '100 USD is 85.45 EUR at the current rate.',
    );
    // Never searched with the unconverted amount.
    expect(searchesOf(fake).map((query) => query['fiat-min'])).toEqual(['85.45']);
  });

  it('should say when no offer matches and clear the filters, keeping side and coin', async () => {
    const fake = serveMarketplace({
      search: (request) =>
        queryOf(request).currency === 'JPY'
          ? buildSearchResult([])
          : buildSearchResult([buildOfferListing()]),
    });
    const { router } = renderApp({
      path: '/trading/buy-tether/bank-transfer?currencyCode=JPY&onlineUsers=1',
    });
    const user = userEvent.setup();

    const empty = await screen.findByTestId('offers-empty', {}, PAGE_LOAD);
    expect(within(empty).getByRole('heading', { name: 'No offers match' })).toBeInTheDocument();
    await user.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    // The payment method is a filter too: every method again (issue 26).
    await waitFor(() => expect(router.state.location.pathname).toBe('/trading/buy-tether/any'));
    // Cleared back to the visitor's own currency, not to a mix of every currency.
    await waitFor(() => expect(router.state.location.search).toBe('?currencyCode=USD'));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(searchesOf(fake).at(-1)).toEqual({
      type: 'buy',
      crypto_currency_id: '6',
      currency: 'USD',
      sort: 'default',
      limit: '20',
    });
  });

  it("should offer the popular payment methods of the visitor's country and side as shortcuts", async () => {
    const fake = serveMarketplace({ search: () => buildSearchResult([buildOfferListing()]) });
    const { router } = renderApp({ path: '/trading/buy-bitcoin/any?countryIso=ES' });
    const user = userEvent.setup();
    const shortcuts = await screen.findByRole('group', { name: 'Popular here' }, PAGE_LOAD);
    expect(
      within(shortcuts)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['SEPA Instant Credit Transfer', 'PayPal']);
    expect(fake.requests.some((r) => r.url.startsWith('/rest/v2/payment-methods/popular'))).toBe(true);

    await user.click(within(shortcuts).getByRole('button', { name: 'PayPal' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/trading/buy-bitcoin/paypal'));
    expect(within(shortcuts).getByRole('button', { name: 'PayPal' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(searchesOf(fake).at(-1)?.['payment-method']).toBe('paypal'));
  });

  it('should follow the side: sellers get what sellers like to receive', async () => {
    serveMarketplace({ search: () => buildSearchResult([]) });
    renderApp({ path: '/es/trading/sell-bitcoin/any' });
    const shortcuts = await screen.findByRole('group', { name: 'Populares aquí' }, PAGE_LOAD);
    expect(
      within(shortcuts)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Bank Transfer']);
  });

  it('should show an error with a retry when the search fails', async () => {
    let failing = true;
    serveMarketplace({
      search: () =>
        failing
          ? jsonResponse(500, errorBody('INTERNAL_ERROR', 'The server had a problem'))
          : buildSearchResult([buildOfferListing()]),
    });
    renderApp({ path: '/trading/buy-bitcoin/any' });
    const user = userEvent.setup();

    // Two automatic retries (the query client's rule for 5xx) come first.
    const alert = await screen.findByRole('alert', {}, { timeout: 20_000 });
    expect(alert).toHaveTextContent('The offers could not be loaded');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
  }, 40_000);

  it('should say how long to wait when searches are rate limited, without asking again by itself', async () => {
    const fake = serveMarketplace({
      search: () =>
        jsonResponse(429, errorBody('RATE_LIMITED', 'Too many searches.'), { 'retry-after': '60' }),
    });
    renderApp({ path: '/trading/buy-bitcoin/any' });

    const alert = await screen.findByRole('alert', {}, PAGE_LOAD);
    expect(alert).toHaveTextContent('The offers could not be loaded');
    expect(alert).toHaveTextContent('Too many attempts. Please try again in 1 minute.');
    expect(searchesOf(fake)).toHaveLength(1);
  });

  it('should keep the list when the next page fails, and start again when the search expired', async () => {
    const first = buildOfferListing();
    let expired = false;
    const fake = serveMarketplace({
      search: (request) => {
        if (queryOf(request).page_id) {
          return expired
            ? jsonResponse(
                422,
                errorBody('ERROR_INPUT_VALIDATION', 'This search has expired; start again', [
                  {
                    field: 'searchId',
                    message: 'This search has expired; start again',
                    code: 'search_expired',
                  },
                ]),
              )
            : jsonResponse(503, errorBody('SERVICE_UNAVAILABLE', 'Try again later'));
        }
        return buildSearchResult([first], { searchId: '5', nextPageId: 'next' });
      },
    });
    renderApp({ path: '/trading/buy-bitcoin/any' });
    const user = userEvent.setup();

    await waitFor(() => expect(cards()).toHaveLength(1), PAGE_LOAD);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('More offers could not be loaded');
    expect(cards()).toHaveLength(1);

    expired = true;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    const expiredAlert = await screen.findByText(/This search is too old to continue/);
    await user.click(
      within(expiredAlert.closest('[role="alert"]') as HTMLElement).getByRole('button', {
        name: 'Start again',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(cards()).toHaveLength(1);
    expect(searchesOf(fake).at(-1)).not.toHaveProperty('searchId');
  });

  it('should toggle a favourite at once, and put it back with a toast when the server refuses', async () => {
    const liked = buildOfferListing({ isFavorite: true });
    const other = buildOfferListing();
    const fake = serveMarketplace({
      search: () => buildSearchResult([other, liked]),
      routes: {
        [`POST /rest/v1/favorites/offers/${other.hash}`]: () =>
          jsonResponse(200, { data: { isFavorite: true } }),
        [`DELETE /rest/v1/favorites/offers/${liked.hash}`]: () =>
          jsonResponse(500, errorBody('INTERNAL_ERROR', 'The server had a problem')),
      },
    });
    renderApp({ path: '/trading/buy-bitcoin/any', user: buildCurrentUser() });
    const user = userEvent.setup();

    const add = await screen.findByTestId(`favorite-${other.hash}`, {}, PAGE_LOAD);
    expect(add).toHaveAttribute('aria-pressed', 'false');
    expect(add).toHaveAccessibleName('Add to favourites');
    await user.click(add);
    await waitFor(() => expect(add).toHaveAttribute('aria-pressed', 'true'));
    const post = fake.requests.find((request) => request.method === 'POST');
    expect(post?.url).toBe(`/rest/v1/favorites/offers/${other.hash}`);
    expect(add).toHaveAccessibleName('Remove from favourites');

    const remove = screen.getByTestId(`favorite-${liked.hash}`);
    expect(remove).toHaveAttribute('aria-pressed', 'true');
    await user.click(remove);
    expect(await screen.findByText('The offer was not removed from your favourites')).toBeInTheDocument();
    expect(remove).toHaveAttribute('aria-pressed', 'true');
  });

  it('should send a visitor to login, and back here after, when they tap the heart', async () => {
    const offer = buildOfferListing();
    const fake = serveMarketplace({ search: () => buildSearchResult([offer]) });
    const { router } = renderApp({ path: '/trading/buy-bitcoin/any?currencyCode=EUR' });
    const user = userEvent.setup();

    await user.click(await screen.findByTestId(`favorite-${offer.hash}`, {}, PAGE_LOAD));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe(
      '/trading/buy-bitcoin/any?currencyCode=EUR',
    );
    expect(fake.requests.some((request) => request.url.startsWith('/rest/v1/favorites'))).toBe(false);
  });

  it('should search gift cards in their group with the BIN and region filters, in Spanish', async () => {
    const fake = serveMarketplace({
      search: () => buildSearchResult([buildOfferListing({ type: 'buy' })]),
      routes: {
        'GET /rest/v2/payment-methods/amazon-gift-card': () =>
          jsonResponse(200, {
            data: {
              id: 400,
              name: { original: 'Amazon Gift Card', localized: 'Amazon Gift Card' },
              paymentMethodGroupId: 1,
              slug: 'amazon-gift-card',
              originalName: 'Amazon Gift Card',
              buyOffersCount: 0,
              sellOffersCount: 0,
              isBinCodeEnabled: false,
              iconName: 'amazon-gift-card',
              iconUrl: '/icon.svg',
              isCountrySpecific: false,
              countries: [],
              group: {
                id: 1,
                slug: 'gift-cards',
                name: { original: 'Gift cards', localized: 'Tarjetas regalo' },
              },
              tags: [],
              regions: [{ id: 2, slug: 'uk', name: 'United Kingdom', countries: ['GB'] }],
              cryptoCurrency: null,
            },
          }),
      },
    });
    renderApp({ path: '/es/sell-giftcard-for-tether/amazon-gift-card?binCode=411111&cardRegion=2' });

    expect(
      await screen.findByRole(
        'heading',
        { name: 'Vender Tether USD por Amazon Gift Card', level: 1 },
        PAGE_LOAD,
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(searchesOf(fake)[0]).toMatchObject({
      type: 'sell',
      crypto_currency_id: '6',
      'payment-method': 'amazon-gift-card',
      group: 'gift-cards',
      binCode: '411111',
      cardRegion: '2',
    });
    expect(screen.getByRole('textbox', { name: /^BIN de la tarjeta/ })).toHaveValue('411111');
    // The region comes from the gift card's detail (its regions), shown by name.
    expect(await screen.findByDisplayValue('United Kingdom')).toBeInTheDocument();
    // Links keep the locale.
    expect(
      within(cards()[0]!)
        .getByRole('link', { name: /^Vender a/ })
        .getAttribute('href'),
    ).toMatch(/^\/es\/offer\//);
  });

  it('should name tags, groups and countries in Spanish, though the search answers in English', async () => {
    const offer = buildOfferListing({
      tags: [
        { slug: 'receipt-required', name: 'Receipt required' },
        { slug: 'same-bank-only', name: 'Same bank only' },
        // A tag the web has no name for yet keeps the server's.
        { slug: 'brand-new-tag', name: 'Brand new tag' },
      ],
      requireVerifiedId: true,
      location: { country: { iso: 'DE', name: 'Germany' }, subdivision: null, city: null },
    });
    serveMarketplace({ search: () => buildSearchResult([offer]) });
    renderApp({ path: '/es/trading/buy-bitcoin/any' });

    await waitFor(() => expect(cards()).toHaveLength(1), PAGE_LOAD);
    const card = within(cards()[0]!);
    const tags = card.getByTestId('offer-tags');
    expect(within(tags).getByText('Se requiere recibo')).toBeInTheDocument();
    expect(within(tags).getByText('Solo el mismo banco')).toBeInTheDocument();
    expect(within(tags).getByText('Brand new tag')).toBeInTheDocument();
    expect(card.getByTestId('owner-country')).toHaveTextContent('Alemania · DE');
    expect(card.getByTestId('offer-requirements')).toHaveTextContent('Requiere verificación de identidad');
    // The catalogue's fake names its groups in English; the filter shows the Spanish name by slug.
    expect(await screen.findByDisplayValue('Todos los métodos de pago')).toBeInTheDocument();
  });

  it("should count every matching offer above the list, in the viewer's language", async () => {
    serveMarketplace({
      search: () =>
        buildSearchResult([buildOfferListing()], { nextPageId: 'next', total: 1234, totalCapped: false }),
    });
    renderApp({ path: '/es/trading/buy-bitcoin/any?currencyCode=EUR' });
    expect(await screen.findByTestId('offers-total', {}, PAGE_LOAD)).toHaveTextContent('1234 ofertas');
    expect(screen.getByTestId('offers-count')).toHaveTextContent('1234 ofertas · 1 mostrada');
  });

  it('should say "more than" when the count reached its cap, and search a logged-in user in their currency', async () => {
    const fake = serveMarketplace({
      search: () => buildSearchResult([buildOfferListing()], { total: 1000, totalCapped: true }),
    });
    const { router } = renderApp({
      path: '/trading/buy-bitcoin/any',
      user: buildCurrentUser({ currency: 'EUR' }),
    });
    expect(await screen.findByTestId('offers-total', {}, PAGE_LOAD)).toHaveTextContent('1,000+ offers');
    expect(router.state.location.search).toBe('?currencyCode=EUR');
    expect(searchesOf(fake)).toHaveLength(1);
    expect(searchesOf(fake)[0]).toMatchObject({ currency: 'EUR' });
  });

  it('should say so when the coin or the payment method of the address does not exist', async () => {
    const fake = serveMarketplace({ search: () => buildSearchResult([]) });
    const { router } = renderApp({ path: '/trading/buy-dogecoin/any' });
    expect(
      await screen.findByRole('heading', { name: "We don't trade this coin" }, PAGE_LOAD),
    ).toBeInTheDocument();
    await act(() => router.navigate('/trading/buy-bitcoin/carrier-pigeon'));
    expect(await screen.findByRole('heading', { name: 'Unknown payment method' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all offers' })).toHaveAttribute(
      'href',
      '/trading/buy-bitcoin/any',
    );
    await act(() => router.navigate('/not-a/market'));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(searchesOf(fake)).toEqual([]);
  });
});
