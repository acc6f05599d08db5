import type { ContactUser, OfferListing } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildListing } from '@/features/offer/testing/offer-fixtures';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';

/** The page is a lazy chunk: its first import in a cold, busy worker can take several seconds. */
const PAGE_LOAD = { timeout: 15_000 };

const RECENT = 'GET /rest/v1/users/me/contacts/recent-trades';
const TRUSTED = 'GET /rest/v1/users/me/contacts/trusted-list';
const BLOCKED = 'GET /rest/v1/users/me/contacts/blocked-list';

const contact = (username: string, flags: Partial<ContactUser> = {}): ContactUser => ({
  username,
  isTrusted: false,
  isBlocked: false,
  ...flags,
});

/** A page of a contacts list the way the server answers it (10 a page). */
const page = (users: ContactUser[], currentPage = 1, total = users.length) => ({
  data: {
    users,
    pagination: { total, currentPage, perPage: 10, lastPage: Math.max(1, Math.ceil(total / 10)) },
  },
});

/**
 * A small server holding the viewer's relations: the lists are read from it and the PUT changes it the
 * way the server does (one relation per user).
 */
function withRelations(recent: string[], initial: Record<string, 'trusted' | 'blocked'> = {}) {
  const relations = new Map(Object.entries(initial));
  const flagsOf = (username: string) =>
    contact(username, {
      isTrusted: relations.get(username) === 'trusted',
      isBlocked: relations.get(username) === 'blocked',
    });
  const listOf = (kind: 'trusted' | 'blocked') => () =>
    jsonResponse(200, page([...relations].filter(([, k]) => k === kind).map(([name]) => flagsOf(name))));
  return withServer({
    [RECENT]: () => jsonResponse(200, page(recent.map(flagsOf))),
    [TRUSTED]: listOf('trusted'),
    [BLOCKED]: listOf('blocked'),
    ...Object.fromEntries(
      [...recent, ...Object.keys(initial)].map((name) => [
        `PUT /rest/v1/users/${name}/relations`,
        (request: { body: unknown }) => {
          const { action } = request.body as { action: string };
          if (action === 'trusted' || action === 'blocked') relations.set(name, action);
          if (action === 'untrusted' && relations.get(name) === 'trusted') relations.delete(name);
          if (action === 'unblocked' && relations.get(name) === 'blocked') relations.delete(name);
          return jsonResponse(200, { data: flagsOf(name) });
        },
      ]),
    ),
  });
}

function withServer(routes: Record<string, FakeHandler>) {
  const fake = createFakeFetch(routes);
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const rowOf = (username: string) =>
  screen.getAllByTestId('contact-row').find((row) => row.dataset.username === username)!;
const puts = (fake: ReturnType<typeof withServer>) =>
  fake.requests.filter((r) => r.method === 'PUT').map((r) => [r.url, r.body]);

describe('ContactsPage', () => {
  it('should show each tab’s people with what I think of them, and link to their profiles', async () => {
    withRelations(['bob', 'carol', 'dave'], { carol: 'trusted', dave: 'blocked', erin: 'trusted' });
    const { router } = renderApp({ path: '/contacts', user: buildCurrentUser() });
    const user = userEvent.setup();

    const list = await screen.findByRole('list', { name: 'People you traded with' }, PAGE_LOAD);
    expect(
      within(list)
        .getAllByTestId('contact-row')
        .map((r) => r.dataset.username),
    ).toEqual(['bob', 'carol', 'dave']);
    expect(within(rowOf('bob')).getByRole('link', { name: 'bob' })).toHaveAttribute('href', '/user/bob');
    expect(within(rowOf('carol')).getByText('Trusted')).toBeInTheDocument();
    expect(within(rowOf('carol')).getByRole('button', { name: 'Untrust' })).toBeInTheDocument();
    expect(within(rowOf('dave')).getByText('Blocked')).toBeInTheDocument();
    expect(within(rowOf('dave')).getByRole('button', { name: 'Unblock' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Trusted' }));
    expect(router.state.location.pathname).toBe('/contacts/trusted');
    const trusted = await screen.findByRole('list', { name: 'Users you trust' });
    expect(
      within(trusted)
        .getAllByTestId('contact-row')
        .map((r) => r.dataset.username),
    ).toEqual(['carol', 'erin']);
    await user.click(screen.getByRole('tab', { name: 'Blocked' }));
    const blocked = await screen.findByRole('list', { name: 'Users you blocked' });
    expect(
      within(blocked)
        .getAllByTestId('contact-row')
        .map((r) => r.dataset.username),
    ).toEqual(['dave']);
  }, 30_000);

  it('should show the favourite offers in their tab', async () => {
    const offer: OfferListing = buildListing({ hash: 'Fav000000001', type: 'sell', isFavorite: true });
    withServer({
      'GET /rest/v1/favorites/offers': () =>
        jsonResponse(200, {
          data: {
            offers: [offer],
            buyCount: 0,
            sellCount: 1,
            currentType: null,
            currentSorting: 'newest',
            pagination: { total: 1, currentPage: 1, perPage: 20, lastPage: 1 },
            nextPage: null,
          },
        }),
    });
    renderApp({ path: '/contacts/favorites', user: buildCurrentUser() });
    const list = await screen.findByTestId('favorites-list', {}, PAGE_LOAD);
    expect(within(list).getByTestId('favorite-item')).toHaveAttribute('data-hash', offer.hash);
    expect(screen.getByRole('tab', { name: 'Favourite offers' })).toHaveAttribute('aria-selected', 'true');
  });

  it('should say what each empty list is for', async () => {
    withRelations([]);
    renderApp({ path: '/contacts/blocked', user: buildCurrentUser() });
    const empty = await screen.findByTestId('contacts-empty', {}, PAGE_LOAD);
    expect(empty).toHaveTextContent('You have blocked nobody');
    expect(empty).toHaveTextContent(/stop seeing each other's offers/);
  });

  it('should show an error with a retry', async () => {
    let fail = true;
    withServer({
      [RECENT]: () =>
        fail
          ? jsonResponse(422, errorBody('ERROR_INPUT_VALIDATION', 'bad'))
          : jsonResponse(200, page([contact('bob')])),
    });
    renderApp({ path: '/contacts', user: buildCurrentUser() });
    const user = userEvent.setup();
    expect(await screen.findByText('This list could not be loaded.', {}, PAGE_LOAD)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('contact-row')).toHaveAttribute('data-username', 'bob');
  }, 30_000);

  it('should block only after the confirmation, and move the user from the trusted to the blocked list', async () => {
    const fake = withRelations([], { carol: 'trusted', erin: 'trusted' });
    renderApp({ path: '/contacts/trusted', user: buildCurrentUser() });
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Users you trust' }, PAGE_LOAD);

    await user.click(within(rowOf('carol')).getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block carol?' });
    expect(dialog).toHaveTextContent('Their offers disappear from your searches, and yours from theirs.');
    expect(dialog).toHaveTextContent('They cannot start trades with you or send you messages.');
    expect(dialog).toHaveTextContent('blocking replaces the trust');
    // Cancelling changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts(fake)).toEqual([]);

    await user.click(within(rowOf('carol')).getByRole('button', { name: 'Block' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Block carol?' })).getByRole('button', {
        name: 'Block carol',
      }),
    );
    expect(await screen.findByText('You blocked carol.')).toBeInTheDocument();
    expect(puts(fake)).toEqual([['/rest/v1/users/carol/relations', { action: 'blocked' }]]);
    await waitFor(() =>
      expect(screen.getAllByTestId('contact-row').map((r) => r.dataset.username)).toEqual(['erin']),
    );

    await user.click(screen.getByRole('tab', { name: 'Blocked' }));
    const blocked = await screen.findByRole('list', { name: 'Users you blocked' });
    expect(within(blocked).getByTestId('contact-row')).toHaveAttribute('data-username', 'carol');
  }, 30_000);

  it('should trust, untrust and unblock at once with a toast, updating the flags in the list', async () => {
    const fake = withRelations(['bob', 'dave'], { dave: 'blocked' });
    renderApp({ path: '/contacts', user: buildCurrentUser() });
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'People you traded with' }, PAGE_LOAD);

    await user.click(within(rowOf('bob')).getByRole('button', { name: 'Trust' }));
    expect(await screen.findByText('You now trust bob.')).toBeInTheDocument();
    expect(await within(rowOf('bob')).findByText('Trusted')).toBeInTheDocument();
    await user.click(within(rowOf('bob')).getByRole('button', { name: 'Untrust' }));
    expect(await screen.findByText('You no longer trust bob.')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('bob')).queryByText('Trusted')).not.toBeInTheDocument());

    await user.click(within(rowOf('dave')).getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByText('You unblocked dave.')).toBeInTheDocument();
    expect(await within(rowOf('dave')).findByRole('button', { name: 'Block' })).toBeInTheDocument();
    expect(puts(fake).map(([, body]) => body)).toEqual([
      { action: 'trusted' },
      { action: 'untrusted' },
      { action: 'unblocked' },
    ]);
  }, 30_000);

  it('should page through a list with the server’s last page', async () => {
    const fake = withServer({
      [TRUSTED]: (request) => {
        const current = Number(new URL(request.url, 'http://x').searchParams.get('page'));
        const names = current === 2 ? ['u11', 'u12'] : Array.from({ length: 10 }, (_, i) => `u${i + 1}`);
        return jsonResponse(
          200,
          page(
            names.map((name) => contact(name, { isTrusted: true })),
            current,
            12,
          ),
        );
      },
    });
    const { router } = renderApp({ path: '/contacts/trusted', user: buildCurrentUser() });
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Users you trust' }, PAGE_LOAD);
    expect(within(list).getAllByTestId('contact-row')).toHaveLength(10);
    const pages = screen.getByRole('navigation', { name: 'Pages of the list' });
    await user.click(within(pages).getByRole('button', { name: '2' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('contact-row').map((r) => r.dataset.username)).toEqual(['u11', 'u12']),
    );
    expect(router.state.location.search).toBe('?page=2');
    expect(fake.requests.map((r) => r.url)).toEqual([
      '/rest/v1/users/me/contacts/trusted-list?page=1',
      '/rest/v1/users/me/contacts/trusted-list?page=2',
    ]);
  }, 30_000);

  it('should speak Spanish at /es/contacts', async () => {
    withRelations(['bob']);
    renderApp({ path: '/es/contacts', user: buildCurrentUser() });
    expect(
      await screen.findByRole('heading', { name: 'Contactos', level: 1 }, PAGE_LOAD),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Operaciones recientes' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const row = await screen.findByTestId('contact-row');
    expect(within(row).getByRole('button', { name: 'Confiar' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'bob' })).toHaveAttribute('href', '/es/user/bob');
  });

  it('should send a visitor to login', async () => {
    withServer({});
    const { router } = renderApp({ path: '/contacts/trusted', user: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), PAGE_LOAD);
  });
});
