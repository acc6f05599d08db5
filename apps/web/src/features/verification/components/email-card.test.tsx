import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';

/** The security page is a lazy chunk: its first import in a cold, busy worker can take several seconds. */
const PAGE_LOAD = { timeout: 15_000 };

function withServer(routes: Record<string, FakeHandler>) {
  const fake = createFakeFetch({
    'GET /rest/v1/users/sessions': () => jsonResponse(200, { data: [] }),
    'GET /rest/v1/users/phone': () =>
      jsonResponse(200, {
        data: {
          number: '+34 612 34 56 78',
          code: '34',
          countdown: null,
          isAttemptsExceeded: false,
          isCodeSent: false,
          isVerified: true,
        },
      }),
    'GET /rest/v1/users/two-factor': () =>
      jsonResponse(200, {
        data: {
          enabled: false,
          type: 'none',
          login: false,
          release: false,
          sendout: false,
          recoveryCodesLeft: 0,
        },
      }),
    ...routes,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const verified = () =>
  buildCurrentUser({ isEmailVerified: true, isPhoneVerified: true, phone: '+34612345678' });

describe('EmailCard: the code that proves an e-mail change', () => {
  it('should call the verified phone with the code when asked (call-phone-code), and say so', async () => {
    const user = userEvent.setup();
    const fake = withServer({
      'POST /auth/call-phone-code': () =>
        jsonResponse(200, { data: { channel: 'voice', to: '+34 *** *** 678', resendAvailableAt: null } }),
    });
    renderApp({ path: '/user/security', user: verified() });
    await user.click(await screen.findByRole('button', { name: 'Change e-mail address' }, PAGE_LOAD));
    await user.click(screen.getByRole('button', { name: 'Call me with a code instead' }));
    expect(
      await screen.findByText('We are calling +34 *** *** 678: answer, and the code is read out to you.'),
    ).toBeVisible();
    expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      '/auth/call-phone-code',
    ]);
  });

  it('should say why a call cannot be made', async () => {
    const user = userEvent.setup();
    withServer({
      'POST /auth/call-phone-code': () =>
        jsonResponse(429, errorBody('RATE_LIMITED', 'Wait a minute before asking for another code.')),
    });
    renderApp({ path: '/es/user/security', user: verified() });
    await user.click(
      await screen.findByRole('button', { name: 'Cambiar la dirección de correo' }, PAGE_LOAD),
    );
    await user.click(screen.getByRole('button', { name: 'Llamarme con el código' }));
    expect(await screen.findByRole('alert')).toBeVisible();
  });

  it('should offer no call without a verified phone', async () => {
    const user = userEvent.setup();
    withServer({});
    renderApp({ path: '/user/security', user: buildCurrentUser({ isEmailVerified: true }) });
    await user.click(await screen.findByRole('button', { name: 'Change e-mail address' }, PAGE_LOAD));
    expect(screen.queryByRole('button', { name: 'Call me with a code instead' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mail a code to my current address' })).toBeVisible();
  });
});
