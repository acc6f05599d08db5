import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { realtimeClient } from '@/shared/realtime';
import { FakeSocket } from '@/shared/realtime/fake-socket';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';
import { buildSummary } from '../testing/trade-fixtures';

const PAGE_LOAD = { timeout: 15_000 };

function withServer(routes: Record<string, FakeHandler>) {
  const fake = createFakeFetch(routes);
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const historyRequests = (fake: ReturnType<typeof createFakeFetch>) =>
  fake.requests.filter((r) => r.url.startsWith('/rest/v1/trade/history')).map((r) => r.url);

describe('TradeHistoryPage', () => {
  beforeEach(() => FakeSocket.reset());
  afterEach(() => realtimeClient.disconnect());

  it('should list the active trades and the history, filter by outcome and page on', async () => {
    const done = buildSummary({
      id: 'Done00000001',
      status: 'released',
      role: 'seller',
      counterparty: { username: 'carl' },
    });
    const cancelled = buildSummary({ id: 'Canc00000001', status: 'cancelled_buyer' });
    const fake = withServer({
      'GET /rest/v1/trade/active': () => jsonResponse(200, { data: { trades: [buildSummary()] } }),
      'GET /rest/v1/trade/history': (request) => {
        const query = new URL(request.url, 'http://x').searchParams;
        if (query.get('status') === 'cancelled') {
          return jsonResponse(200, { data: { trades: [cancelled], page: 1, nextPage: null } });
        }
        if (query.get('status') === 'expired') {
          return jsonResponse(200, { data: { trades: [], page: 1, nextPage: null } });
        }
        const page = Number(query.get('page'));
        return jsonResponse(200, {
          data:
            page === 1
              ? { trades: [done], page: 1, nextPage: 2 }
              : {
                  trades: [buildSummary({ id: 'Older0000001', status: 'released' })],
                  page: 2,
                  nextPage: null,
                },
        });
      },
    });
    const { router } = renderApp({ path: '/trade-history', user: buildCurrentUser() });
    const history = await screen.findByTestId('trade-history', {}, PAGE_LOAD);
    expect(within(history).getByText('Sold BTC')).toBeInTheDocument();
    expect(within(history).getByText('carl')).toBeInTheDocument();
    expect(within(history).getByText('Completed')).toBeInTheDocument();
    const active = screen.getByTestId('active-trades');
    expect(within(active).getByRole('link', { name: 'Bought BTC' })).toHaveAttribute(
      'href',
      '/trade/Tr4deHash0001',
    );
    expect(within(active).getByText('Waiting for payment')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByTestId('trade-row-Older0000001')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();

    await user.click(screen.getByText('Cancelled'));
    expect(await screen.findByTestId('trade-row-Canc00000001')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=cancelled');

    await user.click(screen.getByText('Expired'));
    expect(await screen.findByText('No trade expired.')).toBeInTheDocument();
    expect(historyRequests(fake)).toEqual([
      '/rest/v1/trade/history?status=all&page=1',
      '/rest/v1/trade/history?status=all&page=2',
      '/rest/v1/trade/history?status=cancelled&page=1',
      '/rest/v1/trade/history?status=expired&page=1',
    ]);
  });

  it('should read the spec synonym `dispute` as the disputed filter', async () => {
    const fake = withServer({
      'GET /rest/v1/trade/active': () => jsonResponse(200, { data: { trades: [] } }),
      'GET /rest/v1/trade/history': () =>
        jsonResponse(200, { data: { trades: [], page: 1, nextPage: null } }),
    });
    renderApp({ path: '/trade-history?status=dispute', user: buildCurrentUser() });
    expect(await screen.findByText('No trade went to a dispute.', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByTestId('no-active-trades')).toBeInTheDocument();
    expect(historyRequests(fake)).toEqual(['/rest/v1/trade/history?status=disputed&page=1']);
  });

  it('should show an error with a retry when the history fails', async () => {
    let fail = true;
    withServer({
      'GET /rest/v1/trade/active': () => jsonResponse(200, { data: { trades: [] } }),
      'GET /rest/v1/trade/history': () =>
        fail
          ? jsonResponse(400, errorBody('ERROR_INPUT_VALIDATION', 'bad'))
          : jsonResponse(200, {
              data: { trades: [buildSummary({ status: 'released' })], page: 1, nextPage: null },
            }),
    });
    renderApp({ path: '/trade-history', user: buildCurrentUser() });
    expect(await screen.findByText('The trades could not be loaded.', {}, PAGE_LOAD)).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('trade-history')).toBeInTheDocument());
  });
});
