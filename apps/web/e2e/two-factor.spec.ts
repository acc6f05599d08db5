import { expect, test, type Page } from '@playwright/test';
import { formatViolations, seriousViolations } from './a11y';
import { Secret, TOTP } from 'otpauth';
import {
  admin,
  desktopNavbar,
  logIn,
  logOut,
  paidTrade,
  register,
  STRONG_PASSWORD,
  uniqueUsername,
  verifyEmail,
} from './helpers';

/** The authenticator's code for a time, as the phone app computes it (RFC 6238, SHA-1, 6 digits). */
const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at,
  });

/** Waits for the next 30-second step to begin: each step's code is accepted once. */
async function nextStep(page: Page) {
  await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 200);
}

/**
 * Issue 12 in the browser: a new user verifies the e-mail from the outbox, turns on an authenticator (the
 * test computes codes from the key the page shows), logs out and back in with the second step, and
 * releases a trade with a code.
 */
test.describe('two-factor authentication', () => {
  test('turn on the authenticator, log in with a code, release a trade with a code', async ({ browser }) => {
    test.setTimeout(180_000);
    const sellerName = uniqueUsername('ts');
    const buyerName = uniqueUsername('tb');
    const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
    const [seller, buyer] = await Promise.all(contexts.map((c) => c.newPage()));
    await register(seller!, sellerName);
    await register(buyer!, buyerName);
    await verifyEmail(seller!, sellerName);
    await admin('wallet:deposit', '--user', sellerName, '--crypto', 'BTC', '--amount', '0.1');

    // The authenticator: the key as text (what the QR code carries), the first code, the recovery codes.
    await seller!.goto('/user/security');
    await seller!.getByRole('button', { name: 'Use an authenticator app' }).click();
    await expect(seller!.getByRole('img', { name: 'QR code of your authenticator key' })).toBeVisible();
    const secret = ((await seller!.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await seller!.getByLabel('Code from your authenticator app').fill(codeAt(secret, Date.now()));
    await seller!.getByRole('button', { name: 'Turn on' }).click();
    const recovery = seller!.getByTestId('recovery-codes');
    await expect(recovery).toBeVisible();
    await recovery.getByLabel('I have saved my recovery codes').check();
    await recovery.getByRole('button', { name: 'Done' }).click();
    await expect(seller!.getByText('Authenticator app')).toBeVisible();

    // Out and back in: the password, then the code (of the next step: this one's was spent turning it on).
    await logOut(seller!, sellerName);
    await logIn(seller!, sellerName, STRONG_PASSWORD);
    const second = seller!.getByRole('form', { name: 'Two-factor code' });
    await expect(second).toBeVisible();
    await second.getByLabel('Code from your authenticator app').fill(codeAt(secret, Date.now() + 30_000));
    await second.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(desktopNavbar(seller!).getByTestId('navbar-username')).toHaveText(sellerName);

    // A trade paid by the buyer; the seller releases it with a code.
    const hash = await paidTrade(seller!, buyer!);
    await seller!.goto(`/trade/${hash}`);
    await seller!.getByTestId('action-release').click();
    await seller!.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();
    const dialog = seller!.getByRole('dialog', { name: 'This cannot be undone' });
    await expect(dialog.getByLabel('Code from your authenticator app')).toBeVisible();
    await expect(dialog.getByTestId('release-confirm')).toBeDisabled();
    // The login took the next step's code: wait for a new step, then its neighbour's code is fresh.
    await nextStep(seller!);
    await dialog.getByLabel('Code from your authenticator app').fill(codeAt(secret, Date.now() + 30_000));
    await dialog.getByTestId('release-confirm').click();
    await expect(seller!.getByTestId('trade-status')).toHaveText('Completed');

    // In Spanish on the smallest phone: the security page with two-factor on, and the login's second step.
    const phone = await browser.newContext({ viewport: { width: 320, height: 700 } });
    const page = await phone.newPage();
    for (const step of ['security', 'login'] as const) {
      if (step === 'security') {
        await seller!.setViewportSize({ width: 320, height: 700 });
        await seller!.goto('/es/user/security');
        await expect(seller!.getByText('App de autenticación')).toBeVisible();
      } else {
        await page.goto('/es/login');
        await page.getByLabel('Usuario o correo').fill(sellerName);
        await page.getByLabel('Contraseña', { exact: false }).first().fill(STRONG_PASSWORD);
        await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
        await expect(page.getByRole('form', { name: 'Código de verificación' })).toBeVisible();
      }
      const target = step === 'security' ? seller! : page;
      const overflow = await target.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${step} at 320 px`).toBeLessThanOrEqual(0);
      const violations = await seriousViolations(target);
      expect(violations, formatViolations(step, violations)).toEqual([]);
    }

    await phone.close();
    await Promise.all(contexts.map((context) => context.close()));
  });
});
