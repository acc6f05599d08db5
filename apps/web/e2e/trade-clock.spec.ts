import { expect, test } from '@playwright/test';
import { admin, apiPost, register, uniqueUsername } from './helpers';

/**
 * Issue 26 item 9 in the browser: the buyer's trade page offers the dispute when the wait after "paid"
 * ends (TRADE_DISPUTE_AFTER_PAID_SECONDS=8 in playwright.config.ts), without a reload. The real server
 * decides when a dispute may open; the page's own clock asks it at that moment.
 */
test.describe('the trade page follows the clock', () => {
  test('the dispute button appears when the wait ends, without a reload', async ({ browser }) => {
    test.setTimeout(120_000);
    const sellerName = uniqueUsername('ks');
    const buyerName = uniqueUsername('kb');
    const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
    const [seller, buyer] = await Promise.all(contexts.map((context) => context.newPage()));
    await register(seller!, sellerName);
    await register(buyer!, buyerName);
    await admin('wallet:deposit', '--user', sellerName, '--crypto', 'BTC', '--amount', '0.1');
    const offer = await apiPost(seller!.request, '/rest/v1/my-offers', {
      type: 'sell',
      crypto_currency_code: 'BTC',
      fiat_currency_code: 'USD',
      payment_method: 'bank-transfer',
      margin: '0',
      range_min: '10',
      range_max: '500',
      payment_window: 60,
      offer_terms: 'Pay from an account in your own name.',
      trade_details: 'IBAN DE89 3704 0044 0532 0130 00',
    });
    const trade = await apiPost(buyer!.request, '/rest/v1/trade/start', {
      offer_hash: offer.idHashed,
      fiat_amount: '10',
    });
    const hash = String(trade.id);

    // The page is open before the buyer pays; a mark on the window shows it is never reloaded.
    await buyer!.goto(`/trade/${hash}`);
    await expect(buyer!.getByTestId('trade-status')).toHaveText('Waiting for payment');
    await buyer!.evaluate(() => {
      (window as unknown as { notReloaded?: boolean }).notReloaded = true;
    });
    await buyer!.getByTestId('action-paid').click();
    await buyer!.getByRole('button', { name: 'Yes, I have paid' }).click();

    // Paid: the wait is announced and no dispute is offered yet.
    await expect(buyer!.getByTestId('trade-status')).toHaveText('Paid');
    await expect(buyer!.getByTestId('trade-actions')).toContainText('A dispute can be opened from');
    await expect(buyer!.getByTestId('action-dispute')).toHaveCount(0);

    // The wait ends: the button appears on the same page.
    await expect(buyer!.getByTestId('action-dispute')).toBeVisible({ timeout: 30_000 });
    await expect(buyer!.getByTestId('trade-actions')).not.toContainText('A dispute can be opened from');
    expect(
      await buyer!.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
      'the page was not reloaded',
    ).toBe(true);

    // And it works: the buyer opens the dispute from it.
    await buyer!.getByTestId('action-dispute').click();
    await expect(buyer!.getByRole('dialog')).toBeVisible();

    await Promise.all(contexts.map((context) => context.close()));
  });
});
