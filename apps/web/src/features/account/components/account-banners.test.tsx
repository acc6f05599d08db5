import type { AccountState } from '@app/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';

const PAGE_LOAD = { timeout: 5_000 };

/** A logged-in user in `state` on a page that asks the server for nothing (the 500 page). */
function renderAs(
  state: AccountState,
  path = '/error/500',
  extra: Parameters<typeof buildCurrentUser>[0] = {},
) {
  vi.stubGlobal('fetch', createFakeFetch({}).fetch);
  return renderApp({ path, user: buildCurrentUser({ accountState: state, ...extra }) });
}

describe('account state banners', () => {
  it('should tell a frozen trader that no money moves, what still works and whom to ask', async () => {
    renderAs('frozen');
    const banner = await screen.findByTestId('frozen-banner', {}, PAGE_LOAD);
    expect(banner).toHaveTextContent('Your account is frozen');
    // The lists are the contract's policy table in words: frozen forbids trades, offers, withdrawals
    // and deposits; chat and settings still work.
    expect(within(banner).getByTestId('account-state-blocked')).toHaveTextContent(
      'Paused until it is lifted: start new trades, create offers, switch offers on, withdraw or send crypto, and deposit crypto.',
    );
    expect(within(banner).getByTestId('account-state-allowed')).toHaveTextContent(
      'You can still chat in your trades and change your account details.',
    );
    expect(banner).toHaveTextContent('Trades already running go on');
    expect(within(banner).getByRole('link', { name: 'About page' })).toHaveAttribute('href', '/about');
  });

  it('should tell a restricted trader that only new business is paused', async () => {
    renderAs('restricted');
    const banner = await screen.findByTestId('user-restricted-banner', {}, PAGE_LOAD);
    expect(within(banner).getByTestId('account-state-blocked')).toHaveTextContent(
      'start new trades, create offers, and switch offers on.',
    );
    expect(within(banner).getByTestId('account-state-allowed')).toHaveTextContent(
      'You can still withdraw or send crypto, deposit crypto, chat in your trades, and change your account details.',
    );
  });

  it('should explain an account on hold and one under compliance review', async () => {
    const { unmount } = renderAs('on_hold');
    const hold = await screen.findByTestId('on-hold-banner', {}, PAGE_LOAD);
    expect(within(hold).getByTestId('account-state-blocked')).toHaveTextContent(
      'start new trades, create offers, switch offers on, and withdraw or send crypto.',
    );
    expect(within(hold).getByTestId('account-state-allowed')).toHaveTextContent('deposit crypto');
    unmount();
    renderAs('compliance_hold');
    const review = await screen.findByTestId('compliance-hold-banner', {}, PAGE_LOAD);
    expect(within(review).getByTestId('account-state-blocked')).toHaveTextContent(
      'change your account details',
    );
    expect(within(review).getByTestId('account-state-allowed')).toHaveTextContent(
      'You can still chat in your trades.',
    );
  });

  it('should say it in Spanish', async () => {
    renderAs('frozen', '/es/error/500');
    const banner = await screen.findByTestId('frozen-banner', {}, PAGE_LOAD);
    expect(banner).toHaveTextContent('Tu cuenta está congelada');
    expect(within(banner).getByTestId('account-state-blocked')).toHaveTextContent(
      'iniciar operaciones nuevas, crear ofertas, activar ofertas, retirar o enviar cripto y depositar cripto.',
    );
    expect(within(banner).getByRole('link', { name: 'página Acerca de' })).toHaveAttribute(
      'href',
      '/es/about',
    );
  });

  it('should show nothing to an active account, and the demo notice to a demo account', async () => {
    renderAs('active', '/error/500', { isDemoAccount: true });
    expect(await screen.findByTestId('demo-mode-banner', {}, PAGE_LOAD)).toHaveTextContent(
      'You are using a shared demo account',
    );
    for (const id of ['frozen-banner', 'user-restricted-banner', 'on-hold-banner', 'banned-banner']) {
      expect(screen.queryByTestId(id)).not.toBeInTheDocument();
    }
  });

  it('should show no demo notice to an ordinary account', async () => {
    renderAs('restricted');
    await screen.findByTestId('user-restricted-banner', {}, PAGE_LOAD);
    expect(screen.queryByTestId('demo-mode-banner')).not.toBeInTheDocument();
  });
});
