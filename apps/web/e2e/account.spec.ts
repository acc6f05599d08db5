import { expect, test, type Page } from '@playwright/test';
import { formatViolations, seriousViolations } from './a11y';
import {
  desktopNavbar,
  logIn,
  newestMail,
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

/**
 * Issue 12 in the browser: a new user verifies the e-mail with the code from the outbox, ends a session
 * of another browser from the security page, changes the password, forgets it and resets it with the
 * mailed link. The new pages in Spanish at 320 px.
 */
test.describe('account security', () => {
  test('verify the e-mail, end another session, change, forget and reset the password', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const name = uniqueUsername('ac');
    const contexts = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
    const [home, laptop, stranger] = await Promise.all(contexts.map((c) => c.newPage()));
    await register(home!, name);

    // The unverified page in Spanish on a phone, then verified from the outbox's code.
    await home!.setViewportSize({ width: 320, height: 700 });
    await home!.goto('/es/account/verify-email');
    await expect(home!.getByRole('heading', { name: 'Verifica tu correo', level: 1 })).toBeVisible();
    await fitsAndAccessible(home!, '/es/account/verify-email');
    await home!.setViewportSize({ width: 1280, height: 800 });
    await home!.goto('/');
    await verifyEmail(home!, name);

    // A second browser logs in; the first sees it on the security page and logs it out.
    await logIn(laptop!, name, STRONG_PASSWORD);
    await expect(desktopNavbar(laptop!).getByTestId('navbar-username')).toHaveText(name);
    await home!.goto('/user/security');
    const rows = home!.getByTestId('session-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'This session' })).toHaveCount(1);
    await rows.filter({ hasNotText: 'This session' }).getByRole('button', { name: 'End' }).click();
    await home!
      .getByRole('dialog', { name: 'End sessions' })
      .getByRole('button', { name: 'Log out' })
      .click();
    await expect(rows).toHaveCount(1);
    await laptop!.reload();
    await expect(desktopNavbar(laptop!).getByRole('link', { name: 'Log in' })).toBeVisible();

    // The password change: the wrong current password is said on its field, then it works.
    const form = home!.getByRole('form', { name: 'Password' });
    await form.getByLabel('Current password', { exact: true }).fill('Not-my-pass-1');
    await form.getByLabel('New password', { exact: true }).fill('Changed-pass-42');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('This is not your current password.')).toBeVisible();
    await form.getByLabel('Current password', { exact: true }).fill(STRONG_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(home!.getByText(/Password changed/)).toBeVisible();

    // Forgotten: the link from the outbox sets a new one; the old session is over.
    await stranger!.goto('/login');
    await stranger!.getByRole('link', { name: 'Forgot your password?' }).click();
    await stranger!.getByLabel('Your e-mail address').fill(`${name}@example.com`);
    await stranger!.getByRole('button', { name: 'Send the link' }).click();
    await expect(stranger!.getByTestId('forgot-sent')).toContainText(`If ${name}@example.com belongs`);
    const mail = await newestMail(baseURL!, `${name}@example.com`, 'password_reset');
    const link = new URL(/https?:\/\/\S+/.exec(mail)![0]);
    await stranger!.goto(`${link.pathname}${link.search}`);
    await stranger!.getByLabel('New password', { exact: true }).fill('Reset-pass-4242');
    await stranger!.getByRole('button', { name: 'Save the new password' }).click();
    await expect(stranger!.getByTestId('reset-done')).toBeVisible();
    await home!.reload();
    await expect(desktopNavbar(home!).getByRole('link', { name: 'Log in' })).toBeVisible();
    await logIn(stranger!, name, 'Reset-pass-4242');
    await expect(desktopNavbar(stranger!).getByTestId('navbar-username')).toHaveText(name);

    // The account pages in Spanish on a phone.
    await stranger!.setViewportSize({ width: 320, height: 700 });
    for (const [path, heading] of [
      ['/es/user/security', 'Seguridad'],
      ['/es/password/forgot', '¿Olvidaste tu contraseña?'],
      [`/es${link.pathname}${link.search}`, 'Elige una contraseña nueva'],
    ] as const) {
      await stranger!.goto(path);
      await expect(stranger!.getByRole('heading', { level: 1 })).toHaveText(heading);
      await fitsAndAccessible(stranger!, path);
    }

    await Promise.all(contexts.map((context) => context.close()));
  });

  test('settings: profile, avatar, username once, and the page in Spanish at 320 px', async ({ page }) => {
    test.setTimeout(120_000);
    const name = uniqueUsername('sg');
    await register(page, name);
    await page.goto('/user/settings');
    const profile = page.getByRole('form', { name: 'Profile' });
    await profile.getByLabel('About you').fill('Call me on +34 600 111 222');
    await expect(profile.getByText(/No contact details/)).toBeVisible();
    await profile.getByLabel('About you').fill('Fast releases, bank transfers only.');
    await profile.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile has been updated')).toBeVisible();

    // A picture becomes the avatar, in the navbar too.
    // A valid 1x1 PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload a picture' }).click();
    await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByRole('button', { name: 'Change picture' })).toBeVisible();
    await expect(page.getByRole('img', { name: `Avatar of ${name}` })).toHaveAttribute('src', /\/avatar\?v=/);

    const renamed = `${name.slice(0, 20)}x2`;
    await page.getByLabel('Username', { exact: true }).fill(renamed);
    await page.getByRole('button', { name: 'Change username' }).click();
    await expect(page.getByTestId('username-changed')).toContainText(renamed);
    await expect(desktopNavbar(page).getByTestId('navbar-username')).toHaveText(renamed);

    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto('/es/user/settings');
    await expect(page.getByRole('heading', { name: 'Ajustes', level: 1 })).toBeVisible();
    await fitsAndAccessible(page, '/es/user/settings');
  });
});
