import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBalanceHiddenCache } from '@/shared/hooks/use-balance-hidden';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';
import { buildConditions, walletRoutes } from '../testing/wallet-fixtures';

const PAGE_LOAD = { timeout: 15_000 };
const REGTEST_ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';

/** The wallet as the server answers on the simulated chain (decision 0047), or on a real one. */
function withChain(simulated: boolean, overrides: Record<string, FakeHandler> = {}) {
  const network = simulated ? 'Bitcoin regtest' : 'Bitcoin';
  const fake = createFakeFetch(
    walletRoutes({
      'GET /rest/v2/wallet/deposit-address': () =>
        jsonResponse(200, {
          data: {
            cryptoCurrencyCode: 'BTC',
            address: simulated ? REGTEST_ADDRESS : 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
            network,
            requiredConfirmations: 2,
            simulated,
          },
        }),
      'GET /rest/v2/wallet/withdraw-conditions': () =>
        jsonResponse(200, { data: buildConditions({ network, simulated }) }),
      ...overrides,
    }),
  );
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

describe('the demo network on the wallet screens', { timeout: 45_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    resetBalanceHiddenCache();
  });
  afterEach(() => resetBalanceHiddenCache());

  it('should mark the deposit address and its QR code as a demo, instead of "send only on this network"', async () => {
    withChain(true);
    renderApp({ path: '/wallet?tab=deposit', user: buildCurrentUser() });
    const notice = await screen.findByTestId('demo-network-notice', {}, PAGE_LOAD);
    expect(notice).toHaveTextContent('Demo network: nothing sent here arrives');
    expect(notice).toHaveTextContent(
      'The address below belongs to nobody: BTC sent to it from a real wallet',
    );
    expect(await screen.findByTestId('deposit-address')).toHaveTextContent(REGTEST_ADDRESS);
    expect(screen.getByTestId('demo-address-badge')).toHaveTextContent('Demo address');
    expect(
      screen.getByRole('img', { name: 'QR code of a demo BTC address: nothing sent to it arrives' }),
    ).toBeInTheDocument();
    expect(screen.getByText('DEMO')).toBeInTheDocument();
    expect(screen.getByTestId('deposit-network')).toHaveTextContent('Bitcoin regtest');
    expect(screen.queryByText(/^Send only BTC/)).not.toBeInTheDocument();
  });

  it('should show none of it on a real chain', async () => {
    withChain(false);
    renderApp({ path: '/wallet?tab=deposit', user: buildCurrentUser() });
    expect(await screen.findByTestId('deposit-address', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code of your BTC deposit address' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Send only BTC on the Bitcoin network to this address. Anything else sent here is lost.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('demo-network-notice')).not.toBeInTheDocument();
    expect(screen.queryByTestId('demo-address-badge')).not.toBeInTheDocument();
  });

  it('should say it on the send form and in its confirmation, and word a mainnet address refusal', async () => {
    withChain(true, {
      'POST /rest/v2/wallet/withdraw': () =>
        jsonResponse(
          422,
          errorBody('ERROR_INPUT_VALIDATION', 'The input is not valid', [
            {
              field: 'address',
              message: 'A Bitcoin address: this wallet sends only to Bitcoin regtest addresses',
              code: 'wrong_network_address',
            },
          ]),
        ),
    });
    renderApp({ path: '/wallet?tab=send', user: buildCurrentUser() });
    const form = await screen.findByRole('form', { name: 'Send crypto' }, PAGE_LOAD);
    expect(within(form).getByTestId('demo-network-notice')).toHaveTextContent(
      'Sends from this wallet go to a simulated chain: no real BTC leaves it and nothing reaches the ' +
        'address you give. Only Bitcoin regtest addresses are accepted.',
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^bitcoin regtest address/i }), 'bc1qmainnet');
    await user.type(screen.getByRole('textbox', { name: /^amount \(btc\)/i }), '0.1');
    await user.click(screen.getByRole('button', { name: 'Review and send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the withdrawal' });
    expect(within(dialog).getByTestId('demo-network-confirm')).toHaveTextContent(
      'Demo network: this send goes nowhere, no real BTC moves.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send now' }));
    expect(
      await screen.findByText(
        'This is an address of another network: this wallet sends only to Bitcoin regtest addresses.',
      ),
    ).toBeInTheDocument();
  });

  it('should say it in Spanish', async () => {
    withChain(true);
    renderApp({ path: '/es/wallet?tab=deposit', user: buildCurrentUser() });
    expect(await screen.findByTestId('demo-network-notice', {}, PAGE_LOAD)).toHaveTextContent(
      'Red de demostración: nada de lo que envíes aquí llega',
    );
    expect(screen.getByTestId('demo-address-badge')).toHaveTextContent('Dirección de demostración');
  });
});
