import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';
import { RelationActions } from './relation-actions';

const renderActions = (element: ReactElement) =>
  renderApp({ user: buildCurrentUser(), routes: [{ path: '/', element }] });

describe('RelationActions', () => {
  it('should offer Trust and Block while the relation is unknown, then follow what the server says', async () => {
    const fake = createFakeFetch({
      'PUT /rest/v1/users/sally/relations': (request) => {
        const { action } = request.body as { action: string };
        return jsonResponse(200, {
          data: { username: 'sally', isTrusted: action === 'trusted', isBlocked: action === 'blocked' },
        });
      },
    });
    vi.stubGlobal('fetch', fake.fetch);
    const onChange = vi.fn();
    renderActions(<RelationActions username="sally" isTrusted={null} isBlocked={null} onChange={onChange} />);
    const user = userEvent.setup();
    const group = screen.getByRole('group', { name: 'Trust or block sally' });

    await user.click(within(group).getByRole('button', { name: 'Trust' }));
    expect(await within(group).findByRole('button', { name: 'Untrust' })).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith({ isTrusted: true, isBlocked: false });

    await user.click(within(group).getByRole('button', { name: 'Block' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Block sally?' })).getByRole('button', {
        name: 'Block sally',
      }),
    );
    expect(await within(group).findByRole('button', { name: 'Unblock' })).toBeInTheDocument();
    expect(within(group).getByRole('button', { name: 'Trust' })).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith({ isTrusted: false, isBlocked: true });
  });

  it('should say why a change failed and keep the buttons as they were', async () => {
    const fake = createFakeFetch({
      'PUT /rest/v1/users/sally/relations': () => jsonResponse(404, errorBody('NOT_FOUND', 'User not found')),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderActions(<RelationActions username="sally" isTrusted={false} isBlocked={false} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Trust' }));
    expect(await screen.findByText('The change could not be saved')).toBeInTheDocument();
    expect(screen.getByText('User not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Trust' })).toBeEnabled();
  });
});
