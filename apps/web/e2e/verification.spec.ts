import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { formatViolations, seriousViolations } from './a11y';
import {
  admin,
  desktopNavbar,
  logIn,
  register,
  STRONG_PASSWORD,
  uniqueUsername,
  verifyEmail,
  verifyPhone,
} from './helpers';

/** A real 8×8 PNG (red), so the server's content checks and re-encoding accept it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWO4IyeHFTEMLQkAid1GAWZe5nIAAAAASUVORK5CYII=',
  'base64',
);

/** No sideways scrolling and no serious accessibility problem on the page as it is now. */
async function fitsAndAccessible(page: Page, label: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${label} at ${page.viewportSize()?.width} px`).toBeLessThanOrEqual(0);
  const violations = await seriousViolations(page);
  expect(violations, formatViolations(label, violations)).toEqual([]);
}

/** Picks an option of a searchable select by typing part of its name. */
async function pick(page: Page, scope: Locator, label: RegExp, typed: string, option: string) {
  const select = scope.getByRole('combobox', { name: label });
  await select.click();
  await select.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Uploads the PNG as one of the request's documents, through the page's own file picker. */
async function upload(page: Page, side: string, buttonName: string) {
  const slot = page.getByTestId(`document-${side}`);
  const chooser = page.waitForEvent('filechooser');
  await slot.getByRole('button', { name: buttonName }).click();
  await (await chooser).setFiles({ name: `${side}.png`, mimeType: 'image/png', buffer: PNG });
  await expect(slot.getByTestId('document-status')).toHaveText('Uploaded');
  await expect(slot.getByRole('img')).toBeVisible();
}

/** A fresh admin, logged in on their own browser context. */
async function staffPage(browser: Browser, prefix: string) {
  const name = uniqueUsername(prefix);
  await admin(
    'user:create',
    ...['--username', name, '--email', `${name}@example.com`, '--password', STRONG_PASSWORD],
    ...['--role', 'admin'],
  );
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, name, STRONG_PASSWORD);
  await expect(desktopNavbar(page).getByTestId('navbar-username')).toHaveText(name);
  return { page, context };
}

/** Approves a trader's waiting verification of a type from the console's queue. */
async function approveInConsole(staff: Page, traderName: string, type: RegExp) {
  await staff.goto('/admin/verifications');
  const row = staff.locator(`[data-testid="verification-row"][data-username="${traderName}"]`);
  await row.getByRole('link', { name: type }).click();
  await staff.getByTestId('verification-summary').getByRole('button', { name: 'Approve' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Approve this verification?' });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(staff.getByText('Verification approved.')).toBeVisible();
  await expect(staff.getByTestId('verification-status')).toHaveText('Approved');
}

/**
 * Issue 15 in the browser: a trader with a verified e-mail and phone (level L1+) starts an ID
 * verification with a passport, uploads its front and a selfie and sees it in review; an admin approves
 * it in the console; the trader's page turns to L2 at once (the `verification.updated` event), with the
 * ID document and the selfie checked and L2's limits. The page in Spanish at 320 px.
 */
test.describe('identity verification', () => {
  test('a passport verified by a trader and approved by staff raises the level', async ({ browser }) => {
    test.setTimeout(180_000);
    const traderName = uniqueUsername('kt');
    const traderContext = await browser.newContext();
    const trader = await traderContext.newPage();
    const { page: staff, context: staffContext } = await staffPage(browser, 'ka');

    await register(trader, traderName);
    await verifyEmail(trader, traderName);
    await verifyPhone(trader, staff);

    // The account menu shows the level and leads to the page.
    await trader.goto('/');
    await desktopNavbar(trader)
      .getByRole('button', { name: `Account menu for ${traderName}` })
      .click();
    const menuItem = trader.getByRole('menuitem', { name: /Verification/ });
    await expect(menuItem.getByTestId('navbar-kyc-level')).toHaveText('Level L1+');
    await menuItem.click();
    await expect(trader.getByRole('heading', { name: 'Verification', level: 1 })).toBeVisible();
    await expect(trader.getByTestId('current-level')).toHaveText('L1+');
    const proven = trader.getByRole('list', { name: 'What you have verified' });
    await expect(proven.getByTestId('requirement-phone')).toHaveAttribute('data-met', 'true');
    await expect(proven.getByTestId('requirement-id_document')).toHaveAttribute('data-met', 'false');
    await expect(trader.getByTestId('next-level')).toContainText('Next level: L2');

    // Step 1: the passport's data, then its front and a selfie (a passport has no back).
    const idStep = trader.getByRole('region', { name: 'Step 1: identity document and selfie' });
    const form = idStep.getByRole('form', { name: 'Identity document' });
    await pick(trader, form, /^Issuing country/, 'Spain', 'Spain');
    await form.getByRole('combobox', { name: /^Document type/ }).click();
    await trader.getByRole('option', { name: 'Passport', exact: true }).click();
    await form.getByLabel(/^First name/).fill('Ana');
    await form.getByLabel(/^Last name/).fill('García López');
    await form.getByLabel(/^Document number/).fill('xk1234567');
    await form.getByRole('button', { name: 'Continue to the photos' }).click();

    await expect(idStep.getByTestId('request-status')).toContainText('Waiting for your documents');
    await expect(idStep.getByTestId('request-details')).toContainText('•••• 4567');
    await expect(idStep.getByTestId('document-back')).toHaveCount(0);
    await upload(trader, 'front', 'Upload: Front of the document');
    await upload(trader, 'selfie', 'Upload: Selfie with the document');
    await expect(idStep.getByTestId('request-status')).toContainText('In review');
    await expect(idStep.getByRole('button', { name: /Upload/ })).toHaveCount(0);

    // The admin finds it in the console's queue, sees the documents and approves it.
    await staff.goto('/admin/verifications');
    await expect(
      staff.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Verifications' }),
    ).toBeVisible();
    const row = staff.locator(`[data-testid="verification-row"][data-username="${traderName}"]`);
    await row.getByRole('link', { name: /Identity/ }).click();
    await expect(staff.getByTestId('verification-details')).toContainText('XK1234567');
    for (const side of ['Front', 'Selfie']) {
      const picture = staff.getByRole('img', { name: `${side} uploaded by ${traderName}` });
      await expect(picture).toBeVisible();
      expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
        true,
      );
    }
    await staff.getByTestId('verification-summary').getByRole('button', { name: 'Approve' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Approve this verification?' });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(staff.getByText('Verification approved.')).toBeVisible();
    await expect(staff.getByTestId('verification-status')).toHaveText('Approved');

    // The trader's open page follows at once: level L2, the ID document and selfie done, L2's limits.
    await expect(trader.getByTestId('current-level')).toHaveText('L2');
    // Verified without a date of birth on record: the confirm-birthday modal asks for it (decision 0054),
    // checks it, says it is for good, and the page's own section shows it confirmed.
    const birthday = trader.getByRole('dialog', { name: 'Confirm your date of birth' });
    await expect(birthday).toBeVisible();
    await birthday.getByTestId('birth-date-input').fill('1990-06-15');
    await birthday.getByRole('button', { name: 'Continue' }).click();
    await expect(birthday.getByTestId('birth-date-check')).toContainText('You were born on June 15, 1990?');
    await birthday.getByRole('button', { name: 'Yes, confirm it' }).click();
    await expect(birthday).toBeHidden();
    await expect(trader.getByTestId('birth-date-confirmed')).toContainText('June 15, 1990');
    await expect(proven.getByTestId('requirement-id_document')).toHaveAttribute('data-met', 'true');
    await expect(proven.getByTestId('requirement-selfie')).toHaveAttribute('data-met', 'true');
    await expect(trader.getByTestId('id-verified')).toBeVisible();
    await expect(trader.getByTestId('usage-per-trade')).toHaveText(
      'A single trade can be worth up to $25,000.',
    );
    await expect(trader.getByTestId('usage-active')).toContainText('no limit');
    await expect(trader.locator('[data-testid="level-card"][data-current="true"]')).toHaveAttribute(
      'data-level',
      'L2',
    );
    await desktopNavbar(trader)
      .getByRole('button', { name: `Account menu for ${traderName}` })
      .click();
    await expect(trader.getByTestId('navbar-kyc-level')).toHaveText('Level L2');
    await trader.keyboard.press('Escape');

    // In Spanish on the smallest phone.
    await trader.setViewportSize({ width: 320, height: 700 });
    await trader.goto('/es/account/verification');
    await expect(trader.getByRole('heading', { name: 'Verificación', level: 1 })).toBeVisible();
    await expect(trader.getByTestId('current-level')).toHaveText('L2');
    await expect(trader.getByTestId('id-verified')).toHaveText('Tu identidad está verificada.');
    await expect(trader.getByRole('form', { name: 'Comprobante de domicilio' })).toBeVisible();
    await expect(trader.getByTestId('birth-date-confirmed')).toContainText('15 de junio de 1990');
    await fitsAndAccessible(trader, '/es/account/verification');

    // The console's pages in Spanish at 320 px too.
    await staff.setViewportSize({ width: 320, height: 700 });
    await staff.goto('/es/admin/verifications?status=approved');
    await expect(staff.getByRole('heading', { name: 'Verificaciones', level: 1 })).toBeVisible();
    await expect(
      staff.locator(`[data-testid="verification-row"][data-username="${traderName}"]`),
    ).toBeVisible();
    await fitsAndAccessible(staff, '/es/admin/verifications');

    await traderContext.close();
    await staffContext.close();
  });

  test('a company account: the application, its papers, the staff approval, the name on the profile', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const traderName = uniqueUsername('kc');
    const traderContext = await browser.newContext();
    const trader = await traderContext.newPage();
    const { page: staff, context: staffContext } = await staffPage(browser, 'kb');
    await register(trader, traderName);
    await verifyEmail(trader, traderName);

    await trader.goto('/account/verification');
    const step = trader.getByRole('region', { name: 'Step 4 (companies): company verification' });
    await step.getByRole('button', { name: 'Convert to a company account' }).click();
    const form = step.getByRole('form', { name: 'Company details' });
    await form.getByRole('textbox', { name: /^Legal name/ }).fill('Acme Trading S.L.');
    await form.getByRole('textbox', { name: /^Business name/ }).fill('Acme');
    await form.getByRole('textbox', { name: /^Registration number/ }).fill('b-12345678');
    await pick(trader, form, /^Country of registration/, 'Spain', 'Spain');
    await form.getByRole('button', { name: 'Convert to a company account' }).click();

    // The spec's 4 s, then the company's papers on this page.
    await expect(step.getByTestId('corporate-converted')).toContainText(
      'Your account is now a company account.',
    );
    await expect(trader).toHaveURL(/\/account\/verification#kyc-company-title$/, { timeout: 10_000 });
    await expect(step.getByTestId('corporate-status')).toHaveText("Waiting for the company's papers");
    await upload(trader, 'company', 'Upload: Company document');
    await expect(step.getByTestId('corporate-status')).toHaveText('In review');

    // Staff approve it from the console's queue.
    await approveInConsole(staff, traderName, /Company/);
    await expect(staff.getByTestId('verification-details')).toContainText('B-12345678');

    // The trader's page follows live; the public profile names the verified company.
    await expect(step.getByTestId('corporate-status')).toHaveText('Verified company');
    await expect(step.getByTestId('corporate-verified')).toBeVisible();
    await trader.goto(`/user/${traderName}`);
    await expect(trader.getByTestId('profile-company')).toHaveText('Verified company: Acme Trading S.L.');

    await trader.setViewportSize({ width: 320, height: 700 });
    await trader.goto('/es/account/verification');
    await expect(
      trader
        .getByRole('region', { name: 'Paso 4 (empresas): verificación de la empresa' })
        .getByTestId('corporate-status'),
    ).toHaveText('Empresa verificada');
    await fitsAndAccessible(trader, '/es/account/verification (company)');

    await traderContext.close();
    await staffContext.close();
  });
});
