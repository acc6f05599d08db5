import type { OfferListing } from '@app/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  admin,
  apiPost,
  desktopNavbar,
  logIn,
  register,
  STRONG_PASSWORD,
  uniqueUsername,
  verifyEmail,
} from './helpers';

/** A real 8×8 PNG (red), so the server's content checks and re-encoding accept it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWO4IyeHFTEMLQkAid1GAWZe5nIAAAAASUVORK5CYII=',
  'base64',
);

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${page.url()} at ${page.viewportSize()?.width} px`).toBeLessThanOrEqual(0);
}

/** A passport verification sent for review through the API (the page's own flow: verification.spec.ts). */
async function submitPassport(request: APIRequestContext): Promise<number> {
  const started = await apiPost(request, '/account/verification/start/id', {
    issue_country_iso3: 'esp',
    document_type: 'passport',
    first_name_original: 'Ana',
    middle_name_original: '',
    last_name_original: 'García',
    document_number: 'xk1234567',
  });
  const id = Number(started.id);
  for (const side of ['front', 'selfie']) {
    const csrf = await request.get('/rest/v1/auth/csrf');
    const token = ((await csrf.json()) as { data: { csrfToken: string } }).data.csrfToken;
    const answer = await request.post(`/rest/v1/verification/requests/${id}/documents`, {
      multipart: { side, file: { name: `${side}.png`, mimeType: 'image/png', buffer: PNG } },
      headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' },
    });
    expect(answer.ok(), await answer.text()).toBe(true);
  }
  return id;
}

/**
 * Issue 26 in the browser: the approval dialog says what the level will be and what is still missing
 * (a trader with an e-mail but no phone stays at L1 after an approved ID), and the offer page tells a
 * trader whose ID is not verified the amounts of their limits.
 */
test.describe('verification outcome', () => {
  test('the approval dialog tells the level after approval and what is missing, and it is so', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const traderName = uniqueUsername('vo');
    const staffName = uniqueUsername('vs');
    const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
    const [trader, staff] = await Promise.all(contexts.map((context) => context.newPage()));
    await register(trader!, traderName);
    await verifyEmail(trader!, traderName);
    const id = await submitPassport(trader!.request);

    await admin(
      'user:create',
      ...['--username', staffName, '--email', `${staffName}@example.com`, '--password', STRONG_PASSWORD],
      ...['--role', 'admin'],
    );
    await logIn(staff!, staffName, STRONG_PASSWORD);
    await expect(desktopNavbar(staff!).getByTestId('navbar-username')).toHaveText(staffName);
    await staff!.goto(`/admin/verifications/${id}`);
    await expect(staff!.getByTestId('trader-level')).toHaveText('Level L1');
    await staff!.getByTestId('verification-summary').getByRole('button', { name: 'Approve' }).click();
    let dialog = staff!.getByRole('dialog', { name: 'Approve this verification?' });
    await expect(dialog.getByTestId('approval-outcome')).toHaveText(
      'After approval: still level L1.L2 also needs a verified phone number.',
    );
    await expect(dialog).not.toContainText('rises');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // In Spanish on the smallest phone, where it is approved.
    await staff!.setViewportSize({ width: 320, height: 700 });
    await staff!.goto(`/es/admin/verifications/${id}`);
    await staff!.getByTestId('verification-summary').getByRole('button', { name: 'Aprobar' }).click();
    dialog = staff!.getByRole('dialog');
    await expect(dialog.getByTestId('approval-outcome')).toHaveText(
      'Tras la aprobación: sigue en el nivel L1.L2 también necesita un teléfono verificado.',
    );
    await noSidewaysScroll(staff!);
    await dialog.getByRole('button', { name: 'Aprobar' }).click();
    await expect(staff!.getByTestId('verification-status')).toHaveText('Aprobada');

    // As said: the trader is still at L1.
    const levels = await trader!.request.get('/rest/v1/limits/levels-info');
    expect(((await levels.json()) as { data: { current: string } }).data.current).toBe('L1');

    await Promise.all(contexts.map((context) => context.close()));
  });

  test('the offer page gives a trader without a verified ID the amounts of their limits', async ({
    page,
  }) => {
    await register(page, uniqueUsername('vl'));
    const search = await page.request.get(
      '/rest/v1/offers?type=buy&crypto_currency_id=8&currency=EUR&limit=1',
    );
    expect(search.ok()).toBe(true);
    const [listing] = ((await search.json()) as { data: { offers: OfferListing[] } }).data.offers;
    expect(listing, 'a demo BTC offer in EUR').toBeTruthy();

    await page.goto(`/offer/${listing!.hash}`);
    const notice = page.getByTestId('notice-idNotVerified');
    // The default table's L0: 5,000 USD a trade, 20,000 a day, 2 running trades, in euros at today's rate.
    await expect(notice).toContainText(
      /^Your ID is not verified yet, so your trades are limited: at most [\d,]+\.\d{2} EUR per trade, [\d,]+\.\d{2} EUR a day \([\d,]+\.\d{2} EUR left today\), and 2 running trades at a time\./,
    );

    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto(`/es/offer/${listing!.hash}`);
    await expect(page.getByTestId('notice-idNotVerified')).toContainText(
      /como máximo [\d.]+,\d{2} EUR por operación, [\d.]+,\d{2} EUR al día \(te quedan [\d.]+,\d{2} EUR hoy\) y 2 operaciones en curso a la vez\./,
    );
    await noSidewaysScroll(page);
  });
});
