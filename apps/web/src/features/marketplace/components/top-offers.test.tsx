import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TopOffersSlot } from '@/features/calculator/components/top-offers-slot';
import { errorBody, jsonResponse } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';
import { buildOfferListing, buildSearchResult } from '../testing/factories';
import { queryOf, searchesOf, serveMarketplace } from '../testing/marketplace-server';

/** The calculator's block on its own: the same component the calculator page renders. */
const renderSlot = (currencyCode = 'EUR') =>
  renderApp({
    routes: [
      { path: '/', element: <TopOffersSlot currencyCode={currencyCode} cryptoCode="BTC" perSide={5} /> },
    ],
  });

describe('TopOffers (calculator block)', () => {
  it('should show the best 5 offers per side for bitcoin in the page currency, with links', async () => {
    const sellOffer = buildOfferListing({ pricePerBtc: '81000.00' });
    const buyOffer = buildOfferListing({ type: 'buy', pricePerBtc: '80000.00' });
    const fake = serveMarketplace({
      search: (request) =>
        queryOf(request).type === 'buy' ? buildSearchResult([sellOffer]) : buildSearchResult([buyOffer]),
    });
    renderSlot();

    expect(await screen.findByRole('heading', { name: 'Top BTC offers in EUR' })).toBeInTheDocument();
    const buy = await screen.findByRole('region', { name: 'Buy BTC' });
    const sell = screen.getByRole('region', { name: 'Sell BTC' });
    await waitFor(() => expect(within(buy).getAllByTestId('top-offer')).toHaveLength(1));
    await waitFor(() => expect(within(sell).getAllByTestId('top-offer')).toHaveLength(1));
    expect(within(buy).getByText('81,000.00 EUR')).toBeInTheDocument();
    expect(within(sell).getByText('80,000.00 EUR')).toBeInTheDocument();
    expect(within(buy).getByRole('link', { name: `Buy from ${sellOffer.owner.username}` })).toHaveAttribute(
      'href',
      `/offer/${sellOffer.hash}`,
    );
    expect(within(buy).getByRole('link', { name: 'See all offers' })).toHaveAttribute(
      'href',
      '/trading/buy-bitcoin/any?currencyCode=EUR',
    );
    expect(within(sell).getByRole('link', { name: 'See all offers' })).toHaveAttribute(
      'href',
      '/trading/sell-bitcoin/any?currencyCode=EUR',
    );
    expect(searchesOf(fake).sort((a, b) => a.type!.localeCompare(b.type!))).toEqual([
      { type: 'buy', crypto_currency_id: '8', currency: 'EUR', sort: 'default', limit: '5' },
      { type: 'sell', crypto_currency_id: '8', currency: 'EUR', sort: 'default', limit: '5' },
    ]);
  });

  it('should say when a side has no offers, and offer a retry when it fails', async () => {
    let failing = true;
    serveMarketplace({
      search: (request) => {
        if (queryOf(request).type === 'buy') return buildSearchResult([]);
        return failing
          ? jsonResponse(422, errorBody('ERROR_INPUT_VALIDATION', 'Unknown currency'))
          : buildSearchResult([buildOfferListing({ type: 'buy' })]);
      },
    });
    renderSlot('JPY');
    const user = userEvent.setup();

    const buy = await screen.findByRole('region', { name: 'Buy BTC' });
    expect(await within(buy).findByTestId('top-offers-empty')).toHaveTextContent('No offers yet.');
    const sell = screen.getByRole('region', { name: 'Sell BTC' });
    const alert = await within(sell).findByRole('alert');
    expect(alert).toHaveTextContent('The offers could not be loaded');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(sell).getAllByTestId('top-offer')).toHaveLength(1));
  });
});
