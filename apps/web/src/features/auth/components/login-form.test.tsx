import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '@/shared/api/csrf-token';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';

function withServer(login: FakeHandler) {
  const fake = createFakeFetch({
    'POST /rest/v1/auth/login': login,
    'GET /rest/v1/auth/csrf': () => jsonResponse(200, { data: { csrfToken: 'rotated-token' } }),
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

async function fillAndSubmit(loginValue: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/username or e-mail/i), loginValue);
  await user.type(screen.getByLabelText(/^password/i), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

describe('LoginForm', () => {
  afterEach(() => resetCsrfToken());

  it('should show one generic message on 401, whatever was wrong', async () => {
    const fake = withServer(() =>
      jsonResponse(401, errorBody('INVALID_CREDENTIALS', 'Invalid login or password')),
    );
    const { router } = renderApp({ path: '/login' });
    await fillAndSubmit('alice', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The username, e-mail or password is incorrect.',
    );
    expect(screen.getByLabelText(/^password/i)).toHaveValue('');
    expect(router.state.location.pathname).toBe('/login');
    expect(fake.requests[0]?.body).toEqual({ login: 'alice', password: 'wrong-password' });
  });

  it('should map 422 details onto the fields', async () => {
    withServer(() =>
      jsonResponse(
        422,
        errorBody('ERROR_INPUT_VALIDATION', 'The input is not valid', [
          { field: 'login', message: 'Enter your username or e-mail', code: 'too_small' },
        ]),
      ),
    );
    renderApp({ path: '/login' });
    await fillAndSubmit('   x', 'secret');

    expect(await screen.findByText('Enter your username or e-mail.')).toBeInTheDocument();
    expect(screen.getByLabelText(/username or e-mail/i)).toHaveAttribute('aria-invalid', 'true');
  });

  it('should say how long to wait on 429', async () => {
    withServer(() =>
      jsonResponse(429, errorBody('TOO_MANY_ATTEMPTS', 'Too many attempts'), { 'retry-after': '120' }),
    );
    renderApp({ path: '/login' });
    await fillAndSubmit('alice', 'whatever');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. You can try again in 2 minutes.',
    );
  });

  it('should validate with the contract schema before calling the server', async () => {
    const fake = withServer(() => jsonResponse(500, {}));
    renderApp({ path: '/login' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Enter your username or e-mail.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(fake.requests).toHaveLength(0);
  });

  it('should log in, refresh the CSRF token, update the navbar and follow returnTo', async () => {
    const alice = buildCurrentUser({ username: 'alice' });
    const fake = withServer(() => jsonResponse(200, { data: alice }));
    const { router } = renderApp({ path: '/login?returnTo=%2Fes%2F' });
    await fillAndSubmit('alice', 'Demo-pass-1');

    await waitFor(() => expect(router.state.location.pathname).toBe('/es/'));
    expect(fake.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /rest/v1/auth/login',
      'GET /rest/v1/auth/csrf',
    ]);
    expect(await screen.findByTestId('navbar-username')).toHaveTextContent('alice');
  });

  it('should link to registration, passing returnTo along', async () => {
    renderApp({ path: '/login?returnTo=%2Fwallet' });
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/register?returnTo=${encodeURIComponent('/wallet')}`,
    );
  });

  it('should not follow a returnTo that points to another site', async () => {
    withServer(() => jsonResponse(200, { data: buildCurrentUser() }));
    const { router } = renderApp({ path: '/login?returnTo=%2F%2Fevil.example' });
    await fillAndSubmit('alice', 'Demo-pass-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('should explain a banned account (bannedBanner) and load no reference lists for it', async () => {
    const fake = withServer(() =>
      jsonResponse(403, errorBody('ACCOUNT_BANNED', 'This account has been banned.')),
    );
    const { router } = renderApp({ path: '/login' });
    await fillAndSubmit('mallory', 'Demo-pass-1');

    const banner = await screen.findByTestId('banned-banner');
    expect(banner).toHaveTextContent('This account has been banned');
    expect(banner).toHaveTextContent('you cannot log in, trade or move the funds in it');
    expect(within(banner).getByRole('link', { name: 'About page' })).toHaveAttribute('href', '/about');
    expect(screen.queryByTestId('form-error')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    // Spec: a banned user does not load countries, currencies or crypto lists (nor anything else).
    expect(fake.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /rest/v1/auth/login']);
  });

  it('should tell a compromised account how to unlock it, in Spanish', async () => {
    withServer(() => jsonResponse(403, errorBody('ACCOUNT_COMPROMISED', 'Locked')));
    renderApp({ path: '/es/login' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/usuario o correo/i), 'alice');
    await user.type(screen.getByLabelText(/^contraseña/i), 'Demo-pass-1');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    const banner = await screen.findByTestId('banned-banner');
    expect(banner).toHaveTextContent('Esta cuenta está bloqueada por tu seguridad');
    expect(banner).toHaveTextContent('¿Olvidaste tu contraseña?');
  });
});
