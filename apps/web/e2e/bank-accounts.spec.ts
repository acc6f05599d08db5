import { expect, test, type Locator, type Page } from '@playwright/test';
import { admin, apiPost, register, uniqueUsername } from './helpers';

/** The IBAN registry's UK example: NatWest's sort code 60-16-13 (the shipped bank directory knows it). */
const SORT_CODE = '60-16-13';
const ACCOUNT_NUMBER = '31926819';
const HOLDER = 'Sally Seller';

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();
const stepHeading = (page: Page, text: string) =>
  page.getByRole('heading', { name: new RegExp(`^Step \\d of 5: ${text}$`) });

/** Picks an option in one of the catalogue pickers (a combobox) by typing part of its name. */
async function pick(page: Page, scope: Page | Locator, label: string, typed: string, option: RegExp) {
  const picker = scope.getByRole('combobox', { name: label });
  await picker.click();
  await picker.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

test.describe('bank accounts', () => {
  test('should add a UK account, list it on a sell offer from the wizard and show it to the buyer of a trade', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const sellerName = uniqueUsername('bs');
    const buyerName = uniqueUsername('bb');
    const sellerContext = await browser.newContext();
    const buyerContext = await browser.newContext();
    const seller = await sellerContext.newPage();
    const buyer = await buyerContext.newPage();
    await register(seller, sellerName);
    await register(buyer, buyerName);
    // The escrow of the trade below comes from the seller's wallet.
    await admin('wallet:deposit', '--user', sellerName, '--crypto', 'BTC', '--amount', '0.05');

    // 1. The seller adds the account in the settings popup; the directory names the bank from the sort code.
    await seller.goto('/user/payment-accounts');
    await seller.getByRole('button', { name: /^Add bank account$/ }).click();
    const popup = seller.getByRole('dialog');
    await expect(popup).toBeVisible();
    await pick(seller, popup, 'Country', 'United Kingdom', /United Kingdom/);
    await pick(seller, popup, 'Currency', 'GBP', /^GBP/);
    await popup.getByRole('textbox', { name: /holder/i }).fill(HOLDER);
    await popup.getByRole('textbox', { name: /Sort code/i }).fill(SORT_CODE);
    await popup.getByRole('textbox', { name: /^Account number/i }).fill(ACCOUNT_NUMBER);
    await expect(popup).toContainText('NatWest');
    await popup.getByRole('button', { name: /^(Save|Add bank account)$/ }).click();
    await expect(popup).toBeHidden();

    // The list shows the number masked, never whole.
    await expect(seller.getByText(/•••• 6819/).first()).toBeVisible();
    await expect(seller.locator('body')).not.toContainText(ACCOUNT_NUMBER);

    // 2. A sell offer of BTC for GBP by bank transfer, through the wizard, listing that account.
    await seller.goto('/offer-manager/edit');
    await expect(stepHeading(seller, 'Basics')).toBeVisible();
    await pick(seller, seller, 'Payment method', 'Bank Transfer', /^Bank Transfer$/);
    await pick(seller, seller, 'Currency', 'gbp', /^GBP/);
    const accounts = seller.getByRole('group', { name: 'Where buyers pay you' });
    await accounts.getByRole('checkbox', { name: /NatWest.*6819/ }).check();
    await next(seller);

    await expect(stepHeading(seller, 'Price and amounts')).toBeVisible();
    await seller.getByRole('textbox', { name: /^Margin/ }).fill('0');
    await seller.getByRole('textbox', { name: /^Minimum \(GBP\)/ }).fill('10');
    await seller.getByRole('textbox', { name: /^Maximum \(GBP\)/ }).fill('500');
    await next(seller);
    await expect(stepHeading(seller, 'Terms')).toBeVisible();
    await seller.getByRole('textbox', { name: 'Offer terms' }).fill('Pay from an account in your own name.');
    await next(seller);
    await expect(stepHeading(seller, 'Availability')).toBeVisible();
    await next(seller);

    await expect(stepHeading(seller, 'Review')).toBeVisible();
    await expect(seller.getByTestId('review-accounts')).toContainText(/NatWest.*•••• 6819/);
    await seller.getByRole('button', { name: 'Publish offer' }).click();
    await expect(seller).toHaveURL('/offer-manager?type=sell');
    const notice = seller.getByTestId('saved-offer-alert');
    await expect(notice).toContainText('is active and listed in the marketplace');
    const offerHash = /Offer (\w+) is active/.exec((await notice.textContent()) ?? '')?.[1] ?? '';
    expect(offerHash).toMatch(/^[0-9A-Za-z]{12}$/);
    // My offers lists the account, masked.
    await expect(seller.getByTestId(`my-offer-accounts-${offerHash}`)).toContainText('•••• 6819');
    await expect(seller.locator('body')).not.toContainText(ACCOUNT_NUMBER);

    // 3. The buyer starts a trade and is shown where to pay, in full, with the UK's sort code.
    const trade = await apiPost(buyer.request, '/rest/v1/trade/start', {
      offer_hash: offerHash,
      fiat_amount: '20',
    });
    await buyer.goto(`/trade/${String(trade.id)}`);
    const account = buyer.getByTestId('payment-account-bank');
    await expect(account).toBeVisible();
    await expect(account.getByTestId('account-holder')).toHaveText(HOLDER);
    await expect(account.getByTestId('account-number')).toHaveText(ACCOUNT_NUMBER);
    await expect(account.getByText('Sort code', { exact: true })).toBeVisible();
    await expect(account.getByTestId('account-routing')).toHaveText(/^(60-16-13|601613)$/);
    await expect(
      buyer.getByText('Pay only into these accounts, from an account in your name.'),
    ).toBeVisible();

    await sellerContext.close();
    await buyerContext.close();
  });
});
