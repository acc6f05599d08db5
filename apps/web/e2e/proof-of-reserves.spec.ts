import { expect, test } from '@playwright/test';
import { admin, register, uniqueUsername } from './helpers';

/**
 * Proof of reserves (issue 27, decision 0060): the public page in English and Spanish, at 320 px, with
 * the published root and the plain "what this proves / does not"; a user's own inclusion verified in
 * the page (Web Crypto) and downloadable; the staff console's custody page.
 */
test.describe('proof of reserves', () => {
  test('should show the published snapshot and verify my inclusion, in English and Spanish', async ({
    page,
  }) => {
    const username = uniqueUsername('por');
    await register(page, username);
    await admin('wallet:deposit', '--user', username, '--crypto', 'BTC', '--amount', '0.125');
    await admin('reserves:publish');

    // From the wallet page's link.
    await page.goto('/wallet');
    await page.getByRole('link', { name: 'Proof of reserves' }).first().click();
    await expect(page).toHaveURL(/\/proof-of-reserves$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Proof of reserves' })).toBeVisible();
    const btc = page.getByTestId('reserves-coin-BTC');
    await expect(btc).toBeVisible();
    await expect(btc.getByText('Demo network: nothing proved')).toBeVisible();
    await expect(btc.getByTestId('reserves-root')).toHaveText(/^[0-9a-f]{64}$/);
    await expect(page.getByRole('heading', { name: 'What this proves' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What it does not prove' })).toBeVisible();
    await expect(page.getByTestId('reserves-no-addresses')).toBeVisible();

    const mine = page.getByTestId('reserves-mine-BTC');
    await expect(mine).toContainText('0.125');
    await expect(mine.getByTestId('reserves-verified')).toHaveText('Verified in this page');
    const downloading = page.waitForEvent('download');
    await page.getByTestId('reserves-download').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^proof-of-reserves-\d+\.json$/);

    // Spanish, on a 320 px phone.
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto('/es/proof-of-reserves');
    await expect(page.getByRole('heading', { level: 1, name: 'Prueba de reservas' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Qué no prueba' })).toBeVisible();
    await expect(page.getByTestId('reserves-mine-BTC').getByTestId('reserves-verified')).toHaveText(
      'Verificado en esta página',
    );
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('should invite a visitor to log in, and link from the footer', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Proof of reserves' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Proof of reserves' })).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'Log in to check that your balance is included.' }),
    ).toBeVisible();
  });

  test('should show staff the hot and cold balances per coin', async ({ page }) => {
    const username = uniqueUsername('porst');
    await admin(
      'user:create',
      ...['--username', username, '--email', `${username}@example.com`, '--password', 'Sturdy-pass-42'],
      ...['--role', 'admin'],
    );
    await page.goto('/login');
    await page.getByLabel('Username or e-mail').fill(username);
    await page.getByLabel('Password', { exact: false }).first().fill('Sturdy-pass-42');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.goto('/admin/custody');
    await expect(page.getByRole('heading', { level: 1, name: 'Custody' })).toBeVisible();
    await expect(page.getByTestId('custody-BTC').getByText('Demo network')).toBeVisible();
    await expect(page.getByTestId('custody-BTC').getByTestId('custody-refill')).toBeVisible();
    await page.goto('/es/admin/custody');
    await expect(page.getByRole('heading', { level: 1, name: 'Custodia' })).toBeVisible();

    // The console's coin pages in Spanish on a 320 px phone, loaded, without sideways scrolling.
    await page.setViewportSize({ width: 320, height: 700 });
    for (const [path, heading] of [
      ['/es/admin/custody', 'Custodia'],
      ['/es/admin/payouts', 'Pagos'],
      ['/es/admin/chain', 'Reorganizaciones de la cadena'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
      await expect(page.getByText(/^No se pudieron cargar/)).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
    }
  });
});
