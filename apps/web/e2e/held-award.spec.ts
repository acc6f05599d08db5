import { expect, test, type Page } from '@playwright/test';
import { admin, disputedTrade, register, uniqueUsername } from './helpers';

/** The date as the page writes it (`dateStyle: medium, timeStyle: short`), in the browser's own zone. */
const pageDate = (page: Page, iso: string, locale: string) =>
  page.evaluate(
    ([value, lang]) =>
      new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value!)),
    [iso, locale],
  );

/**
 * Issue 26, item 2 in the browser (decision 0048; the e2e server runs with FEATURES=disputeAppeal): the
 * buyer wins a dispute; the award is held while the seller may appeal. The winner's wallet lists it with
 * the date it becomes available and keeps it out of the available balance; the trade page says the same.
 * In Spanish at 320 px too.
 */
test.describe('a dispute award held while it can be appealed', () => {
  test('the winner sees the held amount and the date it becomes available', async ({ browser }) => {
    test.setTimeout(150_000);
    const sellerName = uniqueUsername('hs');
    const buyerName = uniqueUsername('hb');
    const sellerContext = await browser.newContext();
    const buyerContext = await browser.newContext();
    const seller = await sellerContext.newPage();
    const buyer = await buyerContext.newPage();
    await register(seller, sellerName);
    await register(buyer, buyerName);
    await admin('wallet:deposit', '--user', sellerName, '--crypto', 'BTC', '--amount', '0.5');
    const hash = await disputedTrade(seller, buyer);

    const { stdout } = await admin(
      'dispute:award',
      ...['--trade', hash, '--winner', 'buyer', '--reason', 'The statement shows the payment.'],
    );
    const heldUntil = /held until (\S+) while it can be appealed/.exec(stdout)?.[1];
    expect(heldUntil, stdout).toBeTruthy();
    const trade = (await (await buyer.request.get(`/rest/v1/trade/${hash}`)).json()) as {
      data: { buyerReceives: string };
    };
    // The page writes every significant decimal: 0.00010526 BTC, not 0.00010526000.
    const amount = trade.data.buyerReceives.replace(/0+$/, '');

    // The trade page: when the award becomes the winner's.
    await buyer.goto(`/trade/${hash}`);
    await expect(buyer.getByTestId('trade-status')).toHaveText('Dispute: buyer won');
    const date = await pageDate(buyer, heldUntil!, 'en');
    await expect(buyer.getByTestId('award-hold')).toHaveText(
      `${amount} BTC is held for you until ${date}, while the decision can be appealed. Then it becomes available in your wallet.`,
    );
    // The loser is offered the appeal until the same moment.
    await seller.goto(`/trade/${hash}`);
    await expect(seller.getByTestId('dispute-appeal')).toContainText(
      `You may appeal this decision until ${date}`,
    );
    await expect(seller.getByTestId('award-hold')).toHaveCount(0);

    // The wallet: held, with its date, and not in the available balance.
    await buyer.goto('/wallet');
    const held = buyer.getByTestId(`held-award-${hash}`);
    await expect(held).toContainText(
      `${amount} BTC held until ${date}: a dispute award that can still be appealed.`,
    );
    await expect(buyer.getByTestId('balance-available-BTC')).toHaveText('0.00 BTC');
    await held.getByRole('link', { name: `Trade ${hash}` }).click();
    await expect(buyer).toHaveURL(new RegExp(`/trade/${hash}$`));

    // In Spanish on the smallest phone: the same facts, nothing wider than the screen.
    await buyer.setViewportSize({ width: 320, height: 800 });
    await buyer.goto('/es/wallet');
    const fecha = await pageDate(buyer, heldUntil!, 'es');
    await expect(buyer.getByTestId(`held-award-${hash}`)).toContainText(
      `retenido hasta el ${fecha}: una adjudicación de disputa que aún se puede apelar.`,
    );
    const overflow = await buyer.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, '/es/wallet at 320 px').toBeLessThanOrEqual(0);
    await buyer.goto(`/es/trade/${hash}`);
    await expect(buyer.getByTestId('award-hold')).toContainText(`queda retenido para ti hasta el ${fecha}`);

    await sellerContext.close();
    await buyerContext.close();
  });
});
