import type { Trade } from '@app/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '@/shared/api';
import { realtimeClient } from '@/shared/realtime';
import { FakeSocket } from '@/shared/realtime/fake-socket';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';
import { buildTrade, HASH, tradeRoutes } from '../testing/trade-fixtures';

/** The page is a lazy chunk: its first import in a cold, busy worker can take several seconds. */
const PAGE_LOAD = { timeout: 15_000 };
/** Real time: the moments below are a second or two ahead of now. */
const SOON = { timeout: 8_000 };

const seconds = (ms: number) => ({ timestamp: Math.floor(ms / 1000), humanReadable: '' });

/**
 * A time `ms` after the server is first asked for the trade (the page's chunk takes a while to load in a
 * busy worker: a moment counted from the test's start could pass before the page is shown).
 */
function afterFirstAsk(ms: number) {
  let at: number | null = null;
  return () => (at ??= Date.now() + ms);
}

/**
 * The trade page follows the clock without a reload (issue 26 item 9): the server below answers by the
 * real time, as the real one does, and the page is never reloaded; only its own clock can make it ask.
 * No socket event arrives in these tests.
 */
describe('TradePage over time', () => {
  beforeEach(() => {
    FakeSocket.reset();
    setCsrfToken('csrf-token');
  });
  afterEach(() => {
    realtimeClient.disconnect();
  });

  const gets = (fake: ReturnType<typeof createFakeFetch>) =>
    fake.requests.filter((r) => r.method === 'GET' && r.url === `/rest/v1/trade/${HASH}`).length;

  it('should show the dispute button when the wait ends, asking the server once at that moment', async () => {
    const moment = afterFirstAsk(3_000);
    // The server's rule: available from availableAt, by its own clock (a second granularity, as sent).
    const paid = (): Trade => {
      const availableAt = moment();
      const available = Date.now() >= Math.floor(availableAt / 1000) * 1000;
      return buildTrade({
        status: 'paid',
        expiresAt: null,
        availableActions: available ? ['open_dispute'] : [],
        dispute: { ...buildTrade().dispute, available, availableAt: seconds(availableAt) },
      });
    };
    const fake = createFakeFetch(tradeRoutes({ trade: paid }));
    vi.stubGlobal('fetch', fake.fetch);
    renderApp({ path: `/trade/${HASH}`, user: buildCurrentUser({ username: 'bob' }) });
    await screen.findByTestId('trade-status', {}, PAGE_LOAD);
    expect(screen.queryByTestId('action-dispute')).not.toBeInTheDocument();
    expect(screen.getByTestId('trade-actions')).toHaveTextContent('A dispute can be opened from');
    const before = gets(fake);

    expect(await screen.findByTestId('action-dispute', {}, SOON)).toBeInTheDocument();
    // One question at the moment (or a second if this machine's clock ran ahead of the answer's second).
    expect(gets(fake) - before).toBeGreaterThanOrEqual(1);
    expect(gets(fake) - before).toBeLessThanOrEqual(2);
  }, 30_000);

  it('should warn when five minutes are left to pay, without asking the server', async () => {
    const expiresAt = afterFirstAsk(5 * 60_000 + 3_000);
    const fake = createFakeFetch(
      tradeRoutes({ trade: () => buildTrade({ expiresAt: seconds(expiresAt()) }) }),
    );
    vi.stubGlobal('fetch', fake.fetch);
    renderApp({ path: `/trade/${HASH}`, user: buildCurrentUser({ username: 'bob' }) });
    await screen.findByTestId('trade-status', {}, PAGE_LOAD);
    expect(screen.queryByTestId('running-out')).not.toBeInTheDocument();
    expect(await screen.findByTestId('running-out', {}, SOON)).toHaveTextContent(
      'Less than 5 minutes left to pay.',
    );
    // Nothing changes on the server at that moment: the page did not ask.
    expect(gets(fake)).toBe(1);
  }, 30_000);

  it('should say "cancelling" when the window ends and show the expiry once the server’s job has run', async () => {
    const end = afterFirstAsk(3_000);
    const trade = (): Trade => {
      const expiresAt = end();
      // The server's expiry job runs on its own schedule: here two seconds after the end.
      const sweptAt = expiresAt + 2_000;
      return Date.now() >= sweptAt
        ? buildTrade({
            status: 'expired',
            expiresAt: null,
            availableActions: [],
            cancelledAt: seconds(sweptAt),
            isCancelled: true,
          })
        : buildTrade({
            expiresAt: seconds(expiresAt),
            availableActions: Date.now() >= expiresAt ? ['cancel'] : ['mark_paid', 'cancel'],
          });
    };
    const fake = createFakeFetch(tradeRoutes({ trade }));
    vi.stubGlobal('fetch', fake.fetch);
    renderApp({ path: `/trade/${HASH}`, user: buildCurrentUser({ username: 'bob' }) });
    await screen.findByTestId('trade-status', {}, PAGE_LOAD);
    expect(screen.getByTestId('running-out')).toBeInTheDocument();
    expect(screen.getByTestId('action-paid')).toBeInTheDocument();

    await waitFor(
      () =>
        expect(screen.getByTestId('trade-countdown')).toHaveTextContent('Time is up: cancelling the trade…'),
      SOON,
    );
    // The server said "not yet" at the moment: no more "mark as paid", and the page keeps asking.
    await waitFor(() => expect(screen.queryByTestId('action-paid')).not.toBeInTheDocument(), SOON);
    await waitFor(() => expect(screen.getByTestId('trade-status')).toHaveTextContent('Expired'), SOON);
    expect(screen.queryByTestId('trade-countdown')).not.toBeInTheDocument();
    expect(screen.queryByTestId('running-out')).not.toBeInTheDocument();
    // Asked at the end and after 1 and 2 seconds, not every second before it.
    expect(gets(fake)).toBeGreaterThanOrEqual(3);
    expect(gets(fake)).toBeLessThanOrEqual(5);
  }, 30_000);
});
