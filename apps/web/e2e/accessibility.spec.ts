import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { formatViolations, seriousViolations } from './a11y';
import { desktopNavbar, register, uniqueUsername } from './helpers';

/**
 * axe-core on every page, with its modals and menus open, in both colour schemes: no serious or critical
 * violation anywhere (docs/decisions/0017-accessibility.md). Each failure prints the rule, its help and
 * the first nodes, and the test goes on (soft assertions) so one run lists every page that fails.
 */

test.describe.configure({ mode: 'parallel' });

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);

async function expectAccessible(page: Page, label: string): Promise<void> {
  const violations = await seriousViolations(page);
  expect.soft(violations.length, formatViolations(label, violations)).toBe(0);
}

/** Waits for the page's heading and for its loading placeholders to be gone. */
async function ready(page: Page, content?: string): Promise<void> {
  const slow = { timeout: 30_000 };
  await expect(page.locator('main h1').first()).toBeVisible(slow);
  if (content) await expect(page.getByTestId(content).first()).toBeVisible(slow);
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, slow);
  await expect(page.locator('.mantine-Skeleton-root[data-visible="true"]')).toHaveCount(0, slow);
}

/**
 * Opens a page (its modal or menu included) in the light scheme and checks it, then turns the page dark
 * and checks it again without reloading, so an open modal stays open. The switch takes the app's own
 * path for a theme changed in another tab: the `theme` cookie, read again when the page becomes visible.
 */
async function checkInBothSchemes(page: Page, label: string, open: () => Promise<void>): Promise<void> {
  const url = test.info().project.use.baseURL ?? '';
  const html = page.locator('html');
  await page.context().addCookies([{ name: 'theme', value: 'light', url }]);
  await open();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expectAccessible(page, `${label} [light]`);
  await page.context().addCookies([{ name: 'theme', value: 'dark', url }]);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expectAccessible(page, `${label} [dark]`);
}

/** Loads a page and waits until it is ready. */
const visit = (page: Page, target: string, content?: string) => async () => {
  await page.goto(target);
  await ready(page, content);
};

/** Funds a user through the admin command, against the server under test (its socket in DATA_DIR). */
async function deposit(username: string, amount: string, pending = false) {
  const args = ['run', '--silent', 'admin', '-w', '@app/server', '--', 'wallet:deposit'];
  args.push('--user', username, '--crypto', 'BTC', '--amount', amount);
  if (pending) args.push('--pending');
  await run('npm', args, { cwd: repoRoot, env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR } });
}

/** A write through the API with the session's CSRF token, as the web client sends it. */
async function apiPost(request: APIRequestContext, url: string, data?: object) {
  const csrf = await request.get('/rest/v1/auth/csrf');
  const token = ((await csrf.json()) as { data: { csrfToken: string } }).data.csrfToken;
  const answer = await request.post(url, {
    data: data ?? {},
    headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: Record<string, unknown> }).data;
}

type Market = {
  sellerName: string;
  buyerName: string;
  seller: Page;
  buyer: Page;
  offerId: string;
  /** A second offer of the seller's, with no trade on it: the buyer opens its trade warnings. */
  spareOfferId: string;
  tradeHash: string;
};

/**
 * A seller with a funded wallet, an offer, a pending deposit and the security deposit dialog's data; a
 * buyer who favourited the offer; a trade between them with chat messages from both sides.
 */
async function openMarket(browser: Browser): Promise<Market> {
  const sellerName = uniqueUsername('as');
  const buyerName = uniqueUsername('ab');
  const seller = await (await browser.newContext()).newPage();
  const buyer = await (await browser.newContext()).newPage();
  await register(seller, sellerName);
  await register(buyer, buyerName);
  await deposit(sellerName, '0.05');
  await deposit(sellerName, '0.01', true);

  const offerBody = {
    type: 'sell',
    crypto_currency_code: 'BTC',
    fiat_currency_code: 'USD',
    payment_method: 'bank-transfer',
    margin: '1',
    range_min: '10',
    range_max: '500',
    payment_window: 60,
    offer_terms: 'Pay from an account in your own name.',
    trade_details: 'IBAN DE89 3704 0044 0532 0130 00',
  };
  const offerId = String((await apiPost(seller.request, '/rest/v1/my-offers', offerBody)).idHashed);
  const spare = await apiPost(seller.request, '/rest/v1/my-offers', { ...offerBody, margin: '2' });
  await apiPost(buyer.request, `/rest/v1/favorites/offers/${offerId}`);
  const trade = await apiPost(buyer.request, '/rest/v1/trade/start', {
    offer_hash: offerId,
    fiat_amount: '50',
  });
  const tradeHash = String(trade.id);
  await apiPost(buyer.request, `/rest/v1/trade/${tradeHash}/messages`, { text: 'Hello, paying now.' });
  await apiPost(seller.request, `/rest/v1/trade/${tradeHash}/messages`, { text: 'Thanks, I am here.' });
  return { sellerName, buyerName, seller, buyer, offerId, spareOfferId: String(spare.idHashed), tradeHash };
}

/** Public pages. The content pages (named routes about, termsOfService, privacyPolicy, fees) are skipped,
 * with a note in the report, while one answers "Page not found" (a deployment without it). */
const publicPages: { label: string; path: string; content?: string }[] = [
  { label: 'home', path: '/' },
  { label: 'login', path: '/login' },
  { label: 'register', path: '/register' },
  { label: 'forgot password', path: '/password/forgot' },
  { label: 'marketplace', path: '/trading/buy-bitcoin/any?currencyCode=EUR', content: 'offer-card' },
  { label: 'gift card market', path: '/buy-giftcard/any', content: 'offer-card' },
  { label: 'buy landing', path: '/buy/bitcoin/paypal', content: 'method-description' },
  { label: 'calculator', path: '/calculator/btc-to-usd', content: 'price-chart' },
  { label: 'public profile', path: '/user/alice', content: 'profile-summary' },
  { label: 'not found', path: '/this/page/does/not/exist' },
  { label: 'server error', path: '/error/500' },
  { label: 'IP blocked', path: '/error/ip-blocked' },
];
const contentPages = ['/about', '/terms-of-service', '/privacy-policy', '/fees'];

test.describe('accessibility (axe: no serious or critical violations)', () => {
  test('public pages, light and dark', async ({ page }) => {
    test.setTimeout(420_000);
    for (const { label, path: target, content } of publicPages) {
      await checkInBothSchemes(page, label, visit(page, target, content));
    }
    await checkInBothSchemes(page, 'language menu open', async () => {
      await visit(page, '/')();
      await desktopNavbar(page)
        .getByRole('button', { name: /Change language/ })
        .click();
      await expect(page.getByRole('menu')).toBeVisible();
    });
  });

  test('content pages, light and dark', async ({ page }) => {
    test.setTimeout(240_000);
    for (const target of contentPages) {
      await page.goto(target);
      await expect(page.locator('main h1').first()).toBeVisible();
      if ((await page.locator('main h1').first().textContent()) === 'Page not found') {
        test.info().annotations.push({ type: 'skipped page', description: `${target} does not exist yet` });
        continue;
      }
      await checkInBothSchemes(page, target, visit(page, target));
    }
  });

  test('main pages in Spanish and at 320 px, with the mobile menu open', async ({ page }) => {
    test.setTimeout(420_000);
    const main = publicPages.slice(0, 4);
    for (const { label, path: target, content } of main) {
      await checkInBothSchemes(page, `${label} (es)`, visit(page, `/es${target}`, content));
    }
    await page.setViewportSize({ width: 320, height: 700 });
    for (const { label, path: target, content } of main) {
      await checkInBothSchemes(page, `${label} (320 px)`, visit(page, target, content));
    }
    await checkInBothSchemes(page, 'mobile menu (320 px)', async () => {
      await visit(page, '/')();
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    });
  });

  test('seller pages: wallet, offers, editor, trade with chat, menus and dialogs', async ({ browser }) => {
    test.setTimeout(600_000);
    const market = await openMarket(browser);
    const { seller: page, offerId, tradeHash, sellerName } = market;

    for (const tab of ['deposit', 'send', 'history', 'bond']) {
      await checkInBothSchemes(page, `wallet ${tab} tab`, visit(page, `/wallet?tab=${tab}`));
    }
    await checkInBothSchemes(page, 'wallet security deposit dialog', async () => {
      await visit(page, '/wallet?tab=bond')();
      await page.getByRole('button', { name: 'Deposit the BTC security deposit' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    });
    await checkInBothSchemes(page, 'my offers', visit(page, '/offer-manager', `my-offer-${offerId}`));
    await checkInBothSchemes(page, 'my offers, quick edit open', async () => {
      await visit(page, '/offer-manager', `my-offer-${offerId}`)();
      await page.getByTestId(`my-offer-${offerId}`).getByRole('button', { name: 'Edit amounts' }).click();
    });
    await checkInBothSchemes(page, 'offer editor, new', visit(page, '/offer-manager/edit'));
    for (const step of ['Basics', 'Price and amounts', 'Terms', 'Availability', 'Review']) {
      await checkInBothSchemes(page, `offer editor, ${step}`, async () => {
        await visit(page, `/offer-manager/edit/${offerId}`)();
        await page.getByRole('button', { name: new RegExp(`^Step \\d: ${step}$`) }).click();
        await expect(
          page.getByRole('heading', { name: new RegExp(`^Step \\d of 5: ${step}$`) }),
        ).toBeVisible();
      });
    }
    await checkInBothSchemes(page, 'lite editor', visit(page, `/offer-manager/lite/edit/${offerId}`));
    await checkInBothSchemes(page, 'trade history', visit(page, '/trade-history'));
    await checkInBothSchemes(page, 'user menu open', async () => {
      await visit(page, '/trade-history')();
      await desktopNavbar(page)
        .getByRole('button', { name: `Account menu for ${sellerName}` })
        .click();
      await expect(page.getByRole('menu')).toBeVisible();
    });

    const tradePage = async () => {
      await visit(page, `/trade/${tradeHash}`)();
      await expect(page.getByTestId('chat-messages')).toContainText('Hello, paying now.');
    };
    await checkInBothSchemes(page, 'trade page (seller, waiting for payment)', tradePage);
    await apiPost(market.buyer.request, `/rest/v1/trade/${tradeHash}/paid`);
    await checkInBothSchemes(page, 'trade page (seller, paid)', tradePage);
    await checkInBothSchemes(page, 'release dialog', async () => {
      await tradePage();
      await page.getByRole('button', { name: 'Release crypto' }).click();
      await expect(page.getByRole('dialog', { name: 'Release the crypto?' })).toBeVisible();
    });
    await page.context().close();
    await market.buyer.context().close();
  });

  test('buyer pages: offer page and its warnings, favourites, profile, trade with chat', async ({
    browser,
  }) => {
    test.setTimeout(600_000);
    const market = await openMarket(browser);
    const { buyer: page, tradeHash, sellerName, buyerName } = market;
    const offerPath = `/offer/${market.spareOfferId}`;
    const startTrade = async () => {
      await visit(page, offerPath, 'offer-title')();
      await page.getByLabel('You pay').fill('20');
      await page.getByTestId('start-trade').click();
    };

    await checkInBothSchemes(page, 'offer page', visit(page, offerPath, 'offer-title'));
    await checkInBothSchemes(page, 'offer page, first warning open', async () => {
      await startTrade();
      await expect(page.getByRole('dialog')).toBeVisible();
    });
    await checkInBothSchemes(page, 'offer page, warnings dismissed and confirmation open', async () => {
      await startTrade();
      // A plain offer with terms shows two warnings: its terms, then paying from one's own account.
      for (const warning of ['reviewOfferTerms', 'paymentTermsWarning']) {
        await page.getByTestId(`warning-${warning}`).getByRole('button', { name: 'I understand' }).click();
      }
      await expect(page.getByTestId('start-trade-confirm')).toBeVisible();
    });
    await checkInBothSchemes(page, 'offer page, report dialog', async () => {
      await visit(page, offerPath, 'offer-title')();
      await page.getByTestId('report-offer').click();
      await expect(page.getByRole('dialog', { name: 'Report this offer' })).toBeVisible();
    });
    await checkInBothSchemes(page, 'favourites', visit(page, '/favorites', 'favorites-list'));
    await checkInBothSchemes(page, 'seller profile', visit(page, `/user/${sellerName}`, 'profile-summary'));
    await checkInBothSchemes(page, 'own profile', visit(page, `/user/${buyerName}`, 'profile-summary'));

    const tradePage = async () => {
      await visit(page, `/trade/${tradeHash}`)();
      await expect(page.getByTestId('chat-messages')).toContainText('Thanks, I am here.');
    };
    await checkInBothSchemes(page, 'trade page (buyer)', tradePage);
    await checkInBothSchemes(page, 'mark paid dialog', async () => {
      await tradePage();
      await page.getByRole('button', { name: 'I have paid' }).click();
      await expect(page.getByRole('dialog', { name: 'Mark the trade as paid?' })).toBeVisible();
    });
    await checkInBothSchemes(page, 'trade history (buyer)', visit(page, '/trade-history'));
    await checkInBothSchemes(page, 'trade page (buyer, es)', async () => {
      await visit(page, `/es/trade/${tradeHash}`)();
      await expect(page.getByTestId('chat-messages')).toContainText('Thanks, I am here.');
    });
    await checkInBothSchemes(page, 'wallet (es)', visit(page, '/es/wallet'));
    await page.setViewportSize({ width: 320, height: 700 });
    await checkInBothSchemes(page, 'trade page (buyer, 320 px)', tradePage);
    await checkInBothSchemes(page, 'offer page (320 px)', visit(page, offerPath, 'offer-title'));
    await checkInBothSchemes(page, 'wallet (320 px)', visit(page, '/wallet'));
    await checkInBothSchemes(page, 'mobile menu, signed in (320 px)', async () => {
      await visit(page, '/wallet')();
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    });
    await page.context().close();
    await market.seller.context().close();
  });
});
