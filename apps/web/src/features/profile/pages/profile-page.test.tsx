import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FeedbackRating, PublicProfile, UserFeedbackPage } from '@app/contract';
import { buildListing, buildProfile, offerPageRoutes } from '@/features/offer/testing/offer-fixtures';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';

const PAGE_LOAD = { timeout: 15_000 };
const USER = 'trader0197';

/** The coins the crypto filter offers (the offer page fixtures carry BTC and ETH). */
const cryptoRoute = offerPageRoutes()['GET /rest/v2/wallet/crypto-currencies'] as FakeHandler;

function withServer(overrides: Record<string, FakeHandler> = {}) {
  const fake = createFakeFetch({
    [`GET /rest/v1/users/${USER}`]: () => jsonResponse(200, { data: buildProfile() }),
    [`GET /rest/v1/users/${USER}/active-offers`]: () =>
      jsonResponse(200, { data: { offers: [], nextOffset: null } }),
    [`GET /rest/v1/users/${USER}/feedback`]: () => jsonResponse(200, { data: feedbackPage([]) }),
    'GET /rest/v2/wallet/crypto-currencies': cryptoRoute,
    ...overrides,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const feedbackItem = (n: number, rating: FeedbackRating = 'positive'): UserFeedbackPage['items'][number] => ({
  rating,
  message: n === 0 ? '' : `Comment ${n}`,
  reply: n === 1 ? 'Thank you!' : null,
  author: { username: `partner${n}`, avatarUrl: null },
  createdAt: `2026-01-${String(20 - (n % 20)).padStart(2, '0')}T10:00:00.000Z`,
});

function feedbackPage(
  items: UserFeedbackPage['items'],
  next: number | null = null,
  counts = { positive: 12, negative: 1 },
): UserFeedbackPage {
  return {
    items,
    positiveCount: counts.positive,
    negativeCount: counts.negative,
    totalCount: counts.positive + counts.negative,
    paginationNextPage: next === null ? null : `/rest/v1/users/${USER}/feedback?page=${next}`,
  };
}

const offersCalls = (fake: ReturnType<typeof withServer>) =>
  fake.requests.filter((r) => r.url.startsWith(`/rest/v1/users/${USER}/active-offers`)).map((r) => r.url);

const listing = (n: number, type: 'buy' | 'sell' = 'sell') =>
  buildListing({
    hash: `Offer${String(n).padStart(7, '0')}`,
    type,
    owner: { ...buildListing().owner, username: USER },
  });

describe('ProfilePage', () => {
  it('should show who the trader is and their offers to buy from, then load more by offset', async () => {
    const fake = withServer({
      [`GET /rest/v1/users/${USER}/active-offers`]: (request) => {
        const offset = new URL(request.url, 'http://x').searchParams.get('offset');
        return jsonResponse(200, {
          data:
            offset === '20'
              ? { offers: [listing(21)], nextOffset: null }
              : { offers: Array.from({ length: 20 }, (_, i) => listing(i + 1)), nextOffset: 20 },
        });
      },
    });
    renderApp({ path: `/user/${USER}` });
    const user = userEvent.setup();

    expect(await screen.findByTestId('profile-username', {}, PAGE_LOAD)).toHaveTextContent(USER);
    expect(screen.getByTestId('profile-feedback')).toHaveTextContent('12 positive feedback');
    expect(screen.getByTestId('profile-feedback')).toHaveTextContent('1 negative feedback');
    expect(screen.getByText(/Spain · Member since June 2025/)).toBeInTheDocument();
    expect(screen.getByTestId('profile-status')).toHaveTextContent(/^Seen /);

    const list = await screen.findByTestId('profile-offers');
    expect(within(list).getAllByTestId('offer-card')).toHaveLength(20);
    await user.click(screen.getByTestId('profile-load-more'));
    await waitFor(() => expect(within(list).getAllByTestId('offer-card')).toHaveLength(21));
    expect(screen.getByTestId('profile-offers-end')).toHaveTextContent('That is every offer.');
    // "Buy from" lists the user's sell offers; BTC and the default sort unless chosen.
    expect(offersCalls(fake)).toEqual([
      `/rest/v1/users/${USER}/active-offers?offset=0&type=sell&crypto_currency_code=BTC&sort=default`,
      `/rest/v1/users/${USER}/active-offers?offset=20&type=sell&crypto_currency_code=BTC&sort=default`,
    ]);
    // Twenty real offer cards take a while to render on a busy runner.
  }, 45_000);

  it('should switch to the "sell to" tab, filter by coin and sort, keeping them in the address', async () => {
    const fake = withServer({
      [`GET /rest/v1/users/${USER}/active-offers`]: (request) => {
        const type = new URL(request.url, 'http://x').searchParams.get('type');
        return jsonResponse(200, {
          data: { offers: type === 'buy' ? [listing(1, 'buy')] : [], nextOffset: null },
        });
      },
    });
    const { router } = renderApp({ path: `/user/${USER}` });
    const user = userEvent.setup();
    expect(await screen.findByTestId('profile-offers-empty', {}, PAGE_LOAD)).toHaveTextContent(
      `${USER} has no BTC offers to buy from right now.`,
    );

    await user.click(screen.getByRole('tab', { name: `Sell to ${USER}` }));
    expect(await screen.findByTestId('profile-offers')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=sell');

    await user.click(screen.getByRole('combobox', { name: 'Coin' }));
    await user.click(await screen.findByRole('option', { name: 'Ethereum (ETH)' }));
    await user.click(screen.getByRole('combobox', { name: 'Order' }));
    await user.click(await screen.findByRole('option', { name: 'Price: low to high' }));
    await waitFor(() =>
      expect(offersCalls(fake).at(-1)).toBe(
        `/rest/v1/users/${USER}/active-offers?offset=0&type=buy&crypto_currency_code=ETH&sort=crypto_usd_price_asc`,
      ),
    );
    expect(router.state.location.search).toBe('?tab=sell&crypto=ETH&sort=crypto_usd_price_asc');
  });

  it('should let a logged-in visitor trust and block the trader, and not a visitor or the trader', async () => {
    const fake = withServer({
      [`PUT /rest/v1/users/${USER}/relations`]: (request) => {
        const { action } = request.body as { action: string };
        return jsonResponse(200, {
          data: { username: USER, isTrusted: action === 'trusted', isBlocked: action === 'blocked' },
        });
      },
    });
    renderApp({ path: `/user/${USER}`, user: buildCurrentUser({ username: 'ana' }) });
    const user = userEvent.setup();
    const actions = await screen.findByRole('group', { name: `Trust or block ${USER}` }, PAGE_LOAD);

    await user.click(within(actions).getByRole('button', { name: 'Trust' }));
    expect(await screen.findByText(`You now trust ${USER}.`)).toBeInTheDocument();
    expect(await within(actions).findByRole('button', { name: 'Untrust' })).toBeInTheDocument();

    await user.click(within(actions).getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: `Block ${USER}?` });
    expect(dialog).toHaveTextContent('blocking replaces the trust');
    await user.click(within(dialog).getByRole('button', { name: `Block ${USER}` }));
    expect(await within(actions).findByRole('button', { name: 'Unblock' })).toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Trust' })).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { action: 'trusted' },
      { action: 'blocked' },
    ]);
  }, 30_000);

  it('should start from what the profile says the viewer thinks of the trader', async () => {
    withServer({
      [`GET /rest/v1/users/${USER}`]: () => jsonResponse(200, { data: buildProfile({ isBlocked: true }) }),
    });
    renderApp({ path: `/user/${USER}`, user: buildCurrentUser({ username: 'ana' }) });
    const actions = await screen.findByRole('group', { name: `Trust or block ${USER}` }, PAGE_LOAD);
    expect(within(actions).getByRole('button', { name: 'Unblock' })).toBeInTheDocument();
  });

  it('should offer no trust or block to a visitor, nor on one’s own profile', async () => {
    withServer();
    const visitor = renderApp({ path: `/user/${USER}` });
    expect(await screen.findByTestId('profile-username', {}, PAGE_LOAD)).toHaveTextContent(USER);
    expect(screen.queryByRole('button', { name: 'Trust' })).not.toBeInTheDocument();
    visitor.unmount();

    renderApp({ path: `/user/${USER}`, user: buildCurrentUser({ username: USER.toUpperCase() }) });
    expect(await screen.findByTestId('profile-username', {}, PAGE_LOAD)).toHaveTextContent(USER);
    expect(screen.queryByRole('button', { name: 'Trust' })).not.toBeInTheDocument();
  });

  it('should say "not found" for an unknown user', async () => {
    withServer({
      [`GET /rest/v1/users/${USER}`]: () => jsonResponse(404, errorBody('NOT_FOUND', 'User not found')),
    });
    renderApp({ path: `/user/${USER}` });
    expect(await screen.findByRole('heading', { name: 'User not found' }, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByText(`There is no trader called "${USER}".`)).toBeInTheDocument();
  });

  it('should show the verified name the trader lets this viewer see, and none otherwise', async () => {
    withServer({
      [`GET /rest/v1/users/${USER}`]: () =>
        jsonResponse(200, { data: buildProfile({ fullName: 'Ana María García' }) }),
    });
    const { unmount } = renderApp({ path: `/user/${USER}` });
    expect(await screen.findByTestId('profile-full-name', {}, PAGE_LOAD)).toHaveTextContent(
      'Verified name: Ana María García',
    );
    unmount();
    // The company's name already says who it is: its verified name is not repeated.
    withServer({
      [`GET /rest/v1/users/${USER}`]: () =>
        jsonResponse(200, { data: buildProfile({ fullName: 'Acme S.L.', companyName: 'Acme S.L.' }) }),
    });
    const company = renderApp({ path: `/user/${USER}` });
    expect(await screen.findByTestId('profile-company', {}, PAGE_LOAD)).toHaveTextContent('Acme S.L.');
    expect(screen.queryByTestId('profile-full-name')).not.toBeInTheDocument();
    company.unmount();
    // Hidden from this viewer: nothing at all.
    withServer();
    const hidden = renderApp({ path: `/user/${USER}` });
    expect(await screen.findByTestId('profile-username', {}, PAGE_LOAD)).toHaveTextContent(USER);
    expect(screen.queryByTestId('profile-full-name')).not.toBeInTheDocument();
    hidden.unmount();
    withServer({
      [`GET /rest/v1/users/${USER}`]: () => jsonResponse(200, { data: buildProfile({ fullName: 'Ana G.' }) }),
    });
    renderApp({ path: `/es/user/${USER}` });
    expect(await screen.findByTestId('profile-full-name', {}, PAGE_LOAD)).toHaveTextContent(
      'Nombre verificado: Ana G.',
    );
  });

  it('should show a banned account without its offers', async () => {
    const fake = withServer({
      [`GET /rest/v1/users/${USER}`]: () =>
        jsonResponse(200, {
          data: buildProfile({ isBanned: true, country: null, lastSeenAt: null, feedback: null }),
        }),
    });
    renderApp({ path: `/user/${USER}` });
    expect(await screen.findByTestId('profile-banned', {}, PAGE_LOAD)).toHaveTextContent('Banned');
    expect(screen.getByTestId('profile-banned-note')).toBeInTheDocument();
    expect(offersCalls(fake)).toEqual([]);
    expect(fake.requests.some((r) => r.url.includes('/feedback'))).toBe(false);
    expect(screen.queryByTestId('profile-stats')).not.toBeInTheDocument();
  });

  it('should show the bio, the trading record and the feedback received, 10 at a time and by rating', async () => {
    const stats: PublicProfile['tradeStats'] = {
      completedTrades: 1234,
      completionRate: '97.5',
      avgReleaseSeconds: 3_900,
    };
    const fake = withServer({
      [`GET /rest/v1/users/${USER}`]: () =>
        jsonResponse(200, {
          data: buildProfile({ bio: 'Bank transfers in EUR.\nFast release.', tradeStats: stats }),
        }),
      [`GET /rest/v1/users/${USER}/feedback`]: (request) => {
        const query = new URL(request.url, 'http://x').searchParams;
        if (query.get('rating') === 'negative') {
          return jsonResponse(200, { data: feedbackPage([feedbackItem(30, 'negative')]) });
        }
        return jsonResponse(200, {
          data:
            query.get('page') === '2'
              ? feedbackPage([feedbackItem(10)])
              : feedbackPage(
                  Array.from({ length: 10 }, (_, i) => feedbackItem(i)),
                  2,
                ),
        });
      },
    });
    renderApp({ path: `/user/${USER}` });
    const user = userEvent.setup();

    expect(await screen.findByTestId('profile-bio', {}, PAGE_LOAD)).toHaveTextContent(
      'Bank transfers in EUR. Fast release.',
    );
    expect(screen.getByTestId('stat-completed')).toHaveTextContent('Completed trades1,234');
    expect(screen.getByTestId('stat-completion')).toHaveTextContent('Completion rate97.5%Last 30 days');
    expect(screen.getByTestId('stat-release')).toHaveTextContent('Average release time1 hr 5 min');
    expect(screen.getByTestId('stat-positive')).toHaveTextContent('Positive feedback92.3%Of 13 ratings');

    const list = screen.getByTestId('profile-feedback-list');
    await waitFor(() => expect(within(list).getAllByTestId('profile-feedback-item')).toHaveLength(10));
    const [noWords, replied] = within(list).getAllByTestId('profile-feedback-item');
    expect(noWords).toHaveTextContent('partner0Positive');
    expect(noWords).toHaveTextContent('No comment.');
    expect(replied).toHaveTextContent('Comment 1');
    expect(within(replied!).getByTestId('profile-feedback-reply')).toHaveTextContent(
      `${USER} replied: Thank you!`,
    );
    expect(within(replied!).getByRole('link', { name: 'partner1' })).toHaveAttribute(
      'href',
      '/user/partner1',
    );

    await user.click(within(list).getByTestId('profile-feedback-load-more'));
    await waitFor(() => expect(within(list).getAllByTestId('profile-feedback-item')).toHaveLength(11));
    expect(within(list).queryByTestId('profile-feedback-load-more')).not.toBeInTheDocument();

    await user.click(within(list).getByText('Negative'));
    await waitFor(() => expect(within(list).getAllByTestId('profile-feedback-item')).toHaveLength(1));
    expect(within(list).getByTestId('profile-feedback-item')).toHaveTextContent('Comment 30');
    expect(
      fake.requests.filter((r) => r.url.startsWith(`/rest/v1/users/${USER}/feedback`)).map((r) => r.url),
    ).toEqual([
      `/rest/v1/users/${USER}/feedback?page=1`,
      `/rest/v1/users/${USER}/feedback?page=2`,
      `/rest/v1/users/${USER}/feedback?page=1&rating=negative`,
    ]);
  }, 30_000);

  it('should say what is missing: no bio, no record yet, no feedback; and invite the owner to write a bio', async () => {
    withServer({
      [`GET /rest/v1/users/${USER}`]: () =>
        jsonResponse(200, {
          data: buildProfile({
            feedback: { positive: 0, negative: 0 },
            tradeStats: { completedTrades: 0, completionRate: null, avgReleaseSeconds: null },
          }),
        }),
      [`GET /rest/v1/users/${USER}/feedback`]: () =>
        jsonResponse(200, { data: feedbackPage([], null, { positive: 0, negative: 0 }) }),
    });
    const visitor = renderApp({ path: `/user/${USER}` });
    expect(await screen.findByTestId('profile-feedback-empty', {}, PAGE_LOAD)).toHaveTextContent(
      `${USER} has not received any feedback yet.`,
    );
    expect(screen.getByTestId('profile-bio')).toHaveTextContent(
      'This trader has not written anything about themselves yet.',
    );
    expect(screen.getByTestId('stat-completed')).toHaveTextContent('0');
    expect(screen.getByTestId('stat-completion')).toHaveTextContent('Not yet');
    expect(screen.getByTestId('stat-release')).toHaveTextContent('Not yet');
    expect(screen.getByTestId('stat-positive')).toHaveTextContent('Not yet');
    visitor.unmount();

    renderApp({ path: `/user/${USER}`, user: buildCurrentUser({ username: USER }) });
    const invite = await screen.findByRole('link', { name: /add a bio in your settings/ }, PAGE_LOAD);
    expect(invite).toHaveAttribute('href', '/user/settings');
  });

  it('should show the feedback list’s error with a retry, apart from the rest of the profile', async () => {
    let calls = 0;
    withServer({
      [`GET /rest/v1/users/${USER}/feedback`]: () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(422, errorBody('ERROR_INPUT_VALIDATION', 'bad'))
          : jsonResponse(200, { data: feedbackPage([feedbackItem(5)]) });
      },
    });
    renderApp({ path: `/user/${USER}` });
    const user = userEvent.setup();
    const list = await screen.findByTestId('profile-feedback-list', {}, PAGE_LOAD);
    expect(await within(list).findByText('The feedback could not be loaded.')).toBeInTheDocument();
    expect(screen.getByTestId('profile-username')).toHaveTextContent(USER);
    await user.click(within(list).getByRole('button', { name: 'Try again' }));
    expect(await within(list).findByText('Comment 5')).toBeInTheDocument();
  });

  it('should show an error with a retry when the offers fail, and keep the list when "load more" fails', async () => {
    let calls = 0;
    withServer({
      [`GET /rest/v1/users/${USER}/active-offers`]: (request) => {
        calls += 1;
        const offset = new URL(request.url, 'http://x').searchParams.get('offset');
        if (calls === 1) return jsonResponse(422, errorBody('ERROR_INPUT_VALIDATION', 'bad'));
        if (offset === '20') return jsonResponse(422, errorBody('ERROR_INPUT_VALIDATION', 'bad'));
        return jsonResponse(200, { data: { offers: [listing(1)], nextOffset: 20 } });
      },
    });
    renderApp({ path: `/user/${USER}` });
    const user = userEvent.setup();
    expect(await screen.findByText('The offers could not be loaded.', {}, PAGE_LOAD)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const list = await screen.findByTestId('profile-offers');
    await user.click(screen.getByTestId('profile-load-more'));
    expect(await screen.findByTestId('profile-more-error')).toBeInTheDocument();
    expect(within(list).getAllByTestId('offer-card')).toHaveLength(1);
  });
});
