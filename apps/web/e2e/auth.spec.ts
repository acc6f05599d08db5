import { expect, test } from '@playwright/test';
import { desktopNavbar, logIn, logOut, register, STRONG_PASSWORD, uniqueUsername } from './helpers';

test.describe('authentication', () => {
  test('should register, log out and log in again with the same account', async ({ page }) => {
    const username = uniqueUsername();

    await register(page, username);
    await expect(page).toHaveURL('/');
    await expect(page.getByText(`Welcome, ${username}! Your account is ready.`)).toBeVisible();
    await expect(desktopNavbar(page).getByRole('link', { name: 'Sign up' })).toHaveCount(0);
    // A signed-in user's home is their trading, not the landing page (issue 17).
    await expect(page.getByRole('heading', { level: 1, name: `Hello, ${username}` })).toBeVisible();
    await expect(page.getByTestId('trading-home')).toBeVisible();

    await logOut(page, username);
    await expect(page).toHaveURL('/');
    await expect(page.getByText('You have been logged out.')).toBeVisible();

    await logIn(page, username, STRONG_PASSWORD);
    await expect(page).toHaveURL('/');
    await expect(desktopNavbar(page).getByTestId('navbar-username')).toHaveText(username);
    await expect(page.getByTestId('trading-home')).toBeVisible();

    // The session survives a full reload: the server renders the user into the initial state.
    await page.reload();
    await expect(desktopNavbar(page).getByTestId('navbar-username')).toHaveText(username);
  });

  test('should log in with the e-mail address too and return to where the user came from', async ({
    page,
  }) => {
    const username = uniqueUsername('mail');
    await register(page, username);
    await logOut(page, username);

    await page.goto('/login?returnTo=%2Ferror%2Fip-blocked');
    await page.getByLabel('Username or e-mail').fill(`${username}@example.com`);
    await page.getByLabel('Password', { exact: false }).first().fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/error/ip-blocked');
    await expect(desktopNavbar(page).getByTestId('navbar-username')).toHaveText(username);
  });

  test('should ask before logging out at /logout, and send visitors home', async ({ page }) => {
    const username = uniqueUsername('bye');
    await register(page, username);
    await page.goto('/logout');
    await expect(page.getByRole('heading', { name: 'Log out' })).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/');
    await expect(desktopNavbar(page).getByRole('link', { name: 'Log in' })).toBeVisible();

    await page.goto('/logout');
    await expect(page).toHaveURL('/');
  });

  test('should show the generic error for a wrong password', async ({ page }) => {
    await logIn(page, 'bob', 'Not-the-password-1');
    await expect(page.getByRole('alert')).toHaveText('The username, e-mail or password is incorrect.');
    await expect(page).toHaveURL('/login');
    await expect(desktopNavbar(page).getByRole('link', { name: 'Log in' })).toBeVisible();
  });

  test('should show the server 422 for a username that is taken', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Username', { exact: false }).first().fill('alice');
    await page.getByLabel('E-mail').fill(`${uniqueUsername('dup')}@example.com`);
    await page.getByLabel('Password', { exact: false }).first().fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('This username is already taken.')).toBeVisible();
    await expect(page).toHaveURL('/register');
  });

  test('should show the 404 page for an unknown address', async ({ page }) => {
    await page.goto('/this/page/does/not/exist');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL('/');
  });
});
