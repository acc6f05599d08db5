import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';

/** The pages are lazy chunks: their first import in a cold, busy worker can take several seconds. */
const PAGE_LOAD = { timeout: 15_000 };

function withServer(routes: Record<string, FakeHandler>) {
  const fake = createFakeFetch(routes);
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const session = (id: string, current: boolean, device: string | null) => ({
  id: id.repeat(32).slice(0, 32),
  current,
  device,
  ip: '203.0.113.7',
  createdAt: '2026-03-01T10:00:00.000Z',
  lastSeenAt: '2026-03-01T12:00:00.000Z',
});

const invalid = (field: string, code: string, message: string) =>
  jsonResponse(422, errorBody('ERROR_INPUT_VALIDATION', 'Invalid', [{ field, message, code }]));

describe('SecurityPage', () => {
  it('should list my sessions and end one after a confirmation', async () => {
    const user = userEvent.setup();
    let sessions = [session('a', true, 'Chrome 131 on Windows'), session('b', false, null)];
    const fake = withServer({
      'GET /rest/v1/users/sessions': () => jsonResponse(200, { data: sessions }),
      [`DELETE /rest/v1/users/sessions/${'b'.repeat(32)}`]: () => {
        sessions = sessions.slice(0, 1);
        return jsonResponse(200, { data: { ended: 1 } });
      },
    });
    renderApp({ path: '/user/security', user: buildCurrentUser() });
    const rows = await screen.findAllByTestId('session-row', {}, PAGE_LOAD);
    expect(rows[0]).toHaveTextContent('Chrome 131 on Windows');
    expect(rows[0]).toHaveTextContent('This session');
    expect(rows[1]).toHaveTextContent('Unknown device');
    expect(rows[1]).toHaveTextContent('203.0.113.7');
    await user.click(within(rows[1]!).getByRole('button', { name: 'End' }));
    const dialog = await screen.findByRole('dialog', { name: 'End sessions' });
    expect(dialog).toHaveTextContent('Log out Unknown device?');
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    expect(screen.getByText('You are logged in here only.')).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  }, 30_000);

  it('should change the password, with the wrong current password said on its field', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const fake = withServer({
      'GET /rest/v1/users/sessions': () => jsonResponse(200, { data: [session('a', true, null)] }),
      'POST /rest/v1/auth/password/change': () =>
        (attempts += 1) === 1
          ? invalid('currentPassword', 'wrong_password', 'This is not your current password.')
          : jsonResponse(200, { data: { endedSessions: 2 } }),
    });
    renderApp({ path: '/user/security', user: buildCurrentUser() });
    const form = await screen.findByRole('form', { name: 'Password' }, PAGE_LOAD);
    await user.type(within(form).getByLabelText('Current password'), 'Old-pass-1!');
    await user.type(within(form).getByLabelText('New password'), 'weak');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(
      await within(form).findByText('The password does not meet all the requirements below.'),
    ).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('New password'));
    await user.type(within(form).getByLabelText('New password'), 'N3w-pass-word!');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('This is not your current password.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Password changed. 2 other sessions were logged out.'),
    ).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { currentPassword: 'Old-pass-1!', newPassword: 'N3w-pass-word!' },
      { currentPassword: 'Old-pass-1!', newPassword: 'N3w-pass-word!' },
    ]);
  }, 30_000);
});

describe('forgotten password', () => {
  it('should send the link and say so without telling whether the address has an account', async () => {
    const user = userEvent.setup();
    const fake = withServer({
      'POST /rest/v1/auth/password/forgot': () => jsonResponse(200, { data: { sent: true } }),
    });
    renderApp({ path: '/login' });
    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }, PAGE_LOAD));
    await user.type(await screen.findByLabelText('Your e-mail address', {}, PAGE_LOAD), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByTestId('forgot-sent')).toHaveTextContent(
      'If ana@example.com belongs to an account',
    );
    expect(fake.requests.map((r) => r.body)).toEqual([{ email: 'ana@example.com' }]);
  }, 30_000);

  it('should reset with the link, and offer a new link when it no longer works', async () => {
    const user = userEvent.setup();
    const token = 'T'.repeat(43);
    let used = false;
    withServer({
      'POST /rest/v1/auth/password/reset': () => {
        if (used) return invalid('token', 'invalid_token', 'This link is no longer valid.');
        used = true;
        return jsonResponse(200, { data: { endedSessions: 1 } });
      },
    });
    const first = renderApp({ path: `/password/reset?token=${token}` });
    await user.type(await screen.findByLabelText('New password', {}, PAGE_LOAD), 'R3set-pass-word!');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByTestId('reset-done')).toHaveTextContent('Your password is changed.');
    first.unmount();
    renderApp({ path: `/es/password/reset?token=${token}` });
    await user.type(await screen.findByLabelText('Contraseña nueva', {}, PAGE_LOAD), 'R3set-pass-word!');
    await user.click(screen.getByRole('button', { name: 'Guardar la contraseña nueva' }));
    const dead = await screen.findByTestId('reset-link-dead');
    expect(within(dead).getByRole('link', { name: 'Enviarme un enlace nuevo' })).toHaveAttribute(
      'href',
      '/es/password/forgot',
    );
  }, 30_000);
});
