import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { desktopNavbar, register, uniqueUsername } from './helpers';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);

/** Funds a wallet with the admin command (simulated chain deposit), against the server under test. */
async function deposit(username: string, amount: string) {
  await run(
    'npm',
    [
      'run',
      '--silent',
      'admin',
      '-w',
      '@app/server',
      '--',
      'wallet:deposit',
      '--user',
      username,
      '--crypto',
      'BTC',
      '--amount',
      amount,
    ],
    { cwd: repoRoot, env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR } },
  );
}

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();
const stepHeading = (page: Page, text: string) =>
  page.getByRole('heading', { name: new RegExp(`^Step \\d of 5: ${text}$`) });

/** Picks an option in one of the catalogue pickers by typing part of its name. */
async function pick(page: Page, label: string, typed: string, option: RegExp) {
  const picker = page.getByRole('combobox', { name: label });
  await picker.click();
  await picker.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

test.describe('offer manager', () => {
  test('should reject out-of-range values at the step and announce the bond at the payment method', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await register(page, uniqueUsername('ov'));
    await page.goto('/offer-manager/edit?type=sell&crypto=BTC&currency=USD');

    // PayPal needs a bond (BOND_PAYMENT_GROUPS): said at once, with the amount and the way to deposit it.
    await pick(page, 'Payment method', 'PayPal', /^PayPal$/);
    const bond = page.getByTestId('offer-bond-notice');
    await expect(bond).toHaveAttribute('data-state', 'missing');
    await expect(bond).toContainText('Offers paid with PayPal need a security deposit of 0.002 BTC.');
    await expect(bond).toContainText('0.002 BTC is missing');
    await expect(bond.getByRole('link', { name: /Open the BTC security deposit/ })).toHaveAttribute(
      'href',
      '/wallet?tab=bond&coin=BTC#wallet-tabs',
    );
    await next(page);

    // Price and amounts: a margin of -80 % and a maximum of 999,999,999 USD are refused as typed.
    await expect(stepHeading(page, 'Price and amounts')).toBeVisible();
    const margin = page.getByRole('textbox', { name: /^Margin/ });
    await margin.fill('-80');
    await expect(page.getByText('The margin must be between -50 % and 200 %.')).toBeVisible();
    await page.getByRole('textbox', { name: /^Minimum \(USD\)/ }).fill('20');
    const max = page.getByRole('textbox', { name: /^Maximum \(USD\)/ });
    await max.fill('999999999');
    await expect(page.getByText('Each amount must be at most the equivalent of 100000 USD.')).toBeVisible();
    await next(page);
    await expect(stepHeading(page, 'Price and amounts')).toBeVisible();
    await expect(margin).toBeFocused();
    await expect(margin).toHaveAttribute('aria-invalid', 'true');
    await expect(max).toHaveAttribute('aria-invalid', 'true');

    await margin.fill('1');
    await max.fill('200');
    await next(page);
    await expect(stepHeading(page, 'Terms')).toBeVisible();
    await page.getByRole('textbox', { name: 'Offer terms' }).fill('Line one\nLine two');
    await next(page);
    await next(page);

    // The review says what the offer will really be, and shows the terms as the offer page will.
    await expect(stepHeading(page, 'Review')).toBeVisible();
    await expect(page.getByTestId('review-state')).toContainText(
      'saved switched off until you post the security deposit of 0.002 BTC',
    );
    await expect(page.getByTestId('review-terms')).toHaveText('Line one\nLine two');

    // In Spanish, on a 320 px phone: the same notice, nothing overflowing sideways.
    await page.setViewportSize({ width: 320, height: 720 });
    await page.goto('/es/offer-manager/edit?type=sell&crypto=BTC&currency=USD&paymentMethod=paypal');
    await expect(page.getByTestId('offer-bond-notice')).toContainText(
      'Las ofertas pagadas con PayPal necesitan un depósito de garantía de 0,002 BTC.',
    );
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('should create an offer in the wizard, see it on my offers, edit its margin and switch it off', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const username = uniqueUsername('om');
    await register(page, username);

    // The user menu leads to the wizard.
    await desktopNavbar(page)
      .getByRole('button', { name: `Account menu for ${username}` })
      .click();
    await page.getByRole('menuitem', { name: 'Create an offer' }).click();
    await expect(page).toHaveURL('/offer-manager/edit');
    await expect(page.getByRole('heading', { level: 1, name: 'Create an offer' })).toBeVisible();

    // 1. Basics: sell BTC for EUR by bank transfer (no security deposit needed for bank transfers).
    await expect(stepHeading(page, 'Basics')).toBeVisible();
    await pick(page, 'Payment method', 'Bank Transfer', /^Bank Transfer$/);
    await pick(page, 'Currency', 'eur', /^EUR/);
    await page.getByRole('textbox', { name: /Payment method label/ }).fill('Any EU bank');
    await next(page);

    // 2. Price and amounts, with the live price next to the margin.
    await expect(stepHeading(page, 'Price and amounts')).toBeVisible();
    await page.getByRole('textbox', { name: /^Margin/ }).fill('2');
    await expect(page.getByTestId('offer-price')).toContainText('EUR');
    await expect(page.getByTestId('market-price')).toContainText('EUR');
    await page.getByRole('textbox', { name: /^Minimum \(EUR\)/ }).fill('50');
    await page.getByRole('textbox', { name: /^Maximum \(EUR\)/ }).fill('500');
    await next(page);

    // 3. Terms.
    await expect(stepHeading(page, 'Terms')).toBeVisible();
    await page.getByRole('textbox', { name: 'Offer terms' }).fill('I reply within 10 minutes.');
    await expect(page.getByTestId('offer_terms-count')).toHaveText('26 / 2500');
    await next(page);

    // 4. Availability: Monday to Friday hours, shown merged.
    await expect(stepHeading(page, 'Availability')).toBeVisible();
    await page.getByRole('button', { name: 'Add hours on Monday' }).click();
    await expect(page.getByTestId('opening-hours-preview')).toContainText('09:00–17:00');
    await next(page);

    // 5. Review and publish.
    await expect(stepHeading(page, 'Review')).toBeVisible();
    await expect(page.getByTestId('review-price')).toHaveText('Market price +2 %');
    await expect(page.getByTestId('review-amounts')).toHaveText('50.00 EUR – 500.00 EUR');
    await page.getByRole('button', { name: 'Publish offer' }).click();

    // My offers: the result, and the offer on the sell tab, active.
    await expect(page).toHaveURL('/offer-manager?type=sell');
    const notice = page.getByTestId('saved-offer-alert');
    await expect(notice).toContainText('is active and listed in the marketplace');
    const id = /Offer (\w+) is active/.exec((await notice.textContent()) ?? '')?.[1] ?? '';
    expect(id).toMatch(/^[0-9A-Za-z]{12}$/);
    const card = page.getByTestId(`my-offer-${id}`);
    await expect(card).toBeVisible();
    await expect(page.getByTestId('count-sell')).toHaveText('1');
    await expect(card.getByTestId(`my-offer-pricing-${id}`)).toHaveText('Market +2 %');
    await expect(card.getByTestId(`my-offer-limits-${id}`)).toHaveText('50.00 EUR – 500.00 EUR');
    const status = card.getByRole('switch', { name: `Offer ${id} active` });
    await expect(status).toBeChecked();

    // Edit the margin in the wizard: every step of a saved offer is one click away.
    await card.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(`/offer-manager/edit/${id}`);
    await expect(page.getByRole('textbox', { name: /Payment method label/ })).toHaveValue('Any EU bank');
    await page.getByRole('button', { name: 'Price and amounts' }).click();
    const margin = page.getByRole('textbox', { name: /^Margin/ });
    await expect(margin).toHaveValue('2');
    await margin.fill('3');
    await page.getByRole('button', { name: 'Review' }).click();
    await expect(page.getByTestId('review-price')).toHaveText('Market price +3 %');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL('/offer-manager?type=sell');
    await expect(page.getByTestId('saved-offer-alert')).toContainText('Changes saved');
    await expect(card.getByTestId(`my-offer-pricing-${id}`)).toHaveText('Market +3 %');

    // Quick edit: the amounts, without leaving the page.
    await card.getByRole('button', { name: 'Edit amounts' }).click();
    await card.getByRole('textbox', { name: /^Maximum \(EUR\)/ }).fill('750');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByTestId(`my-offer-limits-${id}`)).toHaveText('50.00 EUR – 750.00 EUR');

    // Switch it off; it stays off after a reload. (Mantine draws the switch over its transparent input:
    // the drawing takes the click, as for a user.)
    await status.click({ force: true });
    await expect(status).not.toBeChecked();
    await page.reload();
    await expect(
      page.getByTestId(`my-offer-${id}`).getByRole('switch', { name: `Offer ${id} active` }),
    ).not.toBeChecked();
  });

  test('should save an offer that needs a security deposit switched off, and point to the wallet bond', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const username = uniqueUsername('ob');
    await register(page, username);
    await deposit(username, '0.01');

    // Created from parameters (spec: "create or edit an offer from parameters"): PayPal needs a bond.
    await page.goto(
      '/offer-manager/edit?type=sell&crypto=BTC&currency=USD&paymentMethod=paypal&margin=1&min=20&max=200',
    );
    await expect(page.getByRole('combobox', { name: 'Payment method' })).toHaveValue('PayPal');
    for (let step = 0; step < 4; step += 1) await next(page);
    await expect(stepHeading(page, 'Review')).toBeVisible();
    await page.getByRole('button', { name: 'Publish offer' }).click();

    await expect(page).toHaveURL('/offer-manager?type=sell');
    const notice = page.getByTestId('saved-offer-alert');
    await expect(notice).toContainText('is saved but switched off');
    // One banner says it, with what is missing (the page's bond notice leaves that coin to it).
    await expect(notice.getByTestId('bond-missing-BTC')).toHaveText('0.002 BTC missing.');
    await expect(page.getByTestId('bond-notice')).toHaveCount(0);

    // The bond link opens the wallet's security deposit panel for BTC, in view and focused; depositing
    // it lets the offer go on.
    await notice.getByRole('link', { name: 'Deposit the BTC security deposit' }).click();
    await expect(page).toHaveURL('/wallet?tab=bond&coin=BTC#wallet-tabs');
    await expect(page.getByRole('tab', { name: 'Security deposit' })).toBeFocused();
    await expect(page.locator('#wallet-tabs')).toBeInViewport();
    await page.getByRole('button', { name: 'Deposit the BTC security deposit' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deposit 0.002 BTC' }).click();
    await expect(page.getByTestId('bond-status-BTC')).toHaveText('Complete');

    await page.goto('/offer-manager');
    await expect(page.getByRole('switch', { name: /^Offer \w+ active$/ })).toBeVisible();
    await expect(page.getByTestId('bond-missing-BTC')).toHaveCount(0);
    // With the bond complete, the wizard says a PayPal offer can go live at once.
    await page.goto('/offer-manager/edit?type=sell&crypto=BTC&currency=USD&paymentMethod=paypal');
    await expect(page.getByTestId('offer-bond-notice')).toHaveAttribute('data-state', 'covered');
    await page.goto('/offer-manager');
    const status = page.getByRole('switch', { name: /^Offer \w+ active$/ });
    await expect(status).not.toBeChecked();
    // Mantine draws the switch over its (transparent) input: the thumb takes the click, as for a user.
    await status.click({ force: true });
    await expect(status).toBeChecked();
    await page.reload();
    await expect(page.getByRole('switch', { name: /^Offer \w+ active$/ })).toBeChecked();

    // On a phone: the menu drawer leads to my offers, and nothing on the page overflows sideways.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/wallet');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'My offers' }).click();
    await expect(page).toHaveURL('/offer-manager');
    await expect(page.getByRole('switch', { name: /^Offer \w+ active$/ })).toBeVisible();
    await page.getByRole('button', { name: 'Edit price' }).click();
    for (const path of ['/offer-manager', '/offer-manager/edit?paymentMethod=paypal&margin=1']) {
      if (path !== '/offer-manager') await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
