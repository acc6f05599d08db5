import type { Calculator } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildCalculatorCurrency, buildCurrency } from '@/features/catalogue/testing/factories';
import { createFakeFetch, errorBody, jsonResponse, type FakeRequest } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';

// jsdom has no layout, so recharts would only warn about a 0 x 0 chart; the browser test draws the real one.
vi.mock('@mantine/charts', () => ({ AreaChart: () => <div data-testid="area-chart" /> }));

const currencies = [
  buildCalculatorCurrency('USD', 'US Dollar', '95000.00000000', { defaultAmount: '100' }),
  buildCalculatorCurrency('EUR', 'Euro', '81177.51234567', { defaultAmount: '85', order: 2 }),
  buildCalculatorCurrency('JPY', 'Japanese Yen', '14250000.50000000', { precision: 0, order: 3 }),
];

function calculatorFor(request: FakeRequest): Calculator {
  const query = new URL(request.url, 'http://x').searchParams;
  const currency = query.get('currency') ?? 'USD';
  const range = (query.get('range') ?? 'month') as Calculator['range'];
  const base = range === 'week' ? 70000 : 80000;
  return {
    currency,
    range,
    currencies,
    fiatAmount: '100',
    btcAmount: '0.00105263',
    chart: {
      cryptoCurrencyCode: 'BTC',
      currencyCode: currency,
      range,
      points: [0, 1, 2].map((hour) => ({
        date: `2026-11-20T0${hour}:00:00.000Z`,
        rate: `${base + hour * 100}.00`,
      })),
    },
    updatedAt: '2026-11-21T12:00:00.000Z',
  };
}

function serve({ calculator }: { calculator?: (request: FakeRequest) => Response } = {}) {
  const fake = createFakeFetch({
    'GET /rest/v1/calculator':
      calculator ?? ((request) => jsonResponse(200, { data: calculatorFor(request) })),
    'GET /rest/v2/wallet/crypto-currencies/rates': (request) =>
      jsonResponse(200, {
        data: {
          currency: new URL(request.url, 'http://x').searchParams.get('currency'),
          updatedAt: '2026-11-21T12:00:00.000Z',
          rates: [
            { cryptoCurrencyId: 8, code: 'BTC', usd: '95000', fiat: '95000', change24hPercent: '-1.25' },
          ],
        },
      }),
    'GET /rest/v2/currencies': () =>
      jsonResponse(200, {
        data: {
          currencies: currencies.map((c) =>
            buildCurrency(c.code, c.name.original, { precision: c.precision }),
          ),
          popular: [],
        },
      }),
    'GET /rest/v1/calculator/currency': () => jsonResponse(200, { data: currencies }),
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const fiatInput = () => screen.getByLabelText('Amount in USD');
const btcInput = () => screen.getByLabelText('Amount in BTC');

describe('CalculatorPage', () => {
  it('should convert either amount exactly with the rate it shows, and take only digits and one point', async () => {
    serve();
    renderApp({ path: '/calculator/btc-to-usd' });
    const user = userEvent.setup();

    expect(
      await screen.findByRole('heading', { name: 'BTC to USD calculator', level: 1 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('BTC to USD calculator · P2P Market'));
    expect(await screen.findByTestId('calculator-rate')).toHaveTextContent('95,000.00');
    expect(fiatInput()).toHaveValue('100');
    expect(btcInput()).toHaveValue('0.00105263');
    expect(await screen.findByTestId('calculator-change-24h')).toHaveTextContent('−1.25% in 24 h');

    await user.clear(fiatInput());
    await user.type(fiatInput(), '12a3.4.5');
    expect(fiatInput()).toHaveValue('123.45');
    expect(btcInput()).toHaveValue('0.00129947'); // 123.45 / 95000 = 0.001299473..., rounded down

    await user.clear(fiatInput());
    expect(btcInput()).toHaveValue('0.00000000'); // blank counts as 0

    await user.clear(btcInput());
    await user.type(btcInput(), '0.5');
    expect(fiatInput()).toHaveValue('47500.00');

    // The table shows the typed amount in every currency: 0.5 x 14,250,000.5 JPY = 7,125,000.25 -> 7,125,000.
    const table = screen.getByTestId('currencies-table');
    const jpyRow = within(table).getByRole('link', { name: 'JPY' }).closest('tr') as HTMLElement;
    expect(jpyRow).toHaveTextContent('7,125,000');
  });

  it('should keep the range in the address and load that range', async () => {
    const fake = serve();
    const { router } = renderApp({ path: '/calculator/btc-to-usd' });
    const user = userEvent.setup();

    const month = await screen.findByRole('button', { name: '1M' });
    expect(month).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: '7D' }));
    await waitFor(() => expect(router.state.location.search).toBe('?range=week'));
    expect(screen.getByRole('button', { name: '7D' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(fake.requests.map((r) => r.url)).toContain(
        '/rest/v1/calculator?range=week&currency=USD&locale=en',
      ),
    );
  });

  it('should change the address and the title when another currency is chosen, keeping the BTC amount', async () => {
    serve();
    const { router } = renderApp({ path: '/calculator/btc-to-usd?range=week' });
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('Amount in BTC'));
    await user.type(screen.getByLabelText('Amount in BTC'), '0.5');

    const picker = screen.getByRole('combobox', { name: 'Currency' });
    await waitFor(() => expect(picker).toBeEnabled());
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: /EUR/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/calculator/btc-to-eur'));
    expect(router.state.location.search).toBe('?range=week');
    expect(
      await screen.findByRole('heading', { name: 'BTC to EUR calculator', level: 1 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('BTC to EUR calculator · P2P Market'));
    expect(await screen.findByLabelText('Amount in EUR')).toHaveValue('40588.76'); // 0.5 x 81,177.51234567
    // The rate converts exactly but shows, like every fiat amount, at the currency's 2 decimals.
    expect(screen.getByTestId('calculator-rate')).toHaveTextContent(/^81,177\.51$/);
  });

  it('should send a capitalised address to the lower-case one', async () => {
    serve();
    const { router } = renderApp({ path: '/es/calculator/BTC-to-EUR' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/es/calculator/btc-to-eur'));
    expect(
      await screen.findByRole('heading', { name: 'Calculadora de BTC a EUR', level: 1 }),
    ).toBeInTheDocument();
  });

  it('should say when the currency is unknown and link to the USD calculator', async () => {
    const fake = serve({
      calculator: () => jsonResponse(404, errorBody('NOT_FOUND', 'Currency not found')),
    });
    renderApp({ path: '/calculator/btc-to-xyz' });
    expect(await screen.findByRole('heading', { name: 'Unknown currency' })).toBeInTheDocument();
    expect(screen.getByText(/We have no BTC rate for “XYZ”/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the BTC to USD calculator' })).toHaveAttribute(
      'href',
      '/calculator/btc-to-usd',
    );
    await waitFor(() => expect(document.title).toBe('Unknown currency · P2P Market'));
    // The 24-hour change is not asked for a currency that does not exist.
    expect(fake.requests.some((r) => r.url.startsWith('/rest/v2/wallet/crypto-currencies/rates'))).toBe(
      false,
    );
  });

  it('should show a failure with a way to try again', async () => {
    let calls = 0;
    serve({
      calculator: (request) => {
        calls += 1;
        // 400: a 4xx is not retried by the query client, so the error shows at once.
        return calls === 1
          ? jsonResponse(400, errorBody('BAD_REQUEST', 'Bad request'))
          : jsonResponse(200, { data: calculatorFor(request) });
      },
    });
    renderApp({ path: '/calculator/btc-to-usd' });
    const user = userEvent.setup();
    expect(await screen.findByText('The calculator could not be loaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Amount in USD')).toHaveValue('100');
  });
});
