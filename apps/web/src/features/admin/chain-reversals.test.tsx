import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '@/shared/api';
import { realtimeClient } from '@/shared/realtime';
import { FakeSocket } from '@/shared/realtime/fake-socket';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, jsonResponse } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';
import { amountFormatRoutes } from '@/features/catalogue/testing/factories';

const PAGE_LOAD = { timeout: 15_000 };

const REVERSALS = {
  reversedDeposits: [
    {
      id: 7,
      username: 'alice',
      cryptoCurrencyCode: 'BTC',
      txid: 'ab'.repeat(32),
      outputIndex: 1,
      amount: '0.40000000',
      status: 'reversed',
      reversedAt: '2026-11-27T11:00:00.000Z',
    },
  ],
  deficits: [
    {
      username: 'alice',
      cryptoCurrencyCode: 'BTC',
      owed: '0.20000000',
      available: '0.00000000',
      accountNotice: 0,
    },
  ],
};

/** Decision 0055: the console lists what chain reorganisations took back and who owes. */
describe('the console’s reorganisations page', () => {
  beforeEach(() => {
    FakeSocket.reset();
    setCsrfToken('csrf-token');
  });
  afterEach(() => realtimeClient.disconnect());

  it.each([
    {
      path: '/admin/chain',
      owed: 'Owes 0.20000000 BTC',
      status: 'Reversed',
      flag: 'problem with the account balance',
    },
    {
      path: '/es/admin/chain',
      owed: 'Debe 0.20000000 BTC',
      status: 'Revertido',
      flag: 'problema con el saldo',
    },
  ])(
    'should list the accounts in deficit and the reversed deposits ($path)',
    async ({ path, owed, status, flag }) => {
      vi.stubGlobal(
        'fetch',
        createFakeFetch({
          ...amountFormatRoutes(),
          'GET /rest/v1/admin/permissions': () =>
            jsonResponse(200, { data: { role: 'moderator', permissions: ['console.view', 'users.view'] } }),
          'GET /rest/v1/admin/chain/reversals': () => jsonResponse(200, { data: REVERSALS }),
        }).fetch,
      );
      renderApp({ path, user: buildCurrentUser({ username: 'mia', role: 'moderator', isModerator: true }) });
      const deficit = await screen.findByTestId('deficit-row', {}, PAGE_LOAD);
      expect(deficit).toHaveTextContent(owed);
      expect(deficit).toHaveTextContent(flag);
      expect(within(deficit).getByRole('link', { name: 'alice' })).toBeInTheDocument();
      const reversed = screen.getByTestId('reversed-deposit-row');
      expect(within(reversed).getByText(status)).toBeInTheDocument();
      expect(reversed).toHaveTextContent(`${'ab'.repeat(32)}:1`);
    },
  );
});
