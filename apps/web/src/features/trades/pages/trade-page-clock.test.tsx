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
/** The page's own timers are real: a wake planned two seconds ahead fires within this. */
const SOON = { timeout: 8_000 };

/** The test's "now": the clock (Date only) stands still here until the test moves it. */
const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
/** How far ahead of NOW each moment is: the page plans a real timer of this length for it. */
const LEAD = 2_000;

const seconds = (ms: number) => ({ timestamp: Math.floor(ms / 1000), humanReadable: '' });

/** Moves the standing clock to `ms` after NOW: the page notices only when its own timer fires. */
const clockAt = (ms: number) => vi.setSystemTime(NOW + ms);

/**
 * The trade page follows the clock without a reload (issue 26 item 9): the server below answers by the
 * clock, as the real one does, and the page is never reloaded; only its own timer can make it ask. No
 * socket event arrives in these tests. The clock stands still while the page loads (a slow worker cannot
 * carry it past a moment before the first look) and the test moves it past each moment once the page is
 * shown; the page's timers stay real, so it is the page's own wake that finds the moment passed.
 */
describe('TradePage over time', () => {
  beforeEach(() => {
    FakeSocket.reset();
    setCsrfToken('csrf-token');
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  });
  afterEach(() => {
    realtimeClient.disconnect();
    vi.useRealTimers();
  });

  const gets = (fake: ReturnType<typeof createFakeFetch>) =>
    fake.requests.filter((r) => r.method === 'GET' && r.url === `/rest/v1/trade/${HASH}`).length;

  it('should show the dispute button when the wait ends, asking the server once at that moment', async () => {
    const availableAt = NOW + LEAD;
    // The server's rule: available from availableAt, by its own clock.
    const paid = (): Trade => {
      const available = Date.now() >= availableAt;
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

    clockAt(LEAD);
    expect(await screen.findByTestId('action-dispute', {}, SOON)).toBeInTheDocument();
    // One question, at the moment.
    expect(gets(fake) - before).toBe(1);
  }, 30_000);

  it('should warn when five minutes are left to pay, without asking the server', async () => {
    const expiresAt = NOW + 5 * 60_000 + LEAD;
    const fake = createFakeFetch(tradeRoutes({ trade: () => buildTrade({ expiresAt: seconds(expiresAt) }) }));
    vi.stubGlobal('fetch', fake.fetch);
    renderApp({ path: `/trade/${HASH}`, user: buildCurrentUser({ username: 'bob' }) });
    await screen.findByTestId('trade-status', {}, PAGE_LOAD);
    expect(screen.queryByTestId('running-out')).not.toBeInTheDocument();

    clockAt(LEAD);
    expect(await screen.findByTestId('running-out', {}, SOON)).toHaveTextContent(
      'Less than 5 minutes left to pay.',
    );
    // Nothing changes on the server at that moment: the page did not ask.
    expect(gets(fake)).toBe(1);
  }, 30_000);

  it('should say "cancelling" when the window ends and show the expiry once the server’s job has run', async () => {
    const expiresAt = NOW + LEAD;
    // The server's expiry job runs on its own schedule: here two seconds after the end.
    const sweptAt = expiresAt + 2_000;
    const trade = (): Trade =>
      Date.now() >= sweptAt
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
    const fake = createFakeFetch(tradeRoutes({ trade }));
    vi.stubGlobal('fetch', fake.fetch);
    renderApp({ path: `/trade/${HASH}`, user: buildCurrentUser({ username: 'bob' }) });
    await screen.findByTestId('trade-status', {}, PAGE_LOAD);
    expect(screen.getByTestId('running-out')).toBeInTheDocument();
    expect(screen.getByTestId('action-paid')).toBeInTheDocument();

    clockAt(LEAD);
    await waitFor(
      () =>
        expect(screen.getByTestId('trade-countdown')).toHaveTextContent('Time is up: cancelling the trade…'),
      SOON,
    );
    // The server said "not yet" at the moment: no more "mark as paid", and the page keeps asking.
    await waitFor(() => expect(screen.queryByTestId('action-paid')).not.toBeInTheDocument(), SOON);
    const atTheEnd = gets(fake);
    expect(atTheEnd).toBe(2);

    clockAt(sweptAt - NOW);
    await waitFor(() => expect(screen.getByTestId('trade-status')).toHaveTextContent('Expired'), SOON);
    expect(screen.queryByTestId('trade-countdown')).not.toBeInTheDocument();
    expect(screen.queryByTestId('running-out')).not.toBeInTheDocument();
    // Asked again after a second (a second time after two more, if this worker stalled), not in a loop.
    expect(gets(fake) - atTheEnd).toBeGreaterThanOrEqual(1);
    expect(gets(fake) - atTheEnd).toBeLessThanOrEqual(2);
  }, 30_000);
});
