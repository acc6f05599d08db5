import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '@/shared/api/csrf-token';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';

/** Pages are lazy chunks: their first import in a cold, busy worker can take several seconds. */
const PAGE_LOAD = { timeout: 15_000 };

function withServer(routes: Record<string, FakeHandler>) {
  const fake = createFakeFetch({
    'GET /rest/v1/auth/csrf': () => jsonResponse(200, { data: { csrfToken: 'rotated-token' } }),
    ...routes,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const wrongCode = () =>
  jsonResponse(
    422,
    errorBody('ERROR_INPUT_VALIDATION', 'Invalid', [
      { field: 'code', message: 'This code is not right.', code: 'invalid_code' },
    ]),
  );

const state = (overrides: Record<string, unknown> = {}) => ({
  enabled: false,
  type: 'none',
  login: false,
  release: false,
  sendout: false,
  recoveryCodesLeft: 0,
  ...overrides,
});

describe('two-factor in the browser', () => {
  afterEach(() => resetCsrfToken());

  it('should ask for the code after the password, say a wrong one, and log in with the right one', async () => {
    const user = userEvent.setup();
    const ana = buildCurrentUser({ username: 'ana' });
    const fake = withServer({
      'POST /rest/v1/auth/login': () =>
        jsonResponse(200, { data: { twoFactorRequired: true, type: 'email' } }),
      'POST /auth/send-email-code': () =>
        jsonResponse(200, { data: { channel: 'email', to: 'a***@example.com', resendAvailableAt: null } }),
      'POST /rest/v1/auth/login/two-factor': (request) =>
        (request.body as { code: string }).code === '482913' ? jsonResponse(200, { data: ana }) : wrongCode(),
    });
    const { router } = renderApp({ path: '/login?returnTo=%2Fwallet' });
    await user.type(await screen.findByLabelText(/username or e-mail/i, {}, PAGE_LOAD), 'ana');
    await user.type(screen.getByLabelText(/^password/i), 'Str0ng-pass!');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const form = await screen.findByRole('form', { name: 'Two-factor code' });
    expect(form).toHaveTextContent('Mail yourself a code and enter it here.');
    await user.click(within(form).getByRole('button', { name: 'Mail me a code' }));
    expect(await within(form).findByText('Sent to a***@example.com.')).toBeInTheDocument();
    const field = within(form).getByLabelText('Code from the mail');
    await user.type(field, '111111');
    await user.click(within(form).getByRole('button', { name: 'Log in' }));
    expect(await within(form).findByText('This code is not right.')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '482913');
    await user.click(within(form).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet'));
    expect(
      fake.requests.filter((r) => r.url === '/rest/v1/auth/login/two-factor').map((r) => r.body),
    ).toEqual([{ code: '111111' }, { code: '482913' }]);
  }, 30_000);

  it('should set up the authenticator from the QR code and key, then show the recovery codes once', async () => {
    const user = userEvent.setup();
    let enabled = false;
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const recoveryCodes = Array.from({ length: 10 }, (_, i) => `abc${i}-def${i}`);
    withServer({
      'GET /rest/v1/users/sessions': () => jsonResponse(200, { data: [] }),
      'GET /rest/v1/users/two-factor': () =>
        jsonResponse(200, {
          data: enabled
            ? state({
                enabled: true,
                type: 'ga',
                login: true,
                release: true,
                sendout: true,
                recoveryCodesLeft: 10,
              })
            : state(),
        }),
      'POST /rest/v1/users/two-factor/totp/setup': () =>
        jsonResponse(200, {
          data: {
            secret,
            otpauthUrl: `otpauth://totp/P2P%20Market:ana?secret=${secret}&issuer=P2P%20Market`,
          },
        }),
      'POST /rest/v1/users/two-factor/totp/enable': (request) => {
        if ((request.body as { code: string }).code !== '123456') return wrongCode();
        enabled = true;
        return jsonResponse(200, { data: { recoveryCodes } });
      },
    });
    renderApp({ path: '/user/security', user: buildCurrentUser() });
    await user.click(await screen.findByRole('button', { name: 'Use an authenticator app' }, PAGE_LOAD));
    expect(await screen.findByTitle('QR code of your authenticator key')).toBeInTheDocument();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    const field = screen.getByLabelText('Code from your authenticator app');
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('This code is not right.')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const codes = await screen.findByTestId('recovery-codes');
    expect(codes).toHaveTextContent('abc0-def0');
    expect(codes).toHaveTextContent('abc9-def9');
    const done = within(codes).getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await user.click(within(codes).getByLabelText('I have saved my recovery codes'));
    await user.click(done);
    expect(await screen.findByText('Authenticator app')).toBeInTheDocument();
    expect(screen.getByText('10 recovery codes left.')).toBeInTheDocument();
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
  }, 30_000);
});
