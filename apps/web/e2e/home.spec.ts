import { expect, test, type Page } from '@playwright/test';
import { formatViolations, seriousViolations } from './a11y';
import {
  admin,
  apiPost,
  logIn,
  logOut,
  paidTrade,
  register,
  STRONG_PASSWORD,
  uniqueUsername,
  verifyEmail,
} from './helpers';

/** No sideways scrolling and no serious accessibility problem on the page as it is now. */
async function fitsAndAccessible(page: Page, label: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${label} at ${page.viewportSize()?.width} px`).toBeLessThanOrEqual(0);
  const violations = await seriousViolations(page);
  expect(violations, formatViolations(label, violations)).toEqual([]);
}

const region = (page: Page, name: string | RegExp) => page.getByRole('region', { name });

/**
 * Issue 17 in the browser: a new user lands on their trading home (not the landing page) after sign-up
 * and after a login without a return address; the home shows a running trade with a link to it and the
 * user's offers; a trader's public profile shows their bio, record and the feedback they received.
 */
test.describe('home and profile', () => {
  test('sign-up and login land on the trading home, in Spanish at 320 px too', async ({ page }) => {
    const name = uniqueUsername('hm');
    await register(page, name);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: `Hello, ${name}` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create a free account' })).toHaveCount(0);
    await expect(region(page, 'Active trades').getByTestId('home-trades-empty')).toHaveText(
      'No trades running. Start one from an offer on the marketplace.',
    );
    await expect(region(page, 'My offers').getByTestId('home-offers-empty')).toBeVisible();
    await expect(region(page, 'Balances').getByRole('link', { name: 'Open the wallet' })).toBeVisible();
    await expect(region(page, /^Market: BTC in /)).toBeVisible();

    await logOut(page, name);
    await expect(page.getByRole('link', { name: 'Create a free account' }).first()).toBeVisible();
    await logIn(page, name, STRONG_PASSWORD);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: `Hello, ${name}` })).toBeVisible();

    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto('/es');
    await expect(page.getByRole('heading', { level: 1, name: `Hola, ${name}` })).toBeVisible();
    await expect(region(page, 'Operaciones activas').getByTestId('home-trades-empty')).toBeVisible();
    await expect(region(page, 'Mis ofertas').getByTestId('home-offers-empty')).toBeVisible();
    await expect(
      region(page, 'Saldos')
        .getByTestId('home-balances-empty')
        .or(region(page, 'Saldos').getByTestId('home-balance-total')),
    ).toBeVisible();
    await fitsAndAccessible(page, '/es (signed in)');
  });

  test('the home lists a running trade; the profile shows the bio, the record and a feedback comment', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const sellerName = uniqueUsername('hs');
    const buyerName = uniqueUsername('hb');
    const seller = await (await browser.newContext()).newPage();
    const buyer = await (await browser.newContext()).newPage();
    await register(seller, sellerName);
    await verifyEmail(seller, sellerName);
    await register(buyer, buyerName);
    await apiPost(seller.request, '/rest/v1/users/settings', {
      bio: 'Bank transfers in USD.\nI release within minutes.',
    });
    await admin('wallet:deposit', '--user', sellerName, '--crypto', 'BTC', '--amount', '0.5');
    const hash = await paidTrade(seller, buyer);

    // Both homes show the trade, each from its own side, with a link to it.
    await buyer.goto('/');
    const buyerTrades = region(buyer, 'Active trades');
    await expect(buyerTrades.getByTestId('home-trade')).toHaveCount(1);
    await expect(buyerTrades.getByTestId('home-trade')).toContainText('Paid');
    await seller.goto('/');
    await expect(region(seller, 'My offers').getByTestId('home-offers-summary')).toHaveText(
      '1 of 1 offer active',
    );
    await region(seller, 'Active trades')
      .getByRole('link', { name: `Selling BTC to ${buyerName}` })
      .click();
    await expect(seller).toHaveURL(`/trade/${hash}`);

    // The trade completes and the buyer rates the seller through the API, as the trade page does.
    await apiPost(seller.request, `/rest/v1/trade/${hash}/release`);
    await apiPost(buyer.request, `/rest/v1/feedback/${hash}/give`, {
      rating: 'positive',
      message: 'Quick release, thank you!',
    });
    await buyer.goto('/');
    await expect(region(buyer, 'Active trades').getByTestId('home-trades-empty')).toBeVisible();

    await buyer.goto(`/user/${sellerName}`);
    await expect(buyer.getByTestId('profile-bio')).toContainText('I release within minutes.');
    await expect(buyer.getByTestId('profile-stats')).toContainText('Positive feedback');
    await expect(buyer.getByTestId('stat-positive')).toContainText('100%');
    const feedback = region(buyer, 'Feedback received');
    const item = feedback.getByTestId('profile-feedback-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Quick release, thank you!');
    await expect(item).toContainText('Positive');
    await expect(item.getByRole('link', { name: buyerName })).toHaveAttribute('href', `/user/${buyerName}`);

    // The buyer received nothing yet: the empty state, in Spanish at 320 px.
    await buyer.setViewportSize({ width: 320, height: 800 });
    await buyer.goto(`/es/user/${buyerName}`);
    await expect(buyer.getByTestId('profile-feedback-empty')).toHaveText(
      `${buyerName} todavía no ha recibido valoraciones.`,
    );
    await expect(buyer.getByTestId('profile-bio')).toContainText('añade una biografía');
    await fitsAndAccessible(buyer, `/es/user/${buyerName}`);
  });
});
