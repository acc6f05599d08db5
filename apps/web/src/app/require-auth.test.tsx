import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isOnLoggedInPage } from '@/shared/api';
import { buildCurrentUser } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { RequireAuth } from './require-auth';

const routes = [
  {
    path: '/',
    children: [
      { path: 'login', element: <p>login page</p> },
      {
        element: <RequireAuth />,
        children: [{ path: 'wallet', element: <p>wallet page</p> }],
      },
    ],
  },
];

describe('RequireAuth', () => {
  it('should send a visitor to login with returnTo', async () => {
    const { router } = renderApp({ path: '/wallet?tab=btc', routes });
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?returnTo=${encodeURIComponent('/wallet?tab=btc')}`);
  });

  it('should show the page to a logged-in user and mark it as a logged-in page', async () => {
    const { unmount } = renderApp({ path: '/wallet', routes, user: buildCurrentUser() });
    expect(await screen.findByText('wallet page')).toBeInTheDocument();
    expect(isOnLoggedInPage()).toBe(true);
    unmount();
    await waitFor(() => expect(isOnLoggedInPage()).toBe(false));
  });
});
