import type { AdminWithdrawal } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '@/shared/api';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';
import { amountFormatRoutes } from '@/features/catalogue/testing/factories';

/** Console pages are lazy chunks: the first import in a cold, busy worker can take several seconds. */
const PAGE_LOAD = { timeout: 15_000 };
const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';

function buildWithdrawal(overrides: Partial<AdminWithdrawal> = {}): AdminWithdrawal {
  return {
    id: 'w-1',
    username: 'whale',
    cryptoCurrencyCode: 'BTC',
    amount: '0.50000000',
    networkFee: '0.00005000',
    amountUsd: '47500.00000000',
    address: ADDRESS,
    status: 'awaiting_approval',
    createdAt: '2026-03-01T10:00:00.000Z',
    ageSeconds: 7_500,
    approvals: [],
    requiredApprovals: 2,
    rejectionReason: null,
    approvedByMe: false,
    mine: false,
    ...overrides,
  };
}

function withServer(routes: Record<string, FakeHandler>) {
  const fake = createFakeFetch({
    ...amountFormatRoutes(),
    'GET /rest/v1/admin/permissions': () =>
      jsonResponse(200, {
        data: { role: 'supermod', permissions: ['console.view', 'disputes.take', 'withdrawals.approve'] },
      }),
    ...routes,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}
const queueOf = (items: AdminWithdrawal[]) => () =>
  jsonResponse(200, { data: { items, total: items.length } });
const open = () =>
  renderApp({ path: '/admin/withdrawals', user: buildCurrentUser({ username: 'sam', role: 'supermod' }) });
const posts = (fake: ReturnType<typeof createFakeFetch>) =>
  fake.requests.filter((r) => r.method === 'POST').map((r) => [r.url, r.body]);

describe('withdrawal approval queue', { timeout: 45_000 }, () => {
  beforeEach(() => setCsrfToken('csrf-token'));

  it('should show a waiting withdrawal and approve it only after the confirmation', async () => {
    const user = userEvent.setup();
    const waiting = buildWithdrawal();
    const fake = withServer({
      'GET /rest/v1/admin/withdrawals': queueOf([waiting]),
      'POST /rest/v1/admin/withdrawals/w-1/approve': () =>
        jsonResponse(200, {
          data: {
            ...waiting,
            approvedByMe: true,
            approvals: [{ staff: 'sam', at: '2026-03-01T12:00:00.000Z' }],
          },
        }),
    });
    open();
    const row = await screen.findByTestId('withdrawal-approval-row', {}, PAGE_LOAD);
    expect(row).toHaveTextContent('0.50 BTC');
    expect(row).toHaveTextContent('From @whale');
    expect(row).toHaveTextContent('47,500.00');
    expect(row).toHaveTextContent(ADDRESS);
    expect(row).toHaveTextContent('0 of 2 approvals');
    expect(row).toHaveTextContent('Waiting 2 hr');
    expect(screen.getByRole('navigation', { name: 'Staff console' })).toHaveTextContent('Withdrawals');

    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this withdrawal?' });
    expect(dialog).toHaveTextContent('first of two approvals');
    expect(posts(fake)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(posts(fake)).toEqual([['/rest/v1/admin/withdrawals/w-1/approve', {}]]));
    expect(await screen.findByText('Approved. It waits for a second staff member.')).toBeInTheDocument();
  });

  it('should reject only with a reason, after saying that the amount and fee go back', async () => {
    const user = userEvent.setup();
    const waiting = buildWithdrawal({ approvals: [{ staff: 'ann', at: '2026-03-01T11:00:00.000Z' }] });
    const fake = withServer({
      'GET /rest/v1/admin/withdrawals': queueOf([waiting]),
      'POST /rest/v1/admin/withdrawals/w-1/reject': () =>
        jsonResponse(200, {
          data: { ...waiting, status: 'rejected', rejectionReason: 'Sanctioned address.' },
        }),
    });
    open();
    const row = await screen.findByTestId('withdrawal-approval-row', {}, PAGE_LOAD);
    expect(row).toHaveTextContent('Approved by ann');
    await user.click(within(row).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this withdrawal?' });
    expect(dialog).toHaveTextContent("go back to @whale's available balance");
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Give the reason.')).toBeInTheDocument();
    expect(posts(fake)).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Sanctioned address.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(posts(fake)).toEqual([
        ['/rest/v1/admin/withdrawals/w-1/reject', { reason: 'Sanctioned address.' }],
      ]),
    );
  });

  it('should disable what the server would refuse: my own withdrawal, a second approval of mine', async () => {
    withServer({
      'GET /rest/v1/admin/withdrawals': queueOf([
        buildWithdrawal({ id: 'w-own', username: 'sam', mine: true }),
        buildWithdrawal({
          id: 'w-twice',
          approvedByMe: true,
          approvals: [{ staff: 'sam', at: '2026-03-01T11:00:00.000Z' }],
        }),
      ]),
    });
    open();
    const [own, twice] = await screen.findAllByTestId('withdrawal-approval-row', {}, PAGE_LOAD);
    expect(own).toHaveTextContent('This is your own withdrawal');
    expect(within(own!).getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(within(own!).getByRole('button', { name: 'Reject' })).toBeDisabled();
    expect(twice).toHaveTextContent('You approved it.');
    expect(within(twice!).getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(within(twice!).getByRole('button', { name: 'Reject' })).toBeEnabled();
  });

  it('should say when nothing waits', async () => {
    withServer({ 'GET /rest/v1/admin/withdrawals': queueOf([]) });
    open();
    expect(await screen.findByTestId('queue-empty', {}, PAGE_LOAD)).toHaveTextContent(
      'No withdrawal is waiting for approval.',
    );
  });

  it('should show the error state with a retry when the queue cannot be read', async () => {
    let broken = true;
    withServer({
      'GET /rest/v1/admin/withdrawals': () =>
        broken
          ? jsonResponse(500, errorBody('INTERNAL_ERROR', 'Something broke'))
          : queueOf([buildWithdrawal()])(),
    });
    open();
    // The client retries a failed read twice before it shows the error.
    expect(
      await screen.findByText('The approval queue could not be loaded.', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    broken = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('withdrawal-approval-row')).toBeInTheDocument();
  });
});
