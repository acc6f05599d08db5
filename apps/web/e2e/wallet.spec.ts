import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { register, uniqueUsername, verifyEmail } from './helpers';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);

/**
 * Simulates an incoming chain transaction with the admin command, against the same database as the
 * server under test (it reaches the running server through its socket in DATA_DIR).
 */
async function deposit(username: string, amount: string, options: { pending?: boolean } = {}) {
  const args = ['run', '--silent', 'admin', '-w', '@app/server', '--', 'wallet:deposit'];
  args.push('--user', username, '--crypto', 'BTC', '--amount', amount);
  if (options.pending) args.push('--pending');
  await run('npm', args, { cwd: repoRoot, env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR } });
}

const available = (page: Page, code = 'BTC') => page.getByTestId(`balance-available-${code}`);

test.describe('wallet', () => {
  test('should fund, copy the address, hide balances, transfer to another user and move the bond', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const alice = uniqueUsername('wa');
    const bob = uniqueUsername('wb');

    // The recipient registers in a browser of their own.
    const bobContext = await browser.newContext();
    const bobPage = await bobContext.newPage();
    await register(bobPage, bob);

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await register(page, alice);
    // Crypto leaves a wallet only from a verified address: the code comes from the outbox.
    await verifyEmail(page, alice);
    await deposit(alice, '0.5');
    await deposit(alice, '0.01', { pending: true });

    // The navbar leads to the wallet; the funded balance is there, the pending deposit is "incoming".
    await page.getByTestId('navbar-desktop').getByRole('link', { name: 'Wallet' }).click();
    await expect(page).toHaveURL('/wallet');
    await expect(page.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();
    await expect(available(page)).toHaveText('0.50 BTC');
    await expect(page.getByTestId('balance-incoming-BTC')).toContainText('Incoming');
    await expect(page.getByTestId('balance-incoming-BTC')).toContainText('0.01 BTC');
    await expect(page.getByTestId('wallet-total')).toContainText('$');

    // Deposit: the address, its QR code, copy with feedback, the network, the pending deposit marked.
    // The simulated chain says so (decision 0047): a regtest address, the demo notice, the QR stamped.
    const address = (await page.getByTestId('deposit-address').textContent()) ?? '';
    expect(address).toMatch(/^bcrt1q[02-9ac-hj-np-z]{38}$/);
    await expect(page.getByTestId('demo-network-notice')).toContainText(
      'Demo network: nothing sent here arrives',
    );
    await expect(page.getByTestId('demo-address-badge')).toHaveText('Demo address');
    await expect(
      page.getByRole('img', { name: 'QR code of a demo BTC address: nothing sent to it arrives' }),
    ).toBeVisible();
    await expect(page.getByTestId('deposit-network')).toHaveText('Bitcoin regtest');
    await expect(page.getByText(/^Send only BTC/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Copy address' }).click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    const deposits = page.getByTestId('deposit-list');
    await expect(deposits.locator('li[data-status="pending"]')).toContainText('Pending');
    await expect(deposits.locator('li[data-status="confirmed"]')).toContainText('+0.50 BTC');

    // Hide balances: every amount masked, and it survives a reload.
    await page.getByRole('button', { name: 'Hide balances' }).click();
    await expect(available(page)).toHaveAttribute('data-masked', 'true');
    await expect(page.getByTestId('wallet-total')).toHaveAttribute('data-masked', 'true');
    await expect(page.getByRole('main')).not.toContainText('0.50 BTC');
    await page.reload();
    await expect(available(page)).toHaveAttribute('data-masked', 'true');
    await page.getByRole('button', { name: 'Show balances' }).click();
    await expect(available(page)).toHaveText('0.50 BTC');

    // Send: a bad amount is refused on the field, before anything is sent.
    await page.getByRole('tab', { name: 'Send' }).click();
    const form = page.getByRole('form', { name: 'Send crypto' });
    await expect(form.getByTestId('demo-network-notice')).toContainText(
      'no real BTC leaves it and nothing reaches the address you give. Only Bitcoin regtest addresses are accepted.',
    );
    const amount = form.getByRole('textbox', { name: /^Amount \(BTC\)/ });
    const addressField = form.getByRole('textbox', { name: /^Bitcoin regtest address/ });
    await addressField.fill('not-a-bitcoin-address');
    await amount.fill('0.123456789');
    await form.getByRole('button', { name: 'Review and send' }).click();
    await expect(form.getByText('This coin has at most 8 decimal places.')).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');

    // The server's 422 (an address the network refuses) lands on the address field.
    await amount.fill('0.01');
    await expect(form.getByTestId('preview-total')).toHaveText('0.01005 BTC');
    await form.getByRole('button', { name: 'Review and send' }).click();
    // A click during the dialog's opening transition can be lost on a loaded machine: click until the
    // dialog has gone (the answer closes it), as a user would press again.
    const confirm = page.getByRole('dialog', { name: 'Confirm the withdrawal' });
    await expect(async () => {
      if (await confirm.isVisible()) {
        await confirm.getByRole('button', { name: 'Send now' }).click({ timeout: 2_000 });
      }
      await expect(confirm).toBeHidden({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(form.getByText('This is not a valid Bitcoin regtest address.')).toBeVisible();

    // A real Bitcoin address is refused on the demo network, said as such; the confirmation said it too.
    await addressField.fill('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    await form.getByRole('button', { name: 'Review and send' }).click();
    await expect(confirm.getByTestId('demo-network-confirm')).toHaveText(
      'Demo network: this send goes nowhere, no real BTC moves.',
    );
    await expect(async () => {
      if (await confirm.isVisible()) {
        await confirm.getByRole('button', { name: 'Send now' }).click({ timeout: 2_000 });
      }
      await expect(confirm).toBeHidden({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(
      form.getByText(
        'This is an address of another network: this wallet sends only to Bitcoin regtest addresses.',
      ),
    ).toBeVisible();
    await expect(available(page)).toHaveText('0.50 BTC');

    // An internal transfer, confirmed first, moves both balances.
    await form.getByText('Username', { exact: true }).click();
    await form.getByRole('textbox', { name: /^Username/ }).fill(bob);
    await amount.fill('0.1');
    await expect(form.getByTestId('preview-fee')).toHaveText('0.00 BTC');
    await form.getByRole('button', { name: 'Review and send' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm the transfer' });
    await expect(dialog.getByTestId('confirm-destination')).toHaveText(`@${bob}`);
    await expect(dialog.getByTestId('confirm-total')).toHaveText('0.10 BTC');
    await dialog.getByRole('button', { name: 'Send now' }).click();
    await expect(page.getByText(`0.10 BTC sent to ${bob}.`)).toBeVisible();
    await expect(available(page)).toHaveText('0.40 BTC');

    await bobPage.goto('/wallet');
    await expect(available(bobPage)).toHaveText('0.10 BTC');
    await bobPage.getByRole('tab', { name: 'History' }).click();
    await expect(bobPage.getByTestId('transactions')).toContainText('Transfer between users');
    await expect(bobPage.getByTestId('transactions')).toContainText('+0.10 BTC');
    await bobContext.close();

    await page.getByRole('tab', { name: 'History' }).click();
    const sent = page.getByTestId('withdrawals');
    await expect(sent).toContainText(`@${bob}`);
    await expect(sent.getByTestId('withdrawal-status').first()).toHaveText('Completed');

    // Security deposit: deposit it, then retrieve it, each after a confirmation.
    await page.getByRole('tab', { name: 'Security deposit' }).click();
    await page.getByRole('button', { name: 'Deposit the BTC security deposit' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deposit 0.002 BTC' }).click();
    await expect(page.getByTestId('bond-status-BTC')).toHaveText('Complete');
    await expect(page.getByTestId('bond-deposited-BTC')).toHaveText('0.002 BTC');
    await expect(available(page)).toHaveText('0.398 BTC');

    await page.getByRole('button', { name: 'Retrieve the BTC security deposit' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Retrieve 0.002 BTC' }).click();
    await expect(page.getByTestId('bond-status-BTC')).toHaveText('Not complete');
    await expect(page.getByTestId('bond-deposited-BTC')).toHaveText('0.00 BTC');
    await expect(available(page)).toHaveText('0.40 BTC');
  });

  test('should send a visitor to log in and come back to the wallet', async ({ page }) => {
    await page.goto('/wallet');
    await expect(page).toHaveURL(`/login?returnTo=${encodeURIComponent('/wallet')}`);
    // A demo account (DEMO_DATA=true in the test server).
    await page.getByLabel('Username or e-mail').fill('carol');
    await page.getByLabel('Password', { exact: false }).first().fill('Demo-pass-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/wallet');
    await expect(page.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();
    await expect(available(page)).toBeVisible();
  });

  test('should say it is a demo network on the deposit and send screens, in Spanish at 320 px', async ({
    page,
  }, testInfo) => {
    const username = uniqueUsername('wd');
    await register(page, username);
    await page.setViewportSize({ width: 320, height: 800 });

    await page.goto('/es/wallet?tab=deposit');
    const notice = page.getByTestId('demo-network-notice');
    await expect(notice).toContainText('Red de demostración: nada de lo que envíes aquí llega');
    await expect(notice).toContainText('La dirección de abajo no pertenece a nadie');
    await expect(page.getByTestId('deposit-address')).toHaveText(/^bcrt1q[02-9ac-hj-np-z]{38}$/);
    await expect(page.getByTestId('demo-address-badge')).toHaveText('Dirección de demostración');
    await expect(
      page.getByRole('img', {
        name: 'Código QR de una dirección de BTC de demostración: nada de lo que se le envíe llega',
      }),
    ).toBeVisible();
    await expect(page.getByTestId('deposit-network')).toHaveText('Bitcoin regtest');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow(), 'deposit at 320 px').toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath('wallet-demo-deposit-320-es.png'), fullPage: true });

    // Ethereum has no test address format: the notice is what says it.
    await page.goto('/es/wallet?tab=deposit&coin=ETH');
    await expect(page.getByTestId('deposit-address')).toHaveText(/^0x[0-9a-fA-F]{40}$/);
    await expect(page.getByTestId('demo-network-notice')).toContainText('Red de demostración');

    await page.goto('/es/wallet?tab=send');
    const form = page.getByRole('form', { name: 'Enviar cripto' });
    await expect(form.getByTestId('demo-network-notice')).toContainText(
      'Los envíos desde este monedero van a una cadena simulada',
    );
    await expect(form.getByTestId('demo-network-notice')).toContainText(
      'Solo se aceptan direcciones de Bitcoin regtest.',
    );
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await overflow(), 'send at 320 px').toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath('wallet-demo-send-320-es.png'), fullPage: true });
  });

  // Every tab at phone and desktop widths, light and dark: nothing overflows sideways, and full-page PNGs
  // land in test-results/ for a person to look at.
  test('should fit every tab at 375 and 1280 px, light and dark', async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    const username = uniqueUsername('ws');
    await register(page, username);
    await deposit(username, '0.5');
    await deposit(username, '0.01', { pending: true });
    for (const scheme of ['light', 'dark']) {
      await context.addCookies([{ name: 'theme', value: scheme, url: baseURL }]);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        for (const tab of ['deposit', 'send', 'history', 'bond']) {
          await page.goto(`/wallet?tab=${tab}`);
          // The pending 0.01 confirms after two 20 s blocks, which a loaded machine reaches mid-loop.
          await expect(available(page)).toHaveText(/^0\.5[01] BTC$/);
          await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect(overflow, `${tab} at ${width} px (${scheme})`).toBeLessThanOrEqual(0);
          await page.screenshot({
            path: testInfo.outputPath(`wallet-${tab}-${width}-${scheme}.png`),
            fullPage: true,
          });
        }
      }
    }
  });
});
