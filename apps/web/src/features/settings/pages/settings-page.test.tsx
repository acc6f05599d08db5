import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';

/** The page is a lazy chunk: its first import in a cold, busy worker can take several seconds. */
const PAGE_LOAD = { timeout: 15_000 };

const settings = (overrides: Record<string, unknown> = {}) => ({
  bio: '',
  notifyTradeMessagesInterval: 10,
  fullNameVisibilityType: 'nobody',
  fullNameDisplayType: 'first_name_initial',
  fiatCurrencyCode: 'USD',
  fiatCurrencyId: 144,
  locale: 'en',
  timezone: 'UTC',
  usernameChanged: false,
  securityQuestionsAnswered: false,
  avatarUrl: null,
  phoneData: { number: null, code: null, countdown: null, isAttemptsExceeded: false },
  ...overrides,
});

function withServer(routes: Record<string, FakeHandler>) {
  const fake = createFakeFetch(routes);
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

describe('SettingsPage', () => {
  it('should save the profile, map the server field errors, and say the profile was updated', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    const fake = withServer({
      'GET /rest/v1/users/settings': () => jsonResponse(200, { data: settings() }),
      'POST /rest/v1/users/settings': (request) =>
        (attempt += 1) === 1
          ? jsonResponse(
              422,
              errorBody('ERROR_INPUT_VALIDATION', 'Invalid', [
                {
                  field: 'notify_trade_messages_interval',
                  message: 'At most 60 minutes',
                  code: 'notification_error',
                },
              ]),
            )
          : jsonResponse(200, { data: settings(request.body as Record<string, unknown>) }),
    });
    renderApp({ path: '/user/settings', user: buildCurrentUser({ username: 'ana' }) });
    const form = await screen.findByRole('form', { name: 'Profile' }, PAGE_LOAD);
    const bio = within(form).getByLabelText('About you');
    await user.type(bio, 'Call me on +34 600 111 222');
    expect(within(form).getByText(/No contact details/)).toBeInTheDocument();
    await user.clear(bio);
    await user.type(bio, 'Fast releases.');
    expect(within(form).queryByText(/No contact details/)).toBeNull();
    const interval = within(form).getByLabelText(/Notify me of new trade messages/);
    await user.clear(interval);
    await user.type(interval, '90');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('At most 60 minutes.')).toBeInTheDocument();
    await user.clear(interval);
    await user.type(interval, '30');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile has been updated')).toBeInTheDocument();
    const bodies = fake.requests.filter((r) => r.method === 'POST').map((r) => r.body);
    expect(bodies[1]).toMatchObject({ bio: 'Fast releases.', notify_trade_messages_interval: '30' });
  }, 30_000);

  it('should change the username once, then say it cannot change again', async () => {
    const user = userEvent.setup();
    let changed = false;
    withServer({
      'GET /rest/v1/users/settings': () =>
        jsonResponse(200, { data: settings({ usernameChanged: changed }) }),
      'POST /rest/v1/users/set-username': (request) => {
        if ((request.body as { username: string }).username === 'taken') {
          return jsonResponse(
            422,
            errorBody('ERROR_INPUT_VALIDATION', 'Invalid', [
              { field: 'username', message: 'This username is taken', code: 'USERNAME_TAKEN' },
            ]),
          );
        }
        changed = true;
        return jsonResponse(200, { data: settings({ usernameChanged: true }) });
      },
    });
    renderApp({ path: '/user/settings', user: buildCurrentUser({ username: 'ana' }) });
    const field = await screen.findByLabelText('Username', {}, PAGE_LOAD);
    await user.clear(field);
    await user.type(field, 'taken');
    await user.click(screen.getByRole('button', { name: 'Change username' }));
    expect(
      await screen.findByText(/taken/i, { selector: '.mantine-InputWrapper-error' }),
    ).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'ana_new');
    await user.click(screen.getByRole('button', { name: 'Change username' }));
    expect(await screen.findByTestId('username-changed')).toHaveTextContent('cannot be changed again');
  }, 30_000);

  it('should close the account only after the password and a confirmation', async () => {
    const user = userEvent.setup();
    const fake = withServer({
      'GET /rest/v1/users/settings': () => jsonResponse(200, { data: settings() }),
      'POST /rest/v1/users/close': () =>
        jsonResponse(409, errorBody('ACCOUNT_HAS_BALANCE', 'Send out your BTC before closing the account.')),
    });
    renderApp({ path: '/es/user/settings', user: buildCurrentUser({ username: 'ana' }) });
    await user.click(await screen.findByRole('button', { name: 'Cerrar mi cuenta' }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar la cuenta' });
    const confirm = within(dialog).getByRole('button', { name: 'Cerrar mi cuenta definitivamente' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Tu contraseña'), 'Str0ng-pass!');
    await user.click(confirm);
    expect(await within(dialog).findByText(/Envía tu cripto/)).toBeInTheDocument();
    await waitFor(() =>
      expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
        { password: 'Str0ng-pass!' },
      ]),
    );
  }, 30_000);
});
