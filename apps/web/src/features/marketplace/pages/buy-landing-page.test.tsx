import type { PaymentMethodDetail } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, jsonResponse } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';
import { buildOfferListing, buildSearchResult } from '../testing/factories';
import { searchesOf, serveMarketplace } from '../testing/marketplace-server';

const PAGE_LOAD = { timeout: 15_000 };

const paypal: PaymentMethodDetail = {
  id: 20,
  name: { original: 'PayPal', localized: 'PayPal' },
  paymentMethodGroupId: 3,
  slug: 'paypal',
  originalName: 'PayPal',
  buyOffersCount: 0,
  sellOffersCount: 0,
  isBinCodeEnabled: false,
  iconName: 'paypal',
  iconUrl: '/rest/v2/payment-methods/icons/paypal.svg',
  isCountrySpecific: false,
  countries: [],
  group: {
    id: 3,
    slug: 'online-transfers',
    name: { original: 'Online wallets', localized: 'Online wallets' },
  },
  tags: ['no-vpn', 'receipt-required'],
  regions: [],
  cryptoCurrency: null,
};

describe('BuyLandingPage', () => {
  it('should describe the method, show its best offers and lead to the full search', async () => {
    const offer = buildOfferListing({
      paymentMethod: { id: 20, slug: 'paypal', name: 'PayPal', groupId: 3 },
    });
    const fake = serveMarketplace({
      search: () => buildSearchResult([offer]),
      routes: { 'GET /rest/v2/payment-methods/paypal': () => jsonResponse(200, { data: paypal }) },
    });
    renderApp({ path: '/buy/bitcoin/paypal' });

    expect(
      await screen.findByRole('heading', { name: 'Buy Bitcoin with PayPal', level: 1 }, PAGE_LOAD),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Buy Bitcoin with PayPal · P2P Market'));
    const description = screen.getByTestId('method-description');
    expect(description).toHaveTextContent('pay them with PayPal (Online wallets)');
    expect(description).toHaveTextContent('It can be used in every country.');
    expect(within(description).getByRole('link', { name: 'See all offers with PayPal' })).toHaveAttribute(
      'href',
      '/trading/buy-bitcoin/paypal',
    );
    await waitFor(() => expect(screen.getAllByTestId('top-offer')).toHaveLength(1));
    expect(searchesOf(fake)).toEqual([
      { type: 'buy', crypto_currency_id: '8', 'payment-method': 'paypal', sort: 'default', limit: '5' },
    ]);
  });

  it('should say when the payment method does not exist', async () => {
    serveMarketplace({
      search: () => buildSearchResult([]),
      routes: {
        'GET /rest/v2/payment-methods/carrier-pigeon': () =>
          jsonResponse(404, errorBody('NOT_FOUND', 'Payment method not found')),
      },
    });
    renderApp({ path: '/es/buy/bitcoin/carrier-pigeon' });
    expect(
      await screen.findByRole('heading', { name: 'Método de pago desconocido' }, PAGE_LOAD),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver todas las ofertas' })).toHaveAttribute(
      'href',
      '/es/trading/buy-bitcoin/any',
    );
  });
});
