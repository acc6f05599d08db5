import type { ContentPage } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';

/** The page is a lazy chunk: its first import in a cold, busy worker can take several seconds. */
const PAGE_LOAD = { timeout: 15_000 };

const buildPage = (overrides: Partial<ContentPage> = {}): ContentPage => ({
  slug: 'about',
  title: 'About P2P Market',
  markdown: [
    'A marketplace where traders meet.',
    '',
    '## How a trade works',
    '',
    '1. The buyer starts a trade.',
    '2. The seller releases.',
    '',
    'See the [fees](/fees) and the [Bitcoin paper](https://bitcoin.org/bitcoin.pdf).',
  ].join('\n'),
  locale: 'en',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

function withServer(routes: Record<string, FakeHandler>) {
  const fake = createFakeFetch(routes);
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

describe('ContentPage', () => {
  it('should load the page and render its Markdown: one h1, sections, lists, inner and outer links', async () => {
    const fake = withServer({ 'GET /rest/v1/pages/about': () => jsonResponse(200, { data: buildPage() }) });
    renderApp({ path: '/about' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'About P2P Market' }, PAGE_LOAD),
    ).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'How a trade works' })).toBeInTheDocument();
    const body = screen.getByTestId('content-body');
    expect(within(body).getAllByRole('listitem')).toHaveLength(2);
    expect(within(body).getByRole('link', { name: 'fees' })).toHaveAttribute('href', '/fees');
    const outside = within(body).getByRole('link', { name: 'Bitcoin paper' });
    expect(outside).toHaveAttribute('target', '_blank');
    expect(outside).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByTestId('content-updated')).toHaveTextContent('Last updated March 1, 2026');
    expect(fake.requests[0]?.url).toBe('/rest/v1/pages/about?locale=en');
    await waitFor(() => expect(document.title).toBe('About P2P Market'));
  });

  it('should never render raw HTML or script links from the Markdown', async () => {
    withServer({
      'GET /rest/v1/pages/terms': () =>
        jsonResponse(200, {
          data: buildPage({
            slug: 'terms',
            title: 'Terms',
            markdown:
              'Before <script>window.hacked = true</script><img src="x" onerror="window.hacked = true"> after.\n\n' +
              '[Click me](javascript:window.hacked=true) and ![tracker](https://evil.example/pixel.png)',
          }),
        }),
    });
    renderApp({ path: '/terms-of-service' });
    const body = await screen.findByTestId('content-body', {}, PAGE_LOAD);
    expect(body.querySelector('script, img, iframe')).toBeNull();
    // Tags are dropped; what was between them is plain text at most.
    expect(body).toHaveTextContent(/^Before .*after\./);
    expect(within(body).getByText('Click me').closest('a')?.getAttribute('href') ?? '').not.toContain(
      'javascript',
    );
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('should ask in Spanish under /es, keep Spanish links prefixed, and mark an English fallback', async () => {
    const fake = withServer({
      'GET /rest/v1/pages/privacy': () =>
        jsonResponse(200, {
          data: buildPage({
            slug: 'privacy',
            title: 'Privacy policy',
            markdown: 'Read the [fees](/fees) and the [terms](/es/terms-of-service).',
            locale: 'en',
          }),
        }),
    });
    renderApp({ path: '/es/privacy-policy' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Privacy policy' }, PAGE_LOAD);
    expect(fake.requests[0]?.url).toBe('/rest/v1/pages/privacy?locale=es');
    expect(screen.getByTestId('content-untranslated')).toHaveTextContent('aún no está traducida');
    expect(heading.closest('[lang]')).toHaveAttribute('lang', 'en');
    const body = screen.getByTestId('content-body');
    expect(within(body).getByRole('link', { name: 'fees' })).toHaveAttribute('href', '/es/fees');
    expect(within(body).getByRole('link', { name: 'terms' })).toHaveAttribute('href', '/es/terms-of-service');
  });

  it('should show an error with a retry, then the page', async () => {
    let fail = true;
    withServer({
      'GET /rest/v1/pages/fees': () =>
        fail
          ? jsonResponse(503, errorBody('SERVICE_UNAVAILABLE', 'down'))
          : jsonResponse(200, {
              data: buildPage({ slug: 'fees', title: 'Fees', markdown: 'Free to take.' }),
            }),
    });
    renderApp({ path: '/fees' });
    const alert = await screen.findByRole('alert', {}, { timeout: 20_000 });
    expect(alert).toHaveTextContent('This page could not be loaded.');
    expect(screen.getByRole('heading', { level: 1, name: 'Fees' })).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Free to take.')).toBeInTheDocument();
  }, 30_000);

  it('should show "not found" when the server has no such page', async () => {
    withServer({
      'GET /rest/v1/pages/about': () => jsonResponse(404, errorBody('NOT_FOUND', 'No page named "about"')),
    });
    renderApp({ path: '/about' });
    expect(await screen.findByRole('heading', { name: 'Page not found' }, PAGE_LOAD)).toBeInTheDocument();
  });

  it('should send the short addresses to the named ones, in the same language', async () => {
    withServer({
      'GET /rest/v1/pages/terms': () =>
        jsonResponse(200, { data: buildPage({ slug: 'terms', title: 'Terms' }) }),
      'GET /rest/v1/pages/privacy': () =>
        jsonResponse(200, { data: buildPage({ slug: 'privacy', title: 'Privacidad', locale: 'es' }) }),
    });
    const english = renderApp({ path: '/terms?from=footer' });
    await waitFor(() => expect(english.router.state.location.pathname).toBe('/terms-of-service'));
    expect(english.router.state.location.search).toBe('?from=footer');
    english.unmount();
    const spanish = renderApp({ path: '/es/privacy' });
    await waitFor(() => expect(spanish.router.state.location.pathname).toBe('/es/privacy-policy'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Privacidad' }, PAGE_LOAD),
    ).toBeInTheDocument();
  });
});
