import { expect, test, type Page } from '@playwright/test';
import {
  admin,
  apiPost,
  desktopNavbar,
  logIn,
  openDispute,
  register,
  STRONG_PASSWORD,
  uniqueUsername,
} from './helpers';

/** The balance: 18 decimals of ETH, of which the screen shows the catalogue's 8. */
const ETH = '19.985468211352636154';

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${page.url()} at ${page.viewportSize()?.width} px`).toBeLessThanOrEqual(0);
}

/**
 * Issue 26 in the browser: amounts at their precision everywhere. The dashboard showed
 * "19.985468211352636154 ETH" and the console "250.00000000 USD"; a coin now reads at its display
 * precision (every digit on hover), a fiat amount at its currency's, in the page's language.
 */
test.describe('amounts at their precision', () => {
  test('on the dashboard and in the dispute console, in English and Spanish, at 320 px', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const sellerName = uniqueUsername('as');
    const buyerName = uniqueUsername('ab');
    const modName = uniqueUsername('am');
    const contexts = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
    const [seller, buyer, moderator] = await Promise.all(contexts.map((context) => context.newPage()));
    await register(seller!, sellerName);
    await register(buyer!, buyerName);
    await admin('wallet:deposit', '--user', sellerName, '--crypto', 'ETH', '--amount', ETH);

    // The dashboard: ETH at 8 decimals, cut (never rounded up), the exact balance on hover.
    await seller!.goto('/');
    const balance = seller!.getByTestId('home-balance-ETH');
    const amount = balance.getByText(/ ETH$/);
    await expect(amount).toHaveText('19.98546821 ETH');
    await expect(amount).toHaveAttribute('title', `${ETH} ETH`);
    await seller!.setViewportSize({ width: 320, height: 700 });
    await seller!.goto('/es');
    await expect(seller!.getByTestId('home-balance-ETH').getByText(/ ETH$/)).toHaveText('19,98546821 ETH');
    await noSidewaysScroll(seller!);

    // A trade of 10 USD on an ETH offer, disputed: its escrow has 18 decimals, its fiat amount 8.
    const offer = await apiPost(seller!.request, '/rest/v1/my-offers', {
      type: 'sell',
      crypto_currency_code: 'ETH',
      fiat_currency_code: 'USD',
      payment_method: 'bank-transfer',
      margin: '1.37',
      range_min: '10',
      range_max: '500',
      payment_window: 60,
      offer_terms: 'Pay from an account in your own name.',
      trade_details: 'IBAN DE89 3704 0044 0532 0130 00',
    });
    const trade = await apiPost(buyer!.request, '/rest/v1/trade/start', {
      offer_hash: offer.idHashed,
      fiat_amount: '10',
    });
    const hash = String(trade.id);
    await apiPost(buyer!.request, `/rest/v1/trade/${hash}/paid`);
    await openDispute(buyer!.request, hash);

    await admin(
      'user:create',
      ...['--username', modName, '--email', `${modName}@example.com`, '--password', STRONG_PASSWORD],
      ...['--role', 'moderator'],
    );
    await logIn(moderator!, modName, STRONG_PASSWORD);
    await expect(desktopNavbar(moderator!).getByTestId('navbar-username')).toHaveText(modName);
    await moderator!.goto('/admin');
    const escrow = moderator!
      .getByTestId('dispute-row')
      .filter({ hasText: hash })
      .getByTestId('dispute-escrow');
    await expect(escrow).toHaveText(/^0\.\d{2,8} ETH for 10\.00 USD by /);
    await expect(escrow).not.toContainText('10.00000000');
    // Every digit of the escrow on hover: more than the 8 shown.
    expect(await escrow.getAttribute('title')).toMatch(/^0\.\d{9,18} ETH$/);

    await moderator!.setViewportSize({ width: 320, height: 700 });
    await moderator!.goto(`/es/admin/disputes/${hash}`);
    await expect(moderator!.getByTestId('dispute-escrow')).toHaveText(/^0,\d{2,8} ETH por 10,00 USD con /);
    await noSidewaysScroll(moderator!);

    await Promise.all(contexts.map((context) => context.close()));
  });
});
