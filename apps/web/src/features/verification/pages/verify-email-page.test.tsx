import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';

/** The page is a lazy chunk: its first import in a cold, busy worker can take several seconds. */
const PAGE_LOAD = { timeout: 15_000 };

const state = (overrides: Record<string, unknown> = {}) => ({
  email: 'ana@example.com',
  isEmailVerified: false,
  resendAvailableAt: null,
  mailIsKept: false,
  ...overrides,
});

function withServer(routes: Record<string, FakeHandler>) {
  const fake = createFakeFetch(routes);
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const unverified = () =>
  buildCurrentUser({ username: 'ana', email: 'ana@example.com', isEmailVerified: false });

describe('VerifyEmailPage', () => {
  it('should take the code from the link, say why a code is refused, and move on 3 s after success', async () => {
    const user = userEvent.setup();
    let verified = false;
    const fake = withServer({
      'GET /rest/v1/user-verification/email': () =>
        jsonResponse(200, { data: state({ isEmailVerified: verified }) }),
      'POST /rest/v1/user-verification/email/verify-code': (request) => {
        if ((request.body as { code: string }).code !== '482913') {
          return jsonResponse(
            422,
            errorBody('ERROR_INPUT_VALIDATION', 'Invalid', [
              { field: 'code', message: 'This code is not right.', code: 'invalid_code' },
            ]),
          );
        }
        verified = true;
        return jsonResponse(200, { data: state({ isEmailVerified: true }) });
      },
      'GET /rest/v1/users/current_user': () =>
        jsonResponse(200, { data: { ...unverified(), isEmailVerified: verified } }),
    });
    const { router } = renderApp({
      path: '/account/verify-email?code=111111&next=/wallet',
      user: unverified(),
    });
    expect(await screen.findByTestId('email-verification-address', {}, PAGE_LOAD)).toHaveTextContent(
      'We sent a 6-digit code to ana@example.com',
    );
    // The page itself shows no banner asking to verify.
    expect(screen.queryByTestId('verify-email-banner')).toBeNull();
    const code = screen.getByLabelText('Code');
    expect(code).toHaveValue('111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This code is not right.')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '48a2913');
    expect(code).toHaveValue('482913');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('email-verified')).toHaveTextContent(
      'Your e-mail address ana@example.com is verified.',
    );
    expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { code: '111111' },
      { code: '482913' },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet'), { timeout: 6_000 });
  }, 30_000);

  it('should count down to the next code, send one, and correct the address', async () => {
    const user = userEvent.setup();
    // Counted from the moment the code is sent (the page may take seconds to load in a busy worker).
    const soon = () => new Date(Date.now() + 42_000).toISOString();
    const fake = withServer({
      'GET /rest/v1/user-verification/email': () => jsonResponse(200, { data: state({ mailIsKept: true }) }),
      'POST /rest/v1/user-verification/email/resend-code': () =>
        jsonResponse(200, { data: state({ resendAvailableAt: soon() }) }),
      'POST /rest/v1/user-verification/email/change-unconfirmed': (request) =>
        (request.body as { email: string }).email === 'taken@example.com'
          ? jsonResponse(
              422,
              errorBody('ERROR_INPUT_VALIDATION', 'Invalid', [
                { field: 'email', message: 'This e-mail address cannot be used.', code: 'EMAIL_TAKEN' },
              ]),
            )
          : jsonResponse(200, { data: state({ email: 'ana2@example.com', resendAvailableAt: soon() }) }),
    });
    renderApp({ path: '/account/verify-email', user: unverified() });
    expect(await screen.findByText(/operator sees your code/, {}, PAGE_LOAD)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    const waiting = await screen.findByRole('button', { name: /Send a new code in (4[0-2]|39) s/ });
    expect(waiting).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Wrong address? Change it' }));
    const address = screen.getByLabelText('Your e-mail address');
    await user.type(address, 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Change and send a code' }));
    expect(await screen.findByText(/already in use|cannot be used/i)).toBeInTheDocument();
    await user.clear(address);
    await user.type(address, 'ana2@example.com');
    await user.click(screen.getByRole('button', { name: 'Change and send a code' }));
    expect(await screen.findByTestId('email-verification-address')).toHaveTextContent('ana2@example.com');
    expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      '/rest/v1/user-verification/email/resend-code',
      '/rest/v1/user-verification/email/change-unconfirmed',
      '/rest/v1/user-verification/email/change-unconfirmed',
    ]);
  }, 30_000);

  it('should show the banner to an unverified trader on other pages, in Spanish too', async () => {
    withServer({
      'GET /rest/v1/pages/about': () => jsonResponse(503, errorBody('SERVICE_UNAVAILABLE', 'down')),
    });
    renderApp({ path: '/es/about', user: unverified() });
    const banner = await screen.findByTestId('verify-email-banner', {}, PAGE_LOAD);
    expect(banner).toHaveTextContent('Confirma tu dirección de correo (ana@example.com)');
    expect(within(banner).getByRole('link', { name: 'Introducir el código' })).toHaveAttribute(
      'href',
      '/es/account/verify-email',
    );
  });
});
