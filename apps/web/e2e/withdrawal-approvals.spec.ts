import { expect, test, type Page } from '@playwright/test';
import { admin, logIn, register, STRONG_PASSWORD, uniqueUsername, verifyEmail } from './helpers';

/** A Bitcoin regtest address (BIP-173's program): what the simulated chain sends to. */
const REGTEST_ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';

/** A supermod created by the operator's command, logged in on `page`. */
async function supermod(page: Page, prefix: string) {
  const name = uniqueUsername(prefix);
  await admin(
    'user:create',
    ...['--username', name, '--email', `${name}@example.com`, '--password', STRONG_PASSWORD],
    ...['--role', 'supermod'],
  );
  await logIn(page, name, STRONG_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  return name;
}

/**
 * Issue 27, the four-eyes queue (decision 0058; the server runs with WITHDRAW_APPROVAL_USD=5000): a user's
 * large withdrawal waits for review, one supermod approves it in the console in English, a second one in
 * Spanish on a 320 px phone, and the user then sees it leave the queue for the network.
 */
test.describe('withdrawal approvals', () => {
  test('a large withdrawal waits, two staff members approve it, the user sees it pending', async ({
    browser,
    page,
  }) => {
    test.setTimeout(180_000);
    const user = uniqueUsername('wq');
    await register(page, user);
    await verifyEmail(page, user);
    await admin('wallet:deposit', '--user', user, '--crypto', 'BTC', '--amount', '0.5');

    // 0.1 BTC is worth about 9,000 USD on the demo market: above the threshold.
    await page.goto('/wallet?tab=send');
    const form = page.getByRole('form', { name: 'Send crypto' });
    await form.getByRole('textbox', { name: /^Bitcoin regtest address/ }).fill(REGTEST_ADDRESS);
    await form.getByRole('textbox', { name: /^Amount \(BTC\)/ }).fill('0.1');
    await form.getByRole('button', { name: 'Review and send' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm the withdrawal' });
    await expect(async () => {
      if (await confirm.isVisible()) {
        await confirm.getByRole('button', { name: 'Send now' }).click({ timeout: 2_000 });
      }
      await expect(confirm).toBeHidden({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByText('Withdrawal waiting for review')).toBeVisible();
    await expect(page.getByText(/checked by two members of our staff before they are sent/)).toBeVisible();
    await expect(page.getByTestId('balance-available-BTC')).toHaveText('0.39995 BTC');

    await page.getByRole('tab', { name: 'History' }).click();
    const sent = page.getByTestId('withdrawals');
    await expect(sent.getByTestId('withdrawal-status').first()).toHaveText('Waiting for approval');
    await expect(sent.getByTestId('withdrawal-review-note').first()).toContainText(
      'Approvals so far: 0 of 2.',
    );
    await expect(sent).toContainText('Waiting for staff review');

    // The first supermod, in English on a desktop.
    const firstContext = await browser.newContext();
    const first = await firstContext.newPage();
    await supermod(first, 'wqa');
    await first.goto('/admin/withdrawals');
    await expect(first.getByRole('heading', { name: 'Withdrawal approvals', level: 1 })).toBeVisible();
    const row = first.getByTestId('withdrawal-approval-row').filter({ hasText: `From @${user}` });
    await expect(row).toContainText('0.10 BTC');
    await expect(row).toContainText(REGTEST_ADDRESS);
    await expect(row).toContainText('0 of 2 approvals');
    await row.getByRole('button', { name: 'Approve' }).click();
    const approveDialog = first.getByRole('dialog', { name: 'Approve this withdrawal?' });
    await expect(approveDialog).toContainText('first of two approvals');
    await approveDialog.getByRole('button', { name: 'Approve' }).click();
    await expect(approveDialog).toBeHidden();
    await expect(row).toContainText('1 of 2 approvals');
    await expect(row).toContainText('You approved it.');
    await expect(row.getByRole('button', { name: 'Approve' })).toBeDisabled();
    await firstContext.close();

    await page.reload();
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(sent.getByTestId('withdrawal-review-note').first()).toContainText(
      'Approvals so far: 1 of 2.',
    );

    // The second supermod, in Spanish on a 320 px phone.
    const secondContext = await browser.newContext({ viewport: { width: 320, height: 720 } });
    const second = await secondContext.newPage();
    await supermod(second, 'wqb');
    await second.goto('/es/admin/withdrawals');
    await expect(second.getByRole('heading', { name: 'Aprobación de retiros', level: 1 })).toBeVisible();
    const rowEs = second.getByTestId('withdrawal-approval-row').filter({ hasText: `De @${user}` });
    await expect(rowEs).toContainText('1 de 2 aprobaciones');
    expect(await second.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await rowEs.getByRole('button', { name: 'Aprobar' }).click();
    const dialogEs = second.getByRole('dialog', { name: '¿Aprobar este retiro?' });
    await expect(dialogEs).toContainText('La tuya es la segunda aprobación');
    await dialogEs.getByRole('button', { name: 'Aprobar' }).click();
    await expect(dialogEs).toBeHidden();
    await expect(rowEs).toHaveCount(0);
    await secondContext.close();

    // The user: out of the queue, to the network (the simulated miner may already have completed it).
    await page.reload();
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(sent.getByTestId('withdrawal-status').first()).toHaveText(/^(Pending|Completed)$/);
    await expect(sent.getByTestId('withdrawal-review-note')).toHaveCount(0);
  });
});
