import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BALANCE_HIDDEN_STORAGE_KEY, resetBalanceHiddenCache } from '@/shared/hooks/use-balance-hidden';
import { realtimeClient } from '@/shared/realtime';
import { FakeSocket } from '@/shared/realtime/fake-socket';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';
import { buildBalance, walletRoutes } from '../testing/wallet-fixtures';

function withServer(overrides: Parameters<typeof walletRoutes>[0] = {}) {
  const fake = createFakeFetch(walletRoutes(overrides));
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

/** The page is a lazy chunk: its first import in a cold, busy worker can take several seconds. */
const PAGE_LOAD = { timeout: 15_000 };

/** Digits of every amount the fixtures hold, as the page would print them. */
const AMOUNT_TEXTS = [
  '0.50',
  '0.01',
  '25.00',
  '1.00 ETH',
  '0.25',
  '0.05',
  '47,500.06',
  '3,400.00',
  '50,900.06',
];

describe('WalletPage', () => {
  beforeEach(() => {
    window.localStorage.clear();
    resetBalanceHiddenCache();
    FakeSocket.reset();
  });
  afterEach(() => {
    resetBalanceHiddenCache();
    realtimeClient.disconnect();
  });

  it('should show each balance exactly, its fiat value rounded to the fiat precision, and the total', async () => {
    withServer();
    renderApp({ path: '/wallet', user: buildCurrentUser() });

    expect(await screen.findByTestId('balance-available-BTC', {}, PAGE_LOAD)).toHaveTextContent('0.50 BTC');
    // 0.5 × 95000.12345678 = 47500.06172839 -> 47,500.06 (exact, half-up); no float on the way.
    expect(screen.getByTestId('balance-fiat-BTC')).toHaveTextContent('$47,500.06');
    // ETH at its display precision (8 of its 18 decimals), cut, never rounded up; every digit on hover.
    const eth = screen.getByTestId('balance-available-ETH');
    expect(eth).toHaveTextContent(/^1\.00 ETH$/);
    expect(eth).toHaveAttribute('title', '1.000000000000000001 ETH');
    expect(eth).toHaveAttribute('data-exact', '1.000000000000000001');
    // A balance shown whole has no hover text to add.
    expect(screen.getByTestId('balance-available-BTC')).not.toHaveAttribute('title');
    expect(screen.getByTestId('balance-fiat-ETH')).toHaveTextContent('$3,400.00');
    // USDT has no rate: said in words, and left out of the total.
    expect(within(screen.getByTestId('balance-row-USDT')).getByText('No rate')).toBeInTheDocument();
    expect(screen.getByTestId('wallet-total')).toHaveTextContent('$50,900.06');
    expect(screen.getByText('1 coin without a market rate is not included.')).toBeInTheDocument();
    // The pending deposit is shown as incoming, with its badge.
    const incoming = screen.getByTestId('balance-incoming-BTC');
    expect(within(incoming).getByText('Incoming')).toBeInTheDocument();
    expect(incoming).toHaveTextContent('0.01 BTC');
  });

  it('should mask every amount on the page while balances are hidden, and remember it', async () => {
    withServer();
    renderApp({ path: '/wallet', user: buildCurrentUser() });
    const user = userEvent.setup();
    await screen.findByTestId('balance-available-BTC', {}, PAGE_LOAD);
    const main = screen.getByRole('main');
    for (const text of AMOUNT_TEXTS) expect(main.textContent).toContain(text);

    await user.click(screen.getByRole('button', { name: 'Hide balances' }));

    expect(window.localStorage.getItem(BALANCE_HIDDEN_STORAGE_KEY)).toBe('true');
    for (const text of AMOUNT_TEXTS) expect(main.textContent).not.toContain(text);
    expect(screen.getByTestId('balance-available-BTC')).toHaveAttribute('data-masked', 'true');
    expect(screen.getByTestId('wallet-total')).toHaveAttribute('data-masked', 'true');
    expect(screen.getAllByText('Hidden amount').length).toBeGreaterThan(5);

    await user.click(screen.getByRole('button', { name: 'Show balances' }));
    expect(screen.getByTestId('balance-available-BTC')).toHaveTextContent('0.50 BTC');
  });

  it('should start masked when the preference was saved, history amounts included', async () => {
    window.localStorage.setItem(BALANCE_HIDDEN_STORAGE_KEY, 'true');
    withServer({
      'GET /rest/v2/wallet/transactions': () =>
        jsonResponse(200, {
          data: {
            items: [
              {
                id: 7,
                kind: 'deposit',
                cryptoCurrencyCode: 'BTC',
                amount: '0.75000000',
                account: 'available',
                reference: { type: 'deposit', id: 'tx' },
                createdAt: '2026-01-02T10:00:00.000Z',
              },
            ],
            nextCursor: null,
          },
        }),
    });
    renderApp({ path: '/wallet?tab=history', user: buildCurrentUser() });
    const table = await screen.findByTestId('transactions', {}, PAGE_LOAD);
    expect(within(table).getByText('Deposit')).toBeInTheDocument();
    expect(table.textContent).not.toContain('0.75');
    expect(screen.getByTestId('wallet-total')).toHaveAttribute('data-masked', 'true');
  });

  it('should page through the history with the cursor', async () => {
    const item = (id: number, amount: string) => ({
      id,
      kind: 'deposit',
      cryptoCurrencyCode: 'BTC',
      amount,
      account: 'available',
      reference: { type: 'deposit', id: `tx${id}` },
      createdAt: '2026-01-02T10:00:00.000Z',
    });
    const fake = withServer({
      'GET /rest/v2/wallet/transactions': (request) =>
        jsonResponse(200, {
          data: request.url.includes('cursor=9')
            ? { items: [item(3, '0.30000000')], nextCursor: null }
            : { items: [item(10, '0.10000000'), item(9, '0.20000000')], nextCursor: 9 },
        }),
    });
    renderApp({ path: '/wallet?tab=history', user: buildCurrentUser() });
    const user = userEvent.setup();
    const table = await screen.findByTestId('transactions', {}, PAGE_LOAD);
    expect(within(table).getAllByRole('row')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(table).toHaveTextContent('+0.30 BTC');
    expect(screen.getByText('You have reached the first transaction.')).toBeInTheDocument();
    const urls = fake.requests
      .filter((r) => r.url.startsWith('/rest/v2/wallet/transactions'))
      .map((r) => r.url);
    expect(urls).toEqual([
      '/rest/v2/wallet/transactions?limit=20',
      '/rest/v2/wallet/transactions?cursor=9&limit=20',
    ]);
  });

  it('should show the error state with a retry when balances fail', async () => {
    let fail = true;
    withServer({
      'GET /rest/v2/wallet/balances': (request) =>
        fail
          ? jsonResponse(503, errorBody('SERVICE_UNAVAILABLE', 'down'))
          : (walletRoutes()['GET /rest/v2/wallet/balances'] as FakeHandler)(request),
    });
    renderApp({ path: '/wallet', user: buildCurrentUser() });
    expect(await screen.findByText('Your balances could not be loaded', {}, PAGE_LOAD)).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('balance-available-BTC', {}, PAGE_LOAD)).toHaveTextContent('0.50 BTC');
  });

  it('should send a visitor to log in', async () => {
    withServer();
    const { router } = renderApp({ path: '/es/wallet', user: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/es/login'));
    expect(router.state.location.search).toBe(`?returnTo=${encodeURIComponent('/es/wallet')}`);
  });

  it('should list held dispute awards with the date each becomes available, masked while hidden', async () => {
    const availableAt = '2026-05-04T14:30:00.000Z';
    withServer(
      walletRoutes({}, [
        buildBalance({
          balance: '0.00000000',
          heldAmount: '0.00031052',
          held: [
            { amount: '0.00021052', availableAt, appealPending: false, tradeHash: 'HeldOne' },
            { amount: '0.00010000', availableAt, appealPending: true, tradeHash: 'HeldTwo' },
          ],
        }),
      ]),
    );
    renderApp({ path: '/wallet', user: buildCurrentUser() });
    const panel = await screen.findByTestId('held-awards', {}, PAGE_LOAD);
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(availableAt),
    );
    expect(within(panel).getByTestId('held-award-HeldOne')).toHaveTextContent(
      `0.00021052 BTC held until ${date}: a dispute award that can still be appealed.`,
    );
    expect(within(panel).getByTestId('held-award-HeldTwo')).toHaveTextContent(
      '0.0001 BTC held until the appeal is decided: a dispute award under appeal.',
    );
    expect(within(panel).getByRole('link', { name: 'Trade HeldOne' })).toHaveAttribute(
      'href',
      '/trade/HeldOne',
    );
    // The award is not in the available balance.
    expect(screen.getByTestId('balance-available-BTC')).toHaveTextContent('0.00 BTC');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Hide balances' }));
    expect(panel.textContent).not.toContain('0.00021052');
  });

  it('should show no held awards panel without one', async () => {
    withServer();
    renderApp({ path: '/es/wallet', user: buildCurrentUser() });
    await screen.findByTestId('balance-available-BTC', {}, PAGE_LOAD);
    expect(screen.queryByTestId('held-awards')).not.toBeInTheDocument();
  });

  it('should show money that moved elsewhere without a reload, when the server says my account changed', async () => {
    let btc = '0.50000000';
    const fake = withServer({
      'GET /rest/v2/wallet/balances': () =>
        jsonResponse(200, { data: [buildBalance({ balance: btc, fiatRate: '95000.12345678' })] }),
    });
    renderApp({ path: '/wallet', user: buildCurrentUser() });
    expect(await screen.findByTestId('balance-available-BTC', {}, PAGE_LOAD)).toHaveTextContent('0.50 BTC');
    await waitFor(() => expect(FakeSocket.latest()).toBeDefined());
    const socket = FakeSocket.latest()!;
    act(() => socket.accept());
    const reads = () => fake.requests.filter((r) => r.url === '/rest/v2/wallet/balances').length;
    const before = reads();
    // A release reached me while I was looking at the wallet.
    btc = '0.75000000';
    act(() => socket.push({ type: 'account.changed', data: null }));
    await waitFor(() => expect(screen.getByTestId('balance-available-BTC')).toHaveTextContent('0.75 BTC'));
    expect(reads()).toBe(before + 1);
  });
});
