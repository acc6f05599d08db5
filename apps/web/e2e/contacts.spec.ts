import { expect, test, type Page } from '@playwright/test';
import { formatViolations, seriousViolations } from './a11y';
import { admin, desktopNavbar, paidTrade, register, uniqueUsername, verifyEmail } from './helpers';

/** No sideways scrolling and no serious accessibility problem on the page as it is now. */
async function fitsAndAccessible(page: Page, label: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${label} at ${page.viewportSize()?.width} px`).toBeLessThanOrEqual(0);
  const violations = await seriousViolations(page);
  expect(violations, formatViolations(label, violations)).toEqual([]);
}

/** The row of `username` in the contacts list on screen. */
const rowOf = (page: Page, username: string) =>
  page.locator(`[data-testid="contact-row"][data-username="${username}"]`);

/**
 * Issue 14 in the browser: after a trade, the seller finds the buyer among the recent trades, trusts
 * them from their profile, sees them in the trusted tab, blocks them there after the confirmation, finds
 * them in the blocked tab and unblocks them. The trade page offers the same actions. The page in Spanish
 * at 320 px.
 */
test.describe('contacts', () => {
  test('trust from the profile, block with a confirmation, unblock', async ({ browser }) => {
    test.setTimeout(180_000);
    const sellerName = uniqueUsername('cs');
    const buyerName = uniqueUsername('cb');
    const sellerContext = await browser.newContext();
    const buyerContext = await browser.newContext();
    const seller = await sellerContext.newPage();
    const buyer = await buyerContext.newPage();
    await register(seller, sellerName);
    await verifyEmail(seller, sellerName);
    await register(buyer, buyerName);
    await admin('wallet:deposit', '--user', sellerName, '--crypto', 'BTC', '--amount', '0.5');
    const hash = await paidTrade(seller, buyer);

    // The account menu leads to the contacts; the buyer is among the recent trades.
    await seller.goto('/');
    await desktopNavbar(seller)
      .getByRole('button', { name: `Account menu for ${sellerName}` })
      .click();
    await seller.getByRole('menuitem', { name: 'Contacts' }).click();
    await expect(seller.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
    await expect(rowOf(seller, buyerName)).toBeVisible();

    // Trusted from the profile, at once with a toast.
    await rowOf(seller, buyerName).getByRole('link', { name: buyerName }).click();
    await expect(seller.getByTestId('profile-username')).toHaveText(buyerName);
    const actions = seller.getByRole('group', { name: `Trust or block ${buyerName}` });
    await actions.getByRole('button', { name: 'Trust' }).click();
    await expect(seller.getByText(`You now trust ${buyerName}.`)).toBeVisible();
    await expect(actions.getByRole('button', { name: 'Untrust' })).toBeVisible();
    // Still trusted after a reload: the profile says what the viewer thinks.
    await seller.reload();
    await expect(actions.getByRole('button', { name: 'Untrust' })).toBeVisible();

    await seller.goto('/contacts/trusted');
    const trustedRow = rowOf(seller, buyerName);
    await expect(trustedRow.getByText('Trusted', { exact: true })).toBeVisible();

    // Blocking asks first and says what it does; the buyer leaves the trusted list.
    await trustedRow.getByRole('button', { name: 'Block' }).click();
    const dialog = seller.getByRole('dialog', { name: `Block ${buyerName}?` });
    await expect(dialog).toContainText('Their offers disappear from your searches, and yours from theirs.');
    await expect(dialog).toContainText('They cannot start trades with you or send you messages.');
    await dialog.getByRole('button', { name: `Block ${buyerName}` }).click();
    await expect(seller.getByText(`You blocked ${buyerName}.`)).toBeVisible();
    await expect(seller.getByTestId('contacts-empty')).toContainText('You trust nobody yet');

    await seller.getByRole('tab', { name: 'Blocked' }).click();
    await expect(seller).toHaveURL(/\/contacts\/blocked$/);
    const blockedRow = rowOf(seller, buyerName);
    await expect(blockedRow.getByText('Blocked', { exact: true })).toBeVisible();

    // The blocked tab in Spanish on a phone.
    await seller.setViewportSize({ width: 320, height: 700 });
    await seller.goto('/es/contacts/blocked');
    await expect(seller.getByRole('heading', { name: 'Contactos', level: 1 })).toBeVisible();
    await expect(rowOf(seller, buyerName).getByRole('button', { name: 'Desbloquear' })).toBeVisible();
    await fitsAndAccessible(seller, '/es/contacts/blocked');
    await seller.goto('/es/contacts');
    await expect(rowOf(seller, buyerName)).toBeVisible();
    await fitsAndAccessible(seller, '/es/contacts');
    await seller.setViewportSize({ width: 1280, height: 800 });

    // Unblocked: the blocked list is empty again.
    await seller.goto('/contacts/blocked');
    await rowOf(seller, buyerName).getByRole('button', { name: 'Unblock' }).click();
    await expect(seller.getByText(`You unblocked ${buyerName}.`)).toBeVisible();
    await expect(seller.getByTestId('contacts-empty')).toContainText('You have blocked nobody');

    // The trade page offers the same actions beside the other party.
    await buyer.goto(`/trade/${hash}`);
    const partner = buyer.getByTestId('counterparty');
    await expect(partner.getByRole('link', { name: sellerName })).toBeVisible();
    await partner.getByRole('button', { name: 'Trust' }).click();
    await expect(buyer.getByText(`You now trust ${sellerName}.`)).toBeVisible();
    await buyer.goto('/contacts/trusted');
    await expect(rowOf(buyer, sellerName)).toBeVisible();

    await sellerContext.close();
    await buyerContext.close();
  });
});
