import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMyOffer, buildMyOffersList } from '@/features/offer-manager/testing/offer-manager-fixtures';
import { buildSummary } from '@/features/trades/testing/trade-fixtures';
import { buildBalance, cryptoCurrenciesBody } from '@/features/wallet/testing/wallet-fixtures';
import { BALANCE_HIDDEN_STORAGE_KEY, resetBalanceHiddenCache } from '@/shared/hooks/use-balance-hidden';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';

const PAGE_LOAD = { timeout: 15_000 };

/** Everything the signed-in home reads; the marketplace search answers no offers. */
function withServer(overrides: Record<string, FakeHandler> = {}) {
  const fake = createFakeFetch({
    'GET /rest/v1/trade/active': () =>
      jsonResponse(200, {
        data: {
          trades: [
            buildSummary({ id: 'TradeBuy0001', role: 'buyer', counterparty: { username: 'sally' } }),
            buildSummary({
              id: 'TradeSell002',
              role: 'seller',
              status: 'paid',
              counterparty: { username: 'bruno' },
              fiatAmount: '1500.00',
              fiatCurrencyCode: 'EUR',
            }),
          ],
        },
      }),
    'GET /rest/v2/wallet/balances': () =>
      jsonResponse(200, {
        data: [
          buildBalance({ balance: '0.50000000', fiatRate: '90000.00000000', fiatCurrencyCode: 'EUR' }),
          buildBalance({
            cryptoCurrencyCode: 'USDT',
            balance: '0.000000',
            incomingAmount: '0.000000',
            escrowAmount: '0.000000',
            bondAmount: '0.000000',
            heldAmount: '0.000000',
            fiatRate: '0.92000000',
            fiatCurrencyCode: 'EUR',
            decimals: 6,
          }),
        ],
      }),
    'GET /rest/v2/wallet/crypto-currencies': () => jsonResponse(200, cryptoCurrenciesBody),
    'GET /rest/v1/my-offers/list': (request) => {
      const type = new URL(request.url, 'http://x').searchParams.get('type');
      const offers =
        type === 'sell'
          ? [buildMyOffer({ idHashed: 'Sell1' }), buildMyOffer({ idHashed: 'Sell2', isActive: false })]
          : [buildMyOffer({ idHashed: 'Buy1', type: 'buy' })];
      return jsonResponse(200, { data: buildMyOffersList(offers) });
    },
    'GET /rest/v1/offers': () => jsonResponse(422, errorBody('ERROR_INPUT_VALIDATION', 'not in this test')),
    ...overrides,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const EUR_USER = () => buildCurrentUser({ username: 'maria', currency: 'EUR' });

describe('HomePage', () => {
  afterEach(() => {
    window.localStorage.removeItem(BALANCE_HIDDEN_STORAGE_KEY);
    resetBalanceHiddenCache();
  });

  it('should show a signed-in user their trades, balances, offers and the market, not the landing page', async () => {
    withServer();
    renderApp({ path: '/', user: EUR_USER() });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, maria' }, PAGE_LOAD),
    ).toBeInTheDocument();
    expect(screen.queryByText('Create a free account')).not.toBeInTheDocument();

    const trades = screen.getByRole('region', { name: 'Active trades' });
    await waitFor(() => expect(within(trades).getAllByTestId('home-trade')).toHaveLength(2));
    expect(within(trades).getByRole('link', { name: 'Buying BTC from sally' })).toHaveAttribute(
      'href',
      '/trade/TradeBuy0001',
    );
    expect(within(trades).getByRole('link', { name: 'Selling BTC to bruno' })).toHaveAttribute(
      'href',
      '/trade/TradeSell002',
    );
    expect(within(trades).getByTestId('home-trades-count')).toHaveTextContent('2 running');
    expect(within(trades).getAllByTestId('home-trade')[1]).toHaveTextContent('1,500.00 EUR');

    const balances = screen.getByRole('region', { name: 'Balances' });
    expect(await within(balances).findByTestId('home-balance-total')).toHaveTextContent('€45,000.00');
    expect(within(balances).getByTestId('home-balance-BTC')).toHaveTextContent('Bitcoin0.50 BTC');
    expect(within(balances).getByTestId('home-balance-USDT')).toHaveTextContent('Tether USD');
    expect(within(balances).getByRole('link', { name: 'Open the wallet' })).toHaveAttribute(
      'href',
      '/wallet',
    );

    const offers = screen.getByRole('region', { name: 'My offers' });
    expect(await within(offers).findByTestId('home-offers-summary')).toHaveTextContent(
      '2 of 3 offers active',
    );
    expect(within(offers).getByText('Selling: 1 of 2 active · Buying: 1 of 1 active')).toBeInTheDocument();
    expect(within(offers).getByRole('link', { name: 'Manage my offers' })).toHaveAttribute(
      'href',
      '/offer-manager',
    );

    const market = screen.getByRole('region', { name: 'Market: BTC in EUR' });
    expect(within(market).getByRole('link', { name: 'Open the marketplace' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/trading/),
    );
  }, 30_000);

  it('should mask the balances while they are hidden, and show them from its own toggle', async () => {
    window.localStorage.setItem(BALANCE_HIDDEN_STORAGE_KEY, 'true');
    resetBalanceHiddenCache();
    withServer();
    renderApp({ path: '/', user: EUR_USER() });
    const user = userEvent.setup();

    const balances = await screen.findByRole('region', { name: 'Balances' }, PAGE_LOAD);
    const total = await within(balances).findByTestId('home-balance-total');
    expect(total).toHaveAttribute('data-masked', 'true');
    expect(within(balances).getByTestId('home-balance-BTC')).not.toHaveTextContent('0.5');

    await user.click(within(balances).getByRole('button', { name: 'Show balances' }));
    await waitFor(() =>
      expect(within(balances).getByTestId('home-balance-total')).toHaveTextContent('€45,000.00'),
    );
    expect(window.localStorage.getItem(BALANCE_HIDDEN_STORAGE_KEY)).toBe('false');
  });

  it('should say what is empty, in Spanish too, and invite a first offer', async () => {
    withServer({
      'GET /rest/v1/trade/active': () => jsonResponse(200, { data: { trades: [] } }),
      'GET /rest/v2/wallet/balances': () => jsonResponse(200, { data: [] }),
      'GET /rest/v1/my-offers/list': () => jsonResponse(200, { data: buildMyOffersList([]) }),
    });
    renderApp({ path: '/es', user: EUR_USER() });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hola, maria' }, PAGE_LOAD),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('home-trades-empty')).toHaveTextContent(
      'No tienes operaciones en curso.',
    );
    expect(await screen.findByTestId('home-balances-empty')).toHaveTextContent(
      'Tu billetera todavía no tiene monedas.',
    );
    const offers = screen.getByRole('region', { name: 'Mis ofertas' });
    expect(await within(offers).findByTestId('home-offers-empty')).toBeInTheDocument();
    expect(within(offers).getByRole('link', { name: 'Crear una oferta' })).toHaveAttribute(
      'href',
      '/es/offer-manager/edit',
    );
  });

  it('should show each block’s error with a retry, the others still working', async () => {
    let tradeCalls = 0;
    withServer({
      'GET /rest/v1/trade/active': () => {
        tradeCalls += 1;
        return tradeCalls === 1
          ? jsonResponse(422, errorBody('ERROR_INPUT_VALIDATION', 'bad'))
          : jsonResponse(200, { data: { trades: [buildSummary({ id: 'TradeLate001' })] } });
      },
      'GET /rest/v1/my-offers/list': () => jsonResponse(422, errorBody('ERROR_INPUT_VALIDATION', 'bad')),
    });
    renderApp({ path: '/', user: EUR_USER() });
    const user = userEvent.setup();

    const trades = await screen.findByRole('region', { name: 'Active trades' }, PAGE_LOAD);
    expect(await within(trades).findByText('Your active trades could not be loaded.')).toBeInTheDocument();
    const offers = screen.getByRole('region', { name: 'My offers' });
    expect(await within(offers).findByText('Your offers could not be loaded.')).toBeInTheDocument();
    expect(
      await within(screen.getByRole('region', { name: 'Balances' })).findByTestId('home-balance-total'),
    ).toBeInTheDocument();

    await user.click(within(trades).getByRole('button', { name: 'Try again' }));
    expect(await within(trades).findByTestId('home-trade')).toBeInTheDocument();
  });

  it('should show a visitor the landing page', async () => {
    withServer();
    renderApp({ path: '/' });
    expect(
      await screen.findByRole('heading', { level: 1, name: /Buy and sell crypto/ }, PAGE_LOAD),
    ).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Create a free account' })).toHaveLength(2);
    expect(screen.queryByTestId('trading-home')).not.toBeInTheDocument();
  });
});
