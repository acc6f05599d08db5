import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '@/shared/api/csrf-token';
import { BALANCE_HIDDEN_STORAGE_KEY, resetBalanceHiddenCache } from '@/shared/hooks/use-balance-hidden';
import { buildCurrentUser, buildInitialState } from '@/testing/factories';
import { createFakeFetch, jsonResponse } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';

describe('app layout', () => {
  afterEach(() => {
    resetCsrfToken();
    resetBalanceHiddenCache();
    window.localStorage.clear();
  });

  it('should show Log in and Sign up to a visitor, and the footer links from the routes object', async () => {
    renderApp({ path: '/' });
    const desktop = await screen.findByTestId('navbar-desktop');
    expect(within(desktop).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(within(desktop).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Terms of service' })).toHaveAttribute(
      'href',
      '/terms-of-service',
    );
    expect(within(footer).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(within(footer).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(within(footer).getByRole('link', { name: 'Fees' })).toHaveAttribute('href', '/fees');
  });

  it('should prefix every link under /es and offer the same page in English', async () => {
    renderApp({ path: '/es/register' });
    const desktop = await screen.findByTestId('navbar-desktop');
    expect(within(desktop).getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute(
      'href',
      '/es/login',
    );
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'English' })).toHaveAttribute('href', '/register');
    expect(within(footer).getByRole('link', { name: 'Términos del servicio' })).toHaveAttribute(
      'href',
      '/es/terms-of-service',
    );
    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
  });

  it('should show the 404 page for an unknown route', async () => {
    renderApp({ path: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('should show the maintenance notice from the initial state', async () => {
    const state = buildInitialState();
    renderApp({
      path: '/',
      state: {
        app: {
          ...state.app,
          maintenance: { enabled: true, message: 'Upgrading the database', endsAt: null },
        },
      },
    });
    const banner = await screen.findByTestId('maintenance-banner');
    expect(banner).toHaveTextContent('Scheduled maintenance');
    expect(banner).toHaveTextContent('Upgrading the database');
  });

  it('should show the IP-blocked page', async () => {
    renderApp({ path: '/error/ip-blocked' });
    expect(await screen.findByRole('heading', { name: 'Access restricted' })).toBeInTheDocument();
  });

  it('should let a logged-in user hide balances and log out from the user menu', async () => {
    const fake = createFakeFetch({
      'POST /rest/v1/auth/logout': () => jsonResponse(200, { data: { redirectUrl: '/' } }),
      'GET /rest/v1/auth/csrf': () => jsonResponse(200, { data: { csrfToken: 'anonymous-token' } }),
    });
    vi.stubGlobal('fetch', fake.fetch);
    const { router } = renderApp({ path: '/login', user: buildCurrentUser({ username: 'alice' }) });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Account menu for alice' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Hide balances' }));
    expect(window.localStorage.getItem(BALANCE_HIDDEN_STORAGE_KEY)).toBe('true');
    expect(await screen.findByRole('menuitem', { name: 'Show balances' })).toBeInTheDocument();

    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const desktop = await screen.findByTestId('navbar-desktop');
    expect(await within(desktop).findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(fake.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /rest/v1/auth/logout',
      'GET /rest/v1/auth/csrf',
    ]);
  });
});
