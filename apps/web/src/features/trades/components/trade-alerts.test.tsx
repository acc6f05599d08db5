import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { realtimeClient } from '@/shared/realtime';
import { FakeSocket } from '@/shared/realtime/fake-socket';
import type { CurrentUser } from '@app/contract';
import { currentUserQueryKey } from '@/shared/session/current-user';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';
import { buildSummary, buildTrade, tradeRoutes, HASH } from '../testing/trade-fixtures';

function withServer(routes: Record<string, FakeHandler>) {
  const fake = createFakeFetch(routes);
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

/** The alert's chunk and texts load first: generous under a busy machine. */
const PAGE_LOAD = { timeout: 5_000 };

const started = {
  type: 'trade.started',
  tradeHash: HASH,
  data: { tradeHash: HASH, status: 'active_funded' },
};

/**
 * The socket, open, once the alerts listen to it: the alerts are their own chunk, and an event pushed
 * before they subscribe would be lost (in the browser too: the catch-up is the active-trades poll).
 */
async function openSocket() {
  await waitFor(() => expect(FakeSocket.latest()).toBeDefined());
  const socket = FakeSocket.latest()!;
  act(() => socket.accept());
  await waitFor(
    () => expect(subscribe.mock.calls.some(([type]) => type === 'trade.started')).toBe(true),
    PAGE_LOAD,
  );
  return socket;
}

let subscribe: MockInstance<typeof realtimeClient.subscribe>;

describe('TradeAlerts', () => {
  beforeEach(() => {
    subscribe = vi.spyOn(realtimeClient, 'subscribe');
    FakeSocket.reset();
    document.title = 'P2P Market';
  });
  afterEach(() => {
    realtimeClient.disconnect();
    subscribe.mockRestore();
  });

  it('should announce a trade started on my offer, flash the tab title and open it on request', async () => {
    const fake = withServer(tradeRoutes({ trade: () => buildTrade({ role: 'seller', isVendor: true }) }));
    const { router } = renderApp({ path: '/error/500', user: buildCurrentUser({ username: 'sally' }) });
    const socket = await openSocket();
    act(() => socket.push(started));

    const alert = await screen.findByTestId('new-trade-alert', {}, PAGE_LOAD);
    expect(alert).toHaveTextContent('bob started a trade on your offer: they buy 0.001 BTC for 95.00 USD');
    // The spec's notification calls: the v2 trade, then its offer with a timestamp (cache buster).
    const calls = fake.requests.map((r) => r.url).filter((url) => url.startsWith('/rest/v2/trade/'));
    expect(calls[0]).toBe(`/rest/v2/trade/${HASH}`);
    expect(calls[1]).toMatch(new RegExp(`^/rest/v2/trade/${HASH}/offer\\?timestamp=\\d+$`));
    expect(screen.getByTestId('new-trade-price')).toHaveTextContent(
      'Price locked when it started: 1 BTC = 95,000.00 USD.',
    );
    expect(screen.getByRole('link', { name: 'See your offer' })).toHaveAttribute(
      'href',
      '/offer/Offer0000001',
    );
    await waitFor(() => expect(document.title).toBe('New trade started...'));
    // Polling switched on: the active list was asked for.
    await waitFor(() => expect(fake.requests.some((r) => r.url === '/rest/v1/trade/active')).toBe(true));

    await userEvent.setup().click(screen.getByRole('button', { name: 'Open the trade' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/trade/${HASH}`));
    expect(document.title).not.toBe('New trade started...');
  });

  it('should stay quiet for the trader who started it', async () => {
    const fake = withServer(tradeRoutes({ trade: () => buildTrade({ role: 'buyer', isVendor: false }) }));
    renderApp({ path: '/error/500', user: buildCurrentUser({ username: 'bob' }) });
    const socket = await openSocket();
    act(() => socket.push(started));
    // The fetch behind the alert runs, finds I am not the vendor, and shows nothing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.requests.some((r) => r.url === `/rest/v2/trade/${HASH}`)).toBe(true);
    expect(fake.requests.some((r) => r.url.startsWith(`/rest/v2/trade/${HASH}/offer`))).toBe(false);
    expect(screen.queryByTestId('new-trade-alert')).not.toBeInTheDocument();
    expect(document.title).not.toBe('New trade started...');
  });

  it('should not fetch while I already look at that trade', async () => {
    const fake = withServer(tradeRoutes({ trade: () => buildTrade({ role: 'seller', isVendor: true }) }));
    renderApp({ path: `/trade/${HASH}`, user: buildCurrentUser({ username: 'sally' }) });
    const socket = await openSocket();
    act(() => socket.push(started));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The trade page reads reference lists under /rest/v2/ too; the alert's calls are the trade's.
    expect(fake.requests.some((r) => r.url.startsWith('/rest/v2/trade/'))).toBe(false);
    expect(screen.queryByTestId('new-trade-alert')).not.toBeInTheDocument();
  });

  it('should not fetch for an account the policy keeps out of trades', async () => {
    const fake = withServer(tradeRoutes({ trade: () => buildTrade({ role: 'seller', isVendor: true }) }));
    renderApp({
      path: '/error/500',
      user: buildCurrentUser({ username: 'sally', accountState: 'suspended' }),
    });
    const socket = await openSocket();
    act(() => socket.push(started));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The trade page reads reference lists under /rest/v2/ too; the alert's calls are the trade's.
    expect(fake.requests.some((r) => r.url.startsWith('/rest/v2/trade/'))).toBe(false);
  });

  it('should fetch once for a trade announced twice and open one modal', async () => {
    const fake = withServer(tradeRoutes({ trade: () => buildTrade({ role: 'seller', isVendor: true }) }));
    renderApp({ path: '/error/500', user: buildCurrentUser({ username: 'sally' }) });
    const socket = await openSocket();
    act(() => {
      socket.push(started);
      socket.push(started);
    });
    await screen.findByTestId('new-trade-alert', {}, PAGE_LOAD);
    expect(fake.requests.filter((r) => r.url === `/rest/v2/trade/${HASH}`)).toHaveLength(1);
  });

  it('should say it in Spanish', async () => {
    withServer(tradeRoutes({ trade: () => buildTrade({ role: 'seller', isVendor: true }) }));
    renderApp({ path: '/es/error/500', user: buildCurrentUser({ username: 'sally' }) });
    const socket = await openSocket();
    act(() => socket.push(started));
    expect(await screen.findByTestId('new-trade-price', {}, PAGE_LOAD)).toHaveTextContent(
      'Precio fijado al empezar: 1 BTC = 95.000,00 USD.',
    );
    await waitFor(() => expect(document.title).toBe('Nueva operación iniciada...'));
  });

  it('should poll the active trades one request after another while some exist', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let active = [buildSummary()];
      const fake = withServer({
        'GET /rest/v1/trade/active': () => jsonResponse(200, { data: { trades: active } }),
      });
      renderApp({ path: '/error/500', user: buildCurrentUser({ hasActiveTrades: true }) });
      const asked = () => fake.requests.filter((r) => r.url === '/rest/v1/trade/active').length;
      await vi.waitFor(() => expect(asked()).toBe(1));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(59_000);
      });
      expect(asked()).toBe(1);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_000);
      });
      await vi.waitFor(() => expect(asked()).toBe(2));
      // No active trade left: polling stops.
      active = [];
      await act(async () => {
        await vi.advanceTimersByTimeAsync(60_000);
      });
      await vi.waitFor(() => expect(asked()).toBe(3));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(180_000);
      });
      expect(asked()).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('should start polling when the current user turns out to have a trade, and clear the flag when none is left', async () => {
    let active = [buildSummary()];
    const fake = withServer({
      'GET /rest/v1/trade/active': () => jsonResponse(200, { data: { trades: active } }),
    });
    const { queryClient } = renderApp({
      path: '/error/500',
      user: buildCurrentUser({ hasActiveTrades: false }),
    });
    const asked = () => fake.requests.filter((r) => r.url === '/rest/v1/trade/active').length;
    const flag = () => queryClient.getQueryData<CurrentUser>(currentUserQueryKey)?.hasActiveTrades;
    await screen.findByRole('heading', { level: 1 });
    expect(asked()).toBe(0);

    // A trade started from this tab (or a re-read current user) says so: polling starts.
    act(() => {
      queryClient.setQueryData<CurrentUser>(currentUserQueryKey, (u) => u && { ...u, hasActiveTrades: true });
    });
    await waitFor(() => expect(asked()).toBe(1));
    expect(flag()).toBe(true);

    // The last trade ended (its status event asks again): the answer is empty, so polling stops and
    // the flag follows, ready to turn true for the next trade.
    active = [];
    const socket = await openSocket();
    act(() =>
      socket.push({ type: 'trade.status', tradeHash: HASH, data: { tradeHash: HASH, status: 'released' } }),
    );
    await waitFor(() => expect(asked()).toBe(2));
    await waitFor(() => expect(flag()).toBe(false));
  });
});
