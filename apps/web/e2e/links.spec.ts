import { expect, test, type Page } from '@playwright/test';
import { register, uniqueUsername } from './helpers';

const NOT_FOUND = /^(Page not found|Página no encontrada)$/;

/** Internal addresses (path + query) of the links inside `scope`, or the whole page. */
async function internalLinks(page: Page, scope = 'body'): Promise<string[]> {
  const hrefs = await page
    .locator(scope)
    .first()
    .evaluate((root) => [...root.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? ''));
  return hrefs.filter((href) => href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/rest/'));
}

/** Every link a visitor can reach from the home page: its content, the navbar, the footer and the menus. */
async function linksFromHome(page: Page, home: string, loggedIn: boolean): Promise<Set<string>> {
  const found = new Set<string>();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(home);
  await page.waitForLoadState('networkidle');
  for (const href of await internalLinks(page)) found.add(href);

  if (loggedIn) {
    // The account menu opens in a portal: its entries exist only while it is open.
    await page
      .getByTestId('navbar-desktop')
      .getByRole('button', { name: /^(Account menu|Menú de la cuenta)/ })
      .click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    for (const href of await internalLinks(page, '[role="menu"]')) found.add(href);
    await page.keyboard.press('Escape');
  }

  // The phone layout's drawer.
  await page.setViewportSize({ width: 360, height: 740 });
  await page
    .getByTestId('navbar-mobile')
    .getByRole('button', { name: /^(Open menu|Abrir menú)$/ })
    .click();
  await expect(page.getByRole('dialog', { name: /^(Menu|Menú)$/ })).toBeVisible();
  for (const href of await internalLinks(page, '[role="dialog"]')) found.add(href);
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The named routes links are built from (the initial state's `routes`), in this language.
  const prefix = home === '/' ? '' : home.replace(/\/$/, '');
  const routes = await page.evaluate(
    () =>
      (window as unknown as { __INITIAL_STATE__: { routes: Record<string, string> } }).__INITIAL_STATE__
        .routes,
  );
  for (const path of Object.values(routes)) {
    found.add(prefix && path === '/' ? prefix : `${prefix}${path}`);
  }
  return found;
}

/**
 * Links to one record (an offer, a trader) all lead to the same page: two of each kind are enough, the
 * rest would only make the crawl slower.
 */
function sampled(hrefs: Set<string>): string[] {
  const perKind = new Map<string, number>();
  return [...hrefs].sort().filter((href) => {
    const kind = /^(?:\/es)?\/(offer|user|trade)\/[^/?]+/.exec(href)?.[1];
    if (!kind) return true;
    const seen = perKind.get(kind) ?? 0;
    perKind.set(kind, seen + 1);
    return seen < 2;
  });
}

/** Opens each address; fails listing every one that shows the "Page not found" page. */
async function expectNoDeadLinks(page: Page, hrefs: Set<string>) {
  const dead: string[] = [];
  for (const href of sampled(hrefs)) {
    const response = await page.goto(href);
    // Every page of the app has an h1: waiting for it keeps the check off the loading screen, and a
    // path the server does not hand to the app (a JSON 404) renders none.
    const rendered = await page
      .getByRole('heading', { level: 1 })
      .first()
      .waitFor({ timeout: 20_000 })
      .then(() => true)
      .catch(() => false);
    if (!rendered) dead.push(`${href} (no page: HTTP ${response?.status() ?? '?'})`);
    else if ((await page.getByRole('heading', { level: 1, name: NOT_FOUND }).count()) > 0) dead.push(href);
  }
  expect(dead, 'links that lead to "Page not found" or to no page').toEqual([]);
}

test.describe('links', () => {
  test('no link reachable from the home page, the navbar, the footer or the menus is dead (visitor)', async ({
    page,
  }) => {
    test.setTimeout(600_000);
    const links = await linksFromHome(page, '/', false);
    for (const href of await linksFromHome(page, '/es', false)) links.add(href);
    expect(links).toContain('/about');
    expect(links).toContain('/terms-of-service');
    expect(links).toContain('/privacy-policy');
    expect(links).toContain('/fees');
    expect(links).toContain('/es/fees');
    await expectNoDeadLinks(page, links);
  });

  test('no link reachable from the home page, the navbar, the footer or the menus is dead (logged in)', async ({
    page,
  }) => {
    test.setTimeout(600_000);
    await register(page, uniqueUsername('links'));
    const links = await linksFromHome(page, '/', true);
    for (const href of await linksFromHome(page, '/es', true)) links.add(href);
    expect(links).toContain('/trade-history');
    expect(links).toContain('/offer-manager');
    await expectNoDeadLinks(page, links);
  });

  test('the content pages show their text with a server-rendered title, in English and Spanish', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // The title is in the HTML itself, before any script runs.
    const html = await (await page.request.get('/fees', { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('<title>Fees · P2P Market</title>');

    await page.goto('/fees');
    await expect(page.getByRole('heading', { level: 1, name: 'Fees' })).toBeVisible();
    await expect(page.getByTestId('content-body')).toContainText("The offer's owner pays");
    await expect(page.getByTestId('content-body')).toContainText('Bitcoin (BTC):');
    await expect(page).toHaveTitle('Fees · P2P Market');

    await page.goto('/es/terms');
    await expect(page).toHaveURL('/es/terms-of-service');
    await expect(page.getByRole('heading', { level: 1, name: 'Condiciones del servicio' })).toBeVisible();

    // A phone 320 px wide: the text wraps, nothing scrolls sideways.
    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of ['/about', '/privacy-policy', '/es/fees']) {
      await page.goto(path);
      await expect(page.getByTestId('content-body')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
