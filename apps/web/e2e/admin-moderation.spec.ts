import { expect, test, type Page } from '@playwright/test';
import { formatViolations, seriousViolations } from './a11y';
import { admin, apiPost, logIn, register, STRONG_PASSWORD, uniqueUsername } from './helpers';

/** A staff member created by the operator's command, logged in on `page`. */
async function staffMember(page: Page, role: 'moderator' | 'supermod') {
  const name = uniqueUsername(role === 'moderator' ? 'om' : 'os');
  await admin(
    'user:create',
    ...['--username', name, '--email', `${name}@example.com`, '--password', STRONG_PASSWORD],
    ...['--role', role],
  );
  await logIn(page, name, STRONG_PASSWORD);
  await expect(page.getByTestId('navbar-desktop').getByTestId('navbar-username')).toHaveText(name);
  return name;
}

/**
 * Issue 11, offers: a trader reports an offer, a moderator switches it off from the report queue, its
 * owner appeals on their offers page, and a supermod (not the moderator who rejected it) upholds the
 * appeal in the console; the owner sees each step. The pages involved in Spanish at 320 px.
 */
test.describe('offer moderation in the console', () => {
  test('a rejected offer is appealed by its owner and approved by a second moderator', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const ownerName = uniqueUsername('oo');
    const contexts = await Promise.all(Array.from({ length: 4 }, () => browser.newContext()));
    const [owner, reporter, moderator, supermod] = await Promise.all(contexts.map((c) => c.newPage()));
    await register(owner!, ownerName);
    await register(reporter!, uniqueUsername('or'));
    const offer = await apiPost(owner!.request, '/rest/v1/my-offers', {
      type: 'buy',
      crypto_currency_code: 'BTC',
      fiat_currency_code: 'USD',
      payment_method: 'bank-transfer',
      margin: '1',
      range_min: '10',
      range_max: '500',
      offer_terms: 'Send the money to my other account first.',
    });
    const hash = String(offer.idHashed);
    await apiPost(reporter!.request, `/rest/v1/offers/${hash}/report`, { reason: 'outside_escrow' });

    // The moderator switches the offer off, with a note to the owner and a reason for the audit log.
    const modName = await staffMember(moderator!, 'moderator');
    await moderator!.goto('/admin/reports');
    const report = moderator!.getByTestId('report-row').filter({ hasText: hash });
    await report.getByRole('button', { name: 'Switch the offer off' }).click();
    const act = moderator!.getByRole('dialog');
    await act.getByLabel('Message to the owner').fill('Remove the request to pay another account first.');
    await act.getByLabel(/Reason/).fill('Asks for payment outside escrow.');
    await act.getByRole('button', { name: 'Switch the offer off' }).click();
    await expect(act).toBeHidden();

    // The owner sees why, and appeals.
    await owner!.goto('/offer-manager?type=buy');
    const notice = owner!.getByTestId(`my-offer-moderation-${hash}`);
    await expect(notice).toContainText('A moderator switched this offer off');
    await expect(notice).toContainText('Remove the request to pay another account first.');
    await notice.getByRole('button', { name: 'Appeal' }).click();
    const appeal = owner!.getByRole('dialog', { name: 'Appeal against the rejection' });
    await appeal.getByLabel(/approved as it is/).fill('The other account is in my own name.');
    await appeal.getByRole('button', { name: 'Send the appeal' }).click();
    await expect(appeal).toBeHidden();
    await expect(notice).toContainText('waiting for a second moderator');

    // The moderator who rejected it has no appeals page; a supermod upholds it.
    await moderator!.goto('/admin');
    await expect(moderator!.getByRole('link', { name: 'Appeals' })).toHaveCount(0);
    await staffMember(supermod!, 'supermod');
    await supermod!.goto('/admin/appeals?kind=offers');
    const row = supermod!.getByTestId('offer-appeal-row').filter({ hasText: hash });
    await expect(row).toContainText(`${ownerName} appeals against the rejection by ${modName}`);
    await expect(row).toContainText('The other account is in my own name.');
    await row.getByRole('button', { name: 'Uphold' }).click();
    const decide = supermod!.getByRole('dialog', { name: `Uphold the appeal of ${ownerName}?` });
    await expect(decide).toContainText('any penalty is lifted');
    await decide.getByLabel(/Reason/).fill('Paying into an own account is allowed.');
    await decide.getByRole('button', { name: 'Uphold' }).click();
    await expect(decide).toBeHidden();

    await owner!.reload();
    await expect(notice).toContainText('Your appeal was upheld');
    await expect(notice).toContainText('Paying into an own account is allowed.');

    // The pages of this flow in Spanish on the smallest phone: no sideways scrolling, no serious a11y issue.
    for (const [page, path, item] of [
      [supermod!, '/es/admin/appeals?kind=offers&status=upheld', 'offer-appeal-row'],
      [supermod!, '/es/admin/reports?status=actioned', 'report-row'],
      [owner!, '/es/offer-manager?type=buy', `my-offer-moderation-${hash}`],
    ] as const) {
      await page.setViewportSize({ width: 320, height: 700 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId(item).first()).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} at 320 px`).toBeLessThanOrEqual(0);
      const violations = await seriousViolations(page);
      expect(violations, formatViolations(path, violations)).toEqual([]);
    }

    await Promise.all(contexts.map((context) => context.close()));
  });
});
