import { expect, test } from '@playwright/test';
import { admin, disputedTrade, register, uniqueUsername, verifyEmail } from './helpers';

/**
 * Issue 10, item 1 in the browser: a stranger's unpaid, disputed 10 USD trade leaves the seller's wallet
 * open (only the escrow is held), and the operator's `dispute:award` reaches both trade pages live.
 */
test.describe('dispute decided by the operator', () => {
  test('the seller can still send, and the award shows up live with its reason', async ({ browser }) => {
    test.setTimeout(150_000);
    const sellerName = uniqueUsername('ds');
    const buyerName = uniqueUsername('db');
    const sellerContext = await browser.newContext();
    const buyerContext = await browser.newContext();
    const seller = await sellerContext.newPage();
    const buyer = await buyerContext.newPage();
    await register(seller, sellerName);
    await verifyEmail(seller, sellerName);
    await register(buyer, buyerName);
    await admin('wallet:deposit', '--user', sellerName, '--crypto', 'BTC', '--amount', '0.5');

    const hash = await disputedTrade(seller, buyer);

    // The seller's send form stays open: it says what the escrow holds, nothing refuses.
    await seller.goto('/wallet?tab=send');
    const form = seller.getByRole('form', { name: 'Send crypto' });
    await expect(form.getByTestId('withdraw-active-trades')).toContainText(
      'stay in escrow until your trades finish',
    );
    // What is not in escrow can go (within the level's send-out limit), here to the buyer by username.
    await form.getByText('Username', { exact: true }).click();
    await form.getByRole('textbox', { name: /^Username/ }).fill(buyerName);
    await form.getByRole('textbox', { name: /^Amount \(BTC\)/ }).fill('0.05');
    await form.getByRole('button', { name: 'Review and send' }).click();
    await seller
      .getByRole('dialog', { name: 'Confirm the transfer' })
      .getByRole('button', { name: 'Send now' })
      .click();
    await expect(seller.getByText(`0.05 BTC sent to ${buyerName}.`)).toBeVisible();

    await seller.goto(`/trade/${hash}`);
    await buyer.goto(`/trade/${hash}`);
    await expect(buyer.getByTestId('trade-status')).toHaveText('In dispute');
    await expect(seller.getByTestId('trade-status')).toHaveText('In dispute');

    const reason = 'The bank statement shows the payment on time.';
    const { stdout } = await admin('dispute:award', '--trade', hash, '--winner', 'buyer', '--reason', reason);
    expect(stdout).toContain('dispute decided for the buyer');

    for (const page of [buyer, seller]) {
      await expect(page.getByTestId('trade-status')).toHaveText('Dispute: buyer won');
      await expect(page.getByTestId('chat-messages')).toContainText(`Moderator’s decision: ${reason}`);
    }

    // A second award finds the trade decided.
    await expect(
      admin('dispute:award', '--trade', hash, '--winner', 'seller', '--reason', 'x'),
    ).rejects.toThrow(/not in dispute \(it is dispute won buyer\)/);

    await sellerContext.close();
    await buyerContext.close();
  });
});
