import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '@/shared/api/csrf-token';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';

function withServer(registerHandler: FakeHandler) {
  const fake = createFakeFetch({
    'POST /rest/v1/auth/register': registerHandler,
    'GET /rest/v1/auth/csrf': () => jsonResponse(200, { data: { csrfToken: 'rotated-token' } }),
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const rule = (id: string) => document.querySelector(`[data-rule="${id}"]`);

describe('RegisterForm', () => {
  afterEach(() => resetCsrfToken());

  it('should check the password rules live as the user types', async () => {
    withServer(() => jsonResponse(500, {}));
    renderApp({ path: '/register' });
    const user = userEvent.setup();
    const password = await screen.findByLabelText(/^password/i);

    await user.type(password, 'abc');
    expect(rule('lowercase')).toHaveAttribute('data-met', 'true');
    expect(rule('uppercase')).toHaveAttribute('data-met', 'false');
    expect(rule('length')).toHaveAttribute('data-met', 'false');

    await user.type(password, 'DEF1!xyz');
    for (const id of ['length', 'digit', 'lowercase', 'uppercase', 'special']) {
      expect(rule(id)).toHaveAttribute('data-met', 'true');
    }
  });

  it('should show the contract rule errors on submit and not call the server', async () => {
    const fake = withServer(() => jsonResponse(500, {}));
    renderApp({ path: '/register' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^username/i), 'a!');
    await user.type(screen.getByLabelText(/^e-mail/i), 'not..an@email');
    await user.type(screen.getByLabelText(/^password/i), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('At least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid e-mail address.')).toBeInTheDocument();
    // The field says the password is too weak; the list marks which rules are unmet.
    const passwordField = screen.getByLabelText(/^password/i);
    expect(passwordField).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The password does not meet all the requirements below.')).toBeInTheDocument();
    const rules = screen.getByRole('list', { name: 'Your password needs:' });
    expect(within(rules).getAllByText('(missing)')).toHaveLength(4);
    expect(fake.requests).toHaveLength(0);
  });

  it('should map the server 422 details (username taken) onto the fields', async () => {
    withServer(() =>
      jsonResponse(
        422,
        errorBody('ERROR_INPUT_VALIDATION', 'The input is not valid', [
          { field: 'username', message: 'This username is taken', code: 'USERNAME_TAKEN' },
          {
            field: 'email',
            message: 'This e-mail address cannot be used to sign up. Use another one, or log in.',
            code: 'EMAIL_TAKEN',
          },
        ]),
      ),
    );
    renderApp({ path: '/register' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^username/i), 'alice');
    await user.type(screen.getByLabelText(/^e-mail/i), 'alice@example.com');
    await user.type(screen.getByLabelText(/^password/i), 'Str0ng-pass!');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('This username is already taken.')).toBeInTheDocument();
    // The e-mail's answer does not say that an account exists (decision 0015).
    expect(
      screen.getByText('This e-mail address cannot be used to sign up. Use another one, or log in.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^username/i)).toHaveAttribute('aria-invalid', 'true');
  });

  it('should say how long to wait when sign-ups from this network are rate limited (429)', async () => {
    withServer(() =>
      jsonResponse(429, errorBody('RATE_LIMITED', 'Too many sign-ups from your network.'), {
        'retry-after': '1800',
      }),
    );
    renderApp({ path: '/register' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^username/i), 'alice');
    await user.type(screen.getByLabelText(/^e-mail/i), 'alice@example.com');
    await user.type(screen.getByLabelText(/^password/i), 'Str0ng-pass!');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByTestId('form-error')).toHaveTextContent(
      'Too many attempts. Please try again in 30 minutes.',
    );
  });

  it('should show the errors in Spanish under /es', async () => {
    withServer(() => jsonResponse(500, {}));
    renderApp({ path: '/es/register' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^nombre de usuario/i), 'ab');
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByText('Al menos 3 caracteres')).toBeInTheDocument();
  });

  it('should create the account, send the trimmed values and show the logged-in navbar', async () => {
    const created = buildCurrentUser({ username: 'newbie' });
    const fake = withServer(() => jsonResponse(201, { data: created }));
    const { router } = renderApp({ path: '/register' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^username/i), ' newbie ');
    await user.type(screen.getByLabelText(/^e-mail/i), 'newbie@example.com');
    await user.type(screen.getByLabelText(/^password/i), 'Str0ng-pass!');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fake.requests[0]?.body).toEqual({
      username: 'newbie',
      email: 'newbie@example.com',
      password: 'Str0ng-pass!',
    });
    expect(await screen.findByTestId('navbar-username')).toHaveTextContent('newbie');
  });
});
