import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BALANCE_HIDDEN_STORAGE_KEY, resetBalanceHiddenCache } from '@/shared/hooks/use-balance-hidden';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';
import { buildBalance, buildConditions, walletRoutes } from '../testing/wallet-fixtures';

const ADDRESS = 'bc1qdestination0000000000000000000000000';

const withdrawal = (overrides: Record<string, unknown> = {}) => ({
  id: 'w1',
  cryptoCurrencyCode: 'BTC',
  kind: 'external',
  address: ADDRESS,
  recipientUsername: null,
  amount: '0.10000000',
  networkFee: '0.00005000',
  status: 'pending',
  approvalCount: 0,
  requiredApprovals: 0,
  rejectionReason: null,
  txid: null,
  createdAt: '2026-01-02T10:00:00.000Z',
  completedAt: null,
  ...overrides,
});

function withServer(overrides: Record<string, FakeHandler> = {}) {
  const fake = createFakeFetch(
    walletRoutes({
      'POST /rest/v2/wallet/withdraw': () => jsonResponse(201, { data: withdrawal() }),
      ...overrides,
    }),
  );
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const withdrawRequests = (fake: ReturnType<typeof createFakeFetch>) =>
  fake.requests.filter((request) => request.method === 'POST' && request.url === '/rest/v2/wallet/withdraw');

async function openSendTab() {
  renderApp({ path: '/wallet?tab=send', user: buildCurrentUser() });
  // The page is a lazy chunk: its first import in a cold, busy worker can take several seconds.
  return screen.findByRole('form', { name: 'Send crypto' }, { timeout: 15_000 });
}

const amountField = () => screen.getByRole('textbox', { name: /^amount \(btc\)/i });
const addressField = () => screen.getByRole('textbox', { name: /^bitcoin address/i });

async function fillAndReview(user: UserEvent, amount: string, address = ADDRESS) {
  await user.type(addressField(), address);
  await user.type(amountField(), amount);
  await user.click(screen.getByRole('button', { name: 'Review and send' }));
}

// Each test types into real Mantine inputs on the whole page; on a loaded 2-core runner that can pass
// the default 20 s, so this file allows more.
describe('WithdrawForm', { timeout: 45_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    resetBalanceHiddenCache();
  });
  afterEach(() => resetBalanceHiddenCache());

  it('should check the amount with the contract rules before anything is sent', async () => {
    const fake = withServer();
    await openSendTab();
    const user = userEvent.setup();
    const review = screen.getByRole('button', { name: 'Review and send' });

    await user.click(review);
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(screen.getByText('Enter an amount with digits and a point, like 0.5.')).toBeInTheDocument();

    // Pasted, as people do with amounts: one change each, validated like typing.
    await user.click(amountField());
    await user.paste('0.123456789');
    await user.tab();
    expect(await screen.findByText('This coin has at most 8 decimal places.')).toBeInTheDocument();

    await user.clear(amountField());
    await user.paste('1,5');
    expect(await screen.findByText('Enter an amount with digits and a point, like 0.5.')).toBeInTheDocument();

    await user.clear(amountField());
    await user.paste('0');
    expect(await screen.findByText('The amount must be greater than zero.')).toBeInTheDocument();

    // Max for an external address is the balance minus the fee (0.49995): one satoshi more is refused.
    await user.clear(amountField());
    await user.paste('0.49995001');
    expect(
      await screen.findByText('The amount plus the network fee is more than your available balance.'),
    ).toBeInTheDocument();
    expect(amountField()).toHaveAttribute('aria-invalid', 'true');
    expect(withdrawRequests(fake)).toHaveLength(0);
    expect(screen.queryByTestId('withdraw-confirm')).not.toBeInTheDocument();
  });

  it('should preview the fee and the total live, with no fee to another user, and fill the max', async () => {
    withServer();
    await openSendTab();
    const user = userEvent.setup();
    expect(screen.getByTestId('preview-fee')).toHaveTextContent('0.00005 BTC');
    expect(screen.getByTestId('preview-total')).toHaveTextContent('—');

    await user.type(amountField(), '0.1');
    expect(screen.getByTestId('preview-amount')).toHaveTextContent('0.10 BTC');
    expect(screen.getByTestId('preview-total')).toHaveTextContent('0.10005 BTC');

    await user.click(screen.getByRole('radio', { name: 'Username' }));
    expect(screen.getByTestId('preview-fee')).toHaveTextContent('0.00 BTC');
    expect(screen.getByTestId('preview-total')).toHaveTextContent('0.10 BTC');
    expect(screen.getByText('Fee (transfer between users)')).toBeInTheDocument();

    // Internal: the whole balance; external: the balance minus the fee.
    await user.click(screen.getByRole('button', { name: 'Max' }));
    expect(amountField()).toHaveValue('0.5');
    await user.click(screen.getByRole('radio', { name: 'Crypto address' }));
    await user.click(screen.getByRole('button', { name: 'Max' }));
    expect(amountField()).toHaveValue('0.49995');
    expect(screen.getByTestId('preview-total')).toHaveTextContent('0.50 BTC');
  });

  it('should show a confirmation with coin, amount, fee, total and destination, and send once confirmed', async () => {
    const fake = withServer();
    await openSendTab();
    const user = userEvent.setup();
    await fillAndReview(user, '0.1');

    const dialog = await screen.findByRole('dialog', { name: 'Confirm the withdrawal' });
    expect(within(dialog).getByText('Bitcoin (BTC)')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('0.10 BTC');
    expect(dialog).toHaveTextContent('0.00005 BTC');
    expect(within(dialog).getByTestId('confirm-total')).toHaveTextContent('0.10005 BTC');
    expect(within(dialog).getByTestId('confirm-destination')).toHaveTextContent(ADDRESS);
    expect(dialog).toHaveTextContent('A withdrawal cannot be undone.');
    expect(withdrawRequests(fake)).toHaveLength(0);

    // Cancel sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(withdrawRequests(fake)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Review and send' }));
    await user.click(await screen.findByRole('button', { name: 'Send now' }));

    expect(await screen.findByText('Withdrawal sent')).toBeInTheDocument();
    const [sent] = withdrawRequests(fake);
    expect(sent?.body).toEqual({ crypto_currency_code: 'BTC', amount: '0.1', address: ADDRESS });
    expect(sent?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(amountField()).toHaveValue('');
    // Balances and conditions are read again after money moved.
    await waitFor(() =>
      expect(fake.requests.filter((r) => r.url === '/rest/v2/wallet/balances').length).toBeGreaterThan(1),
    );
  });

  it('should say plainly that a large withdrawal waits for a staff review', async () => {
    withServer({
      'POST /rest/v2/wallet/withdraw': () =>
        jsonResponse(201, { data: withdrawal({ status: 'awaiting_approval', requiredApprovals: 2 }) }),
    });
    await openSendTab();
    const user = userEvent.setup();
    await fillAndReview(user, '0.1');
    await user.click(await screen.findByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('Withdrawal waiting for review')).toBeInTheDocument();
    expect(screen.getByText(/checked by two members of our staff before they are sent/)).toBeInTheDocument();
  });

  it('should send a transfer to a username with no fee', async () => {
    const fake = withServer({
      'POST /rest/v2/wallet/withdraw': () =>
        jsonResponse(201, {
          data: withdrawal({
            kind: 'internal',
            address: null,
            recipientUsername: 'bob',
            networkFee: '0',
            status: 'completed',
          }),
        }),
    });
    await openSendTab();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Username' }));
    await user.type(screen.getByRole('textbox', { name: /^username/i }), 'bob');
    await user.type(amountField(), '0.25');
    await user.click(screen.getByRole('button', { name: 'Review and send' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm the transfer' });
    expect(within(dialog).getByTestId('confirm-destination')).toHaveTextContent('@bob');
    expect(within(dialog).getByTestId('confirm-total')).toHaveTextContent('0.25 BTC');
    await user.click(within(dialog).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('0.25 BTC sent to bob.')).toBeInTheDocument();
    expect(withdrawRequests(fake)[0]?.body).toEqual({
      crypto_currency_code: 'BTC',
      amount: '0.25',
      username: 'bob',
    });
  });

  it('should put the server 422 details on the fields', async () => {
    withServer({
      'POST /rest/v2/wallet/withdraw': () =>
        jsonResponse(
          422,
          errorBody('ERROR_INPUT_VALIDATION', 'The input is not valid', [
            { field: 'address', message: 'Not a valid Bitcoin address', code: 'invalid_address' },
            {
              field: 'amount',
              message: 'The amount plus the network fee is more than your balance',
              code: 'insufficient_funds',
            },
          ]),
        ),
    });
    await openSendTab();
    const user = userEvent.setup();
    await fillAndReview(user, '0.1', 'not-an-address');
    await user.click(await screen.findByRole('button', { name: 'Send now' }));

    expect(await screen.findByText('This is not a valid Bitcoin address.')).toBeInTheDocument();
    expect(addressField()).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText('The amount plus the network fee is more than your available balance.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('should offer to send again after a lost answer, with the same idempotency key', async () => {
    let calls = 0;
    const fake = withServer({
      'POST /rest/v2/wallet/withdraw': () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return jsonResponse(201, { data: withdrawal() });
      },
    });
    await openSendTab();
    const user = userEvent.setup();
    await fillAndReview(user, '0.1');
    await user.click(await screen.findByRole('button', { name: 'Send now' }));

    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/trying again is safe/i)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Try sending again' }));
    expect(await screen.findByText('Withdrawal sent')).toBeInTheDocument();

    const [first, second] = withdrawRequests(fake);
    expect(first?.headers['idempotency-key']).toBeTruthy();
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);

    // A new submission gets a new key.
    await fillAndReview(user, '0.2');
    await user.click(await screen.findByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(withdrawRequests(fake)).toHaveLength(3));
    expect(withdrawRequests(fake)[2]?.headers['idempotency-key']).not.toBe(first?.headers['idempotency-key']);
  });

  it('should keep the form open during active trades and say that only their escrow stays', async () => {
    const fake = createFakeFetch(
      walletRoutes(
        {
          'GET /rest/v2/wallet/withdraw-conditions': () =>
            jsonResponse(200, { data: buildConditions({ have_active_trades: true }) }),
          'POST /rest/v2/wallet/withdraw': () => jsonResponse(201, { data: withdrawal() }),
        },
        [buildBalance({ balance: '0.50000000', escrowAmount: '0.00100000' })],
      ),
    );
    vi.stubGlobal('fetch', fake.fetch);
    const form = await openSendTab();
    const note = within(form).getByTestId('withdraw-active-trades');
    expect(note).toHaveTextContent('You have active trades');
    expect(note).toHaveTextContent(/0\.001 BTC stay in escrow until your trades finish/);
    // A note, not a refusal: it is announced politely and nothing says sending is closed.
    expect(note).toHaveAttribute('role', 'status');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await fillAndReview(user, '0.1');
    await user.click(await screen.findByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('Withdrawal sent')).toBeInTheDocument();
    expect(withdrawRequests(fake)).toHaveLength(1);
  });

  it('should explain a refusal in words (new account) and keep the form closed', async () => {
    const fake = withServer({
      'GET /rest/v2/wallet/withdraw-conditions': () =>
        jsonResponse(200, {
          data: buildConditions({
            have_active_trades: true,
            need_to_wait_time_title: 'Withdrawals open 5 h after registration',
          }),
        }),
    });
    await openSendTab();
    expect(screen.getByText('You have active trades')).toBeInTheDocument();
    expect(
      screen.getByText('Sending opens in 5 hours, once your account is old enough.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Review and send' })).toBeDisabled();
    expect(withdrawRequests(fake)).toHaveLength(0);
  });

  it('should say why the server refused a send (403 ID_REQUIRED)', async () => {
    withServer({
      'POST /rest/v2/wallet/withdraw': () =>
        jsonResponse(
          403,
          errorBody('ID_REQUIRED', 'Verify your identity to send crypto out of your wallet.'),
        ),
    });
    await openSendTab();
    const user = userEvent.setup();
    await fillAndReview(user, '0.1');
    await user.click(await screen.findByRole('button', { name: 'Send now' }));
    expect(await screen.findByTestId('withdraw-error')).toHaveTextContent(
      'Verify your identity to send crypto out of your wallet.',
    );
  });

  it('should mask the available amount but keep what the user types and confirms visible', async () => {
    window.localStorage.setItem(BALANCE_HIDDEN_STORAGE_KEY, 'true');
    withServer();
    await openSendTab();
    const user = userEvent.setup();
    expect(screen.getByTestId('withdraw-max')).toHaveAttribute('data-masked', 'true');
    await user.type(amountField(), '0.1');
    expect(screen.getByTestId('preview-total')).toHaveTextContent('0.10005 BTC');
  });
});
