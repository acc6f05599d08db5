import type { ApiKey } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '@/shared/api';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';

const PAGE_LOAD = { timeout: 15_000 };

const key = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: 3,
  name: 'repricer',
  scopes: ['read', 'offers'],
  prefix: 'p2pk_AbCdEf1234',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: '2026-11-20T08:30:00.000Z',
  lastUsedIp: '203.0.113.7',
  ...overrides,
});

describe('ApiKeysPage', () => {
  beforeEach(() => setCsrfToken('csrf-token'));

  it('should create a key with the default scopes, show its secret once, and list it', async () => {
    const user = userEvent.setup();
    let keys: ApiKey[] = [];
    const secret = `p2pk_NewKey0001_${'s'.repeat(40)}`;
    const fake = createFakeFetch({
      'GET /rest/v1/api-keys': () => jsonResponse(200, { data: { keys, max: 10 } }),
      'GET /rest/v1/users/current_user': () => jsonResponse(200, { data: buildCurrentUser() }),
      'POST /rest/v1/api-keys': (request) => {
        const body = request.body as { name: string; scopes: ApiKey['scopes'] };
        const created = key({
          id: 9,
          name: body.name,
          scopes: body.scopes,
          lastUsedAt: null,
          lastUsedIp: null,
        });
        keys = [created];
        return jsonResponse(201, { data: { ...created, secret } });
      },
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderApp({ path: '/user/api-keys', user: buildCurrentUser() });
    expect(await screen.findByRole('heading', { name: 'API keys', level: 1 }, PAGE_LOAD)).toBeVisible();
    expect(await screen.findByTestId('api-keys-empty')).toHaveTextContent('You have no API keys.');

    const form = screen.getByRole('form', { name: 'Create a key' });
    // Sending crypto out is off by default; choosing it warns.
    expect(within(form).getByRole('checkbox', { name: /Send crypto out/ })).not.toBeChecked();
    expect(within(form).getByRole('checkbox', { name: /^Read/ })).toBeChecked();
    // The scopes say what the server's route access table lets a key reach, and what it never does.
    expect(within(form).getByText(/payment accounts \(numbers masked\)/)).toBeVisible();
    expect(within(form).getByTestId('api-keys-never')).toHaveTextContent(
      /No key can read or change your e-mail address, phone, settings, identity verification/,
    );
    await user.click(within(form).getByRole('button', { name: 'Create the key' }));
    expect(await within(form).findByText('Name the key.')).toBeVisible();
    await user.click(within(form).getByRole('checkbox', { name: /Send crypto out/ }));
    expect(within(form).getByTestId('withdraw-scope-warning')).toBeVisible();
    await user.click(within(form).getByRole('checkbox', { name: /Send crypto out/ }));
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'price bot');
    await user.click(within(form).getByRole('button', { name: 'Create the key' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(dialog).getByTestId('new-api-key')).toHaveTextContent(secret);
    expect(fake.requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'price bot',
      scopes: ['read', 'trade', 'offers'],
    });
    await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = await screen.findByTestId('api-key');
    expect(row).toHaveAttribute('data-name', 'price bot');
    expect(within(row).getByTestId('api-key-last-used')).toHaveTextContent('never used');
    // The secret is gone from the page once the dialog is closed.
    expect(document.body.textContent).not.toContain(secret);
  }, 30_000);

  it('should revoke a key only after the confirmation, and say when the limit is reached', async () => {
    const user = userEvent.setup();
    let keys = Array.from({ length: 10 }, (_, i) => key({ id: i + 1, name: `bot ${i + 1}` }));
    const fake = createFakeFetch({
      'GET /rest/v1/api-keys': () => jsonResponse(200, { data: { keys, max: 10 } }),
      'GET /rest/v1/users/current_user': () => jsonResponse(200, { data: buildCurrentUser() }),
      'DELETE /rest/v1/api-keys/1': () => {
        keys = keys.filter((k) => k.id !== 1);
        return jsonResponse(200, { data: { id: 1 } });
      },
      'DELETE /rest/v1/api-keys/2': () => jsonResponse(404, errorBody('NOT_FOUND', 'API key not found')),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderApp({ path: '/user/api-keys', user: buildCurrentUser() });
    expect(await screen.findByTestId('api-keys-full', {}, PAGE_LOAD)).toHaveTextContent(
      'You have 10 keys, the most you may hold',
    );
    expect(screen.getByRole('button', { name: 'Create the key' })).toBeDisabled();
    const first = screen.getAllByTestId('api-key')[0]!;
    expect(within(first).getByTestId('api-key-last-used')).toHaveTextContent('from 203.0.113.7');

    await user.click(within(first).getByRole('button', { name: 'Revoke bot 1' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke the key "bot 1"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(within(first).getByRole('button', { name: 'Revoke bot 1' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke the key "bot 1"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke the key' }));
    await waitFor(() => expect(screen.getAllByTestId('api-key')).toHaveLength(9));
    expect(screen.queryByTestId('api-keys-full')).toBeNull();

    // A failure stays in the dialog.
    await user.click(screen.getByRole('button', { name: 'Revoke bot 2' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke the key "bot 2"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke the key' }));
    expect(await within(dialog).findByRole('alert')).toBeVisible();
  }, 30_000);
});
