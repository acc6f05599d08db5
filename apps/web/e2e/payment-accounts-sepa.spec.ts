import { expect, test, type Locator, type Page } from '@playwright/test';
import { register, uniqueUsername } from './helpers';

/** Commerzbank's IBAN, the registry's German example (the shipped bank directory knows bank 37040044). */
const IBAN = 'DE89 3704 0044 0532 0130 00';
const HOLDER = 'Jonas Weber';

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

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${page.url()} at ${page.viewportSize()?.width} px`).toBeLessThanOrEqual(0);
}

/**
 * Issue 26 in the browser: a euro account in Germany asks only for the IBAN and the holder (the bank and
 * its BIC come from the IBAN), and the offer wizard ticks the owner's only account that fits a new offer.
 */
test.describe('SEPA accounts', () => {
  test('should add a SEPA account with the IBAN and the holder only, and tick it on a new offer', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await register(page, uniqueUsername('sp'));

    await page.goto('/user/payment-accounts');
    await page.getByRole('button', { name: /^Add bank account$/ }).click();
    const popup = page.getByRole('dialog');
    await expect(popup).toBeVisible();
    await pick(page, popup, 'Country', 'Germany', /Germany/);
    await pick(page, popup, 'Currency', 'EUR', /^EUR/);
    // The rail's needs only: no BIC, no bank name to type, no street address.
    await expect(popup.getByTestId('bank-account-sepa-note')).toBeVisible();
    for (const label of [/SWIFT/, /^Bank name/, /Street address/, /Postal code/, /^City/]) {
      await expect(popup.getByRole('textbox', { name: label })).toHaveCount(0);
    }
    await popup.getByRole('textbox', { name: /holder/i }).fill(HOLDER);
    await popup.getByRole('textbox', { name: /^IBAN/ }).fill(IBAN);
    await expect(popup.getByTestId('bank-lookup')).toHaveText('Bank: Commerzbank · BIC COBADEFF');
    await popup.getByRole('button', { name: /^Add bank account$/ }).click();
    await expect(popup).toBeHidden();
    const account = page.getByTestId('bank-account');
    await expect(account).toContainText('Commerzbank');
    await expect(account).toContainText('•••• 3000');

    // A new sell offer in euros by bank transfer: the only account that fits is ticked, and said so.
    await page.goto('/offer-manager/edit');
    await expect(stepHeading(page, 'Basics')).toBeVisible();
    await pick(page, page, 'Payment method', 'Bank Transfer', /^Bank Transfer$/);
    await pick(page, page, 'Currency', 'eur', /^EUR/);
    const accounts = page.getByRole('group', { name: 'Where buyers pay you' });
    await expect(accounts.getByRole('checkbox', { name: /Commerzbank.*3000/ })).toBeChecked();
    await expect(accounts.getByTestId('payment-accounts-preselected')).toBeVisible();
    await next(page);
    await expect(stepHeading(page, 'Price and amounts')).toBeVisible();
    await page.getByRole('textbox', { name: /^Margin/ }).fill('0');
    await page.getByRole('textbox', { name: /^Minimum \(EUR\)/ }).fill('10');
    await page.getByRole('textbox', { name: /^Maximum \(EUR\)/ }).fill('500');
    await next(page);
    await expect(stepHeading(page, 'Terms')).toBeVisible();
    await page.getByRole('textbox', { name: 'Offer terms' }).fill('Pay from an account in your own name.');
    await next(page);
    await expect(stepHeading(page, 'Availability')).toBeVisible();
    await next(page);
    await expect(stepHeading(page, 'Review')).toBeVisible();
    await expect(page.getByTestId('review-accounts')).toContainText(/Commerzbank.*•••• 3000/);
    await page.getByRole('button', { name: 'Publish offer' }).click();
    await expect(page).toHaveURL('/offer-manager?type=sell');
    const notice = page.getByTestId('saved-offer-alert');
    const offerHash = /Offer (\w+) is/.exec((await notice.textContent()) ?? '')?.[1] ?? '';
    await expect(page.getByTestId(`my-offer-accounts-${offerHash}`)).toContainText('•••• 3000');

    // The form in Spanish on the smallest phone: the same two fields, nothing wider than the screen.
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto('/es/user/payment-accounts');
    await page
      .getByRole('button', { name: /^Añadir cuenta bancaria$/ })
      .first()
      .click();
    const form = page.getByRole('dialog');
    await pick(page, form, 'País del banco', 'Germany', /Germany|Alemania/);
    await expect(form.getByTestId('bank-account-sepa-note')).toContainText('solo necesita el IBAN');
    await expect(form.getByRole('textbox', { name: /SWIFT/ })).toHaveCount(0);
    await noSidewaysScroll(page);
  });
});
