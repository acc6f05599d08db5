import { expect, test } from '@playwright/test';
import { formatViolations, seriousViolations } from './a11y';
import {
  admin,
  desktopNavbar,
  disputedTrade,
  logIn,
  register,
  STRONG_PASSWORD,
  uniqueUsername,
} from './helpers';

/**
 * Issue 11 in the browser: a moderator takes a dispute in the console, asks for evidence and decides it,
 * while the buyer and the seller watch their trade pages follow each step without a reload. A trader who
 * opens /admin sees the ordinary 404 page.
 */
test.describe('the staff console', () => {
  test('a moderator settles a dispute while both parties watch live', async ({ browser }) => {
    test.setTimeout(180_000);
    const sellerName = uniqueUsername('cs');
    const buyerName = uniqueUsername('cb');
    const modName = uniqueUsername('cm');
    const contexts = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
    const [seller, buyer, moderator] = await Promise.all(contexts.map((context) => context.newPage()));
    await register(seller!, sellerName);
    await register(buyer!, buyerName);
    await admin('wallet:deposit', '--user', sellerName, '--crypto', 'BTC', '--amount', '0.5');
    await admin(
      'user:create',
      ...['--username', modName, '--email', `${modName}@example.com`, '--password', STRONG_PASSWORD],
      ...['--role', 'moderator'],
    );
    const hash = await disputedTrade(seller!, buyer!);

    // A trader opening the console gets the 404 page.
    await buyer!.goto('/admin');
    await expect(buyer!.getByRole('heading', { name: 'Page not found' })).toBeVisible();

    for (const page of [buyer!, seller!]) {
      await page.goto(`/trade/${hash}`);
      await expect(page.getByTestId('trade-status')).toHaveText('In dispute');
      await expect(page.getByTestId('dispute-moderator')).toHaveText('Waiting for a moderator to join.');
    }

    // The moderator finds it in the queue and takes it.
    await logIn(moderator!, modName, STRONG_PASSWORD);
    await expect(desktopNavbar(moderator!).getByTestId('navbar-username')).toHaveText(modName);
    await moderator!.goto('/admin');
    const row = moderator!.getByTestId('dispute-row').filter({ hasText: hash });
    await expect(row).toContainText(`${buyerName} (buyer) and ${sellerName} (seller)`);
    await row.getByRole('link', { name: 'Open' }).click();
    await expect(moderator!.getByRole('heading', { level: 1 })).toHaveText(`Dispute on trade ${hash}`);
    await moderator!.getByRole('button', { name: 'Take this dispute' }).click();
    await expect(moderator!.getByTestId('dispute-holder-text')).toContainText('You hold this dispute');

    for (const page of [buyer!, seller!]) {
      await expect(page.getByTestId('dispute-moderator')).toHaveText(
        `${modName} joined the chat and is reviewing the dispute.`,
      );
      await expect(page.getByTestId('chat-messages')).toContainText('A moderator joined the chat');
    }

    // The moderator writes to both parties from the console's chat; each sees it live, marked as staff.
    const note = 'Both of you: please upload the statements that show the transfer.';
    const staffBox = moderator!.getByRole('textbox', { name: 'Write to both parties' });
    await staffBox.fill(note);
    await moderator!.getByTestId('trade-chat').getByRole('button', { name: 'Send' }).click();
    await expect(staffBox).toHaveValue('');
    for (const page of [moderator!, buyer!, seller!]) {
      const message = page.getByTestId('chat-message').filter({ hasText: note });
      await expect(message).toHaveAttribute('data-staff', 'true');
      await expect(message.getByTestId('chat-staff-badge')).toHaveText('Moderator');
      await expect(message).toContainText(modName);
    }
    await expect(buyer!.getByTestId('chat-notice')).toContainText('A moderator reads this chat');

    // Evidence asked of the buyer reaches both chats live.
    await moderator!
      .getByLabel('What should they send?')
      .fill('Upload the bank statement with the transfer.');
    await moderator!.getByRole('button', { name: 'Send the request' }).click();
    await expect(buyer!.getByTestId('chat-messages')).toContainText(
      'The moderator asks the buyer for more evidence: Upload the bank statement with the transfer.',
    );

    // The decision: reason, then the confirmation that says what moves to whom.
    const reason = 'The bank statement shows the transfer on time.';
    await moderator!.getByRole('button', { name: 'Decide the dispute' }).click();
    const dialog = moderator!.getByRole('dialog');
    await dialog.getByLabel(new RegExp(`The buyer: release .* BTC from escrow to ${buyerName}`)).check();
    await dialog.getByLabel(/Reason/).fill(reason);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(moderator!.getByTestId('award-confirm-text')).toContainText(`to ${buyerName} (the buyer)`);
    await moderator!.getByRole('button', { name: 'Confirm the decision' }).click();
    await expect(moderator!.getByTestId('console-decision')).toContainText('Buyer won');

    for (const page of [buyer!, seller!]) {
      await expect(page.getByTestId('trade-status')).toHaveText('Dispute: buyer won');
      await expect(page.getByTestId('dispute-decision')).toContainText(reason);
      await expect(page.getByTestId('chat-messages')).toContainText(`Moderator’s decision: ${reason}`);
      // The chat says what it is after a decision (it used to say it "opens once the trade is funded").
      await expect(page.getByTestId('chat-notice')).toContainText(
        'The dispute was decided. The chat stays open until',
      );
    }
    // The decider can still answer the parties for as long as they can write.
    await expect(moderator!.getByTestId('chat-notice')).toContainText(
      'The dispute was decided. You can still write to the parties until',
    );
    // The buyer downloads the trade's tamper-evident record from the trade page; it verifies offline.
    const [download] = await Promise.all([
      buyer!.waitForEvent('download'),
      buyer!.getByRole('link', { name: 'JSON (verifiable)' }).click(),
    ]);
    const file = await download.path();
    const verified = await admin('trade:verify-record', file);
    expect(verified.stdout).toContain(`valid record of trade ${hash}`);

    // The buyer's trade page in Spanish on the smallest phone: the moderator's message marked, the chat's
    // words for a decided dispute, no sideways scrolling, no serious accessibility problem.
    await buyer!.setViewportSize({ width: 320, height: 700 });
    await buyer!.goto(`/es/trade/${hash}`);
    await expect(
      buyer!.getByTestId('chat-message').filter({ hasText: note }).getByTestId('chat-staff-badge'),
    ).toHaveText('Moderador');
    await expect(buyer!.getByTestId('chat-notice')).toContainText('La disputa se resolvió.');
    const tradeOverflow = await buyer!.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(tradeOverflow, 'the trade page at 320 px').toBeLessThanOrEqual(0);
    const tradeViolations = await seriousViolations(buyer!);
    expect(tradeViolations, formatViolations(`/es/trade/${hash}`, tradeViolations)).toEqual([]);

    // The console in Spanish on the smallest phone: no sideways scrolling, no serious accessibility problem.
    await moderator!.setViewportSize({ width: 320, height: 700 });
    for (const [path, heading] of [
      ['/es/admin/disputes?status=decided', 'Disputas'],
      [`/es/admin/disputes/${hash}`, `Disputa de la operación ${hash}`],
    ] as const) {
      await moderator!.goto(path);
      await expect(moderator!.getByRole('heading', { level: 1 })).toHaveText(heading);
      const overflow = await moderator!.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} at 320 px`).toBeLessThanOrEqual(0);
      const violations = await seriousViolations(moderator!);
      expect(violations, formatViolations(path, violations)).toEqual([]);
    }

    await Promise.all(contexts.map((context) => context.close()));
  });
});
