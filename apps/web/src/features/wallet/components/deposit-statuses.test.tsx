import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, jsonResponse } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';
import { PENDING_REFRESH_MS } from '../api/get-balances';
import { walletRoutes } from '../testing/wallet-fixtures';

const PAGE_LOAD = { timeout: 15_000 };

const deposit = (id: number, extra: Record<string, unknown>) => ({
  id,
  cryptoCurrencyCode: 'BTC',
  txid: `${id}`.padStart(64, 'a'),
  outputIndex: 0,
  amount: '0.40000000',
  confirmations: 0,
  requiredConfirmations: 3,
  status: 'pending',
  inMempool: false,
  reason: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  confirmedAt: null,
  reversedAt: null,
  ...extra,
});

const DEPOSITS = [
  deposit(1, { inMempool: true }),
  deposit(2, { confirmations: 1 }),
  deposit(3, { status: 'confirmed', confirmations: 3, confirmedAt: '2026-11-27T10:30:00.000Z' }),
  deposit(4, { status: 'reversed', reason: 'server words', reversedAt: '2026-11-27T11:00:00.000Z' }),
  deposit(5, { status: 'dropped', reason: 'server words' }),
];

/** Decision 0055: each state of a chain deposit, in words the user can act on, in English and Spanish. */
describe('the deposit list', () => {
  it.each([
    {
      path: '/wallet',
      words: {
        mempool: 'Seen by the network, waiting for its first block',
        progress: '1 of 3 confirmations',
        reversed: 'a chain reorganisation',
        dropped: 'left the network before it was confirmed',
        badges: ['Pending', 'Pending', 'Confirmed', 'Reversed', 'Dropped'],
      },
    },
    {
      path: '/es/wallet',
      words: {
        mempool: 'La red lo ha visto; espera su primer bloque',
        progress: '1 de 3 confirmaciones',
        reversed: 'una reorganización de la cadena',
        dropped: 'salió de la red antes de confirmarse',
        badges: ['Pendiente', 'Pendiente', 'Confirmado', 'Revertido', 'Descartado'],
      },
    },
  ])(
    'should show pending, confirming, confirmed, reversed and dropped deposits ($path)',
    async ({ path, words }) => {
      const fake = createFakeFetch(
        walletRoutes({ 'GET /rest/v2/wallet/deposits': () => jsonResponse(200, { data: DEPOSITS }) }),
      );
      vi.stubGlobal('fetch', fake.fetch);
      renderApp({ path, user: buildCurrentUser() });
      const list = await screen.findByTestId('deposit-list', {}, PAGE_LOAD);
      const items = within(list).getAllByRole('listitem');
      expect(items.map((item) => item.getAttribute('data-status'))).toEqual([
        'pending',
        'pending',
        'confirmed',
        'reversed',
        'dropped',
      ]);
      items.forEach((item, i) => expect(within(item).getByText(words.badges[i]!)).toBeInTheDocument());
      expect(items[0]).toHaveTextContent(words.mempool);
      expect(items[1]).toHaveTextContent(words.progress);
      expect(within(items[3]!).getByTestId('deposit-reason')).toHaveTextContent(words.reversed);
      expect(within(items[4]!).getByTestId('deposit-reason')).toHaveTextContent(words.dropped);
      // The server's English reason is not what a Spanish reader sees: the page says it in their language.
      expect(list).not.toHaveTextContent('server words');
    },
  );
});

/**
 * Issue 27: a trader who pays their address from another wallet watches the deposit tab. The list is
 * re-read while it is open (not only once something is pending), and the balances follow it.
 */
describe('a deposit arriving while the list is open', () => {
  it('should appear without a reload and re-read the balances', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let arrived = false;
      const fake = createFakeFetch(
        walletRoutes({
          'GET /rest/v2/wallet/deposits': () =>
            jsonResponse(200, { data: arrived ? [deposit(7, { inMempool: true })] : [] }),
        }),
      );
      vi.stubGlobal('fetch', fake.fetch);
      renderApp({ path: '/wallet', user: buildCurrentUser() });
      expect(await screen.findByText('No BTC deposits yet', {}, PAGE_LOAD)).toBeInTheDocument();
      const balanceReads = () =>
        fake.requests.filter((r) => r.url.startsWith('/rest/v2/wallet/balances')).length;
      const before = balanceReads();

      arrived = true;
      await act(() => vi.advanceTimersByTimeAsync(PENDING_REFRESH_MS));
      const list = await screen.findByTestId('deposit-list', {}, PAGE_LOAD);
      expect(list).toHaveTextContent('Seen by the network, waiting for its first block');
      await vi.waitFor(() => expect(balanceReads()).toBeGreaterThan(before));
    } finally {
      vi.useRealTimers();
    }
  });
});
