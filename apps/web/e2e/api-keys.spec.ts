import { expect, test } from '@playwright/test';
import { formatViolations, seriousViolations } from './a11y';
import { register, uniqueUsername } from './helpers';

/**
 * Issue 16 in the browser: a trader creates an API key on `/user/api-keys`, copies it from the one
 * dialog that shows it, a program reads the account's balances with it (no cookie, no CSRF token) but
 * not its e-mail address, and once the trader revokes it the program is refused. The page in Spanish at 320 px.
 */
test('an API key made in the settings works for a program until it is revoked', async ({
  page,
  playwright,
}) => {
  const name = uniqueUsername('ak');
  await register(page, name);
  await page.goto('/user/api-keys');
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
  await expect(page.getByTestId('api-keys-empty')).toBeVisible();
  await expect(page.getByTestId('api-keys-never')).toContainText('No key can read or change your e-mail');

  const form = page.getByRole('form', { name: 'Create a key' });
  await form.getByRole('textbox', { name: /^Name/ }).fill('price bot');
  await form.getByRole('button', { name: 'Create the key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your new API key' });
  const secret = (await dialog.getByTestId('new-api-key').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^p2pk_\w{10}_\w{40}$/);
  await dialog.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByTestId('api-key')).toHaveAttribute('data-name', 'price bot');

  // A program, with the key only.
  const program = await playwright.request.newContext({
    baseURL: new URL(page.url()).origin,
    extraHTTPHeaders: { authorization: `Bearer ${secret}` },
  });
  const balances = await program.get('/rest/v2/wallet/balances');
  expect(balances.status(), await balances.text()).toBe(200);
  const closed = await program.post('/rest/v1/api-keys', { data: { name: 'more', scopes: ['read'] } });
  expect(closed.status()).toBe(403);
  // The account's personal data is not a key's to read, whatever its scopes (decision 0049).
  const email = await program.get('/rest/v1/user-verification/email');
  expect(email.status()).toBe(403);
  expect(await email.text()).not.toContain('@');

  // The page shows its use; revoking it stops the program at once.
  await page.reload();
  await expect(page.getByTestId('api-key-last-used')).toContainText('last used');
  await page.getByRole('button', { name: 'Revoke price bot' }).click();
  await page
    .getByRole('dialog', { name: 'Revoke the key "price bot"?' })
    .getByRole('button', { name: 'Revoke the key' })
    .click();
  await expect(page.getByTestId('api-keys-empty')).toBeVisible();
  expect((await program.get('/rest/v2/wallet/balances')).status()).toBe(401);
  await program.dispose();

  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto('/es/user/api-keys');
  await expect(page.getByRole('heading', { name: 'Claves de API', level: 1 })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const violations = await seriousViolations(page);
  expect(violations, formatViolations('/es/user/api-keys', violations)).toEqual([]);
});
