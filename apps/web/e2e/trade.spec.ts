import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { register, uniqueUsername } from './helpers';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);

/** Funds a user through the admin command, against the server under test (its socket in DATA_DIR). */
async function deposit(username: string, amount: string) {
  const args = ['run', '--silent', 'admin', '-w', '@app/server', '--', 'wallet:deposit'];
  args.push('--user', username, '--crypto', 'BTC', '--amount', amount);
  await run('npm', args, { cwd: repoRoot, env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR } });
}

/** A write through the API with the session's CSRF token, as the web client sends it. */
async function apiPost(request: APIRequestContext, url: string, data: object) {
  const csrf = await request.get('/rest/v1/auth/csrf');
  const token = ((await csrf.json()) as { data: { csrfToken: string } }).data.csrfToken;
  const answer = await request.post(url, {
    data,
    headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: Record<string, unknown> }).data;
}

/** A real 8×8 PNG (red), so the server's content checks and re-encoding accept it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWO4IyeHFTEMLQkAid1GAWZe5nIAAAAASUVORK5CYII=',
  'base64',
);

const status = (page: Page) => page.getByTestId('trade-status');
const chat = (page: Page) => page.getByTestId('chat-messages');

test.describe('trade', () => {
  test('two traders complete a trade with chat and a file, each seeing the other live', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const sellerName = uniqueUsername('ts');
    const buyerName = uniqueUsername('tb');
    const sellerContext = await browser.newContext();
    const buyerContext = await browser.newContext();
    const seller = await sellerContext.newPage();
    const buyer = await buyerContext.newPage();
    await register(seller, sellerName);
    await register(buyer, buyerName);
    await deposit(sellerName, '0.05');

    const offer = await apiPost(seller.request, '/rest/v1/my-offers', {
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

    // The seller waits on the trade history; the trade starting must reach them without a reload.
    await seller.goto('/trade-history');
    await expect(seller.getByRole('heading', { name: 'Trade history', level: 1 })).toBeVisible();
    await expect(seller.getByTestId('no-active-trades')).toBeVisible();

    const trade = await apiPost(buyer.request, '/rest/v1/trade/start', {
      offer_hash: offer.idHashed,
      fiat_amount: '50',
    });
    const hash = String(trade.id);

    await expect(seller.getByTestId('new-trade-alert')).toContainText(
      `${buyerName} started a trade on your offer`,
    );
    await expect(seller).toHaveTitle('New trade started...');
    await seller.getByRole('button', { name: 'Open the trade' }).click();
    await expect(seller).toHaveURL(`/trade/${hash}`);
    await expect(seller.getByRole('heading', { level: 1 })).toHaveText(`Selling BTC to ${buyerName}`);

    await buyer.goto(`/trade/${hash}`);
    await expect(buyer.getByRole('heading', { level: 1 })).toHaveText(`Buying BTC from ${sellerName}`);
    await expect(status(buyer)).toHaveText('Waiting for payment');
    await expect(buyer.getByTestId('trade-fiat-amount')).toHaveText('50.00 USD');
    await expect(buyer.getByTestId('payment-details')).toHaveText('IBAN DE89 3704 0044 0532 0130 00');
    await expect(buyer.getByTestId('trade-countdown')).toContainText('left to pay');
    await expect(buyer.getByTestId('counterparty')).toContainText(sellerName);

    // Chat: the seller sees the buyer typing, then the message; the reply comes back the same way.
    await buyer.getByTestId('chat-input').pressSequentially('Hello, paying now', { delay: 20 });
    await expect(seller.getByTestId('typing-indicator')).toHaveText(`${buyerName} is typing…`);
    await buyer.getByTestId('chat-input').press('Enter');
    await expect(chat(seller)).toContainText('Hello, paying now');
    await seller.getByTestId('chat-input').fill('Thanks, I will check my account');
    await seller.getByTestId('chat-send').click();
    await expect(chat(buyer)).toContainText('Thanks, I will check my account');

    // A payment proof: the image shows inline on both sides.
    await buyer
      .locator('[data-testid="trade-chat"] input[type="file"]')
      .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
    await expect(chat(buyer).getByTestId('chat-image')).toBeVisible();
    await expect(chat(seller).getByTestId('chat-image')).toBeVisible();
    const loaded = await chat(seller)
      .getByTestId('chat-image')
      .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
    expect(loaded).toBe(true);

    // The buyer marks paid: the seller's page turns to "Paid" and offers the release.
    await buyer.getByRole('button', { name: 'I have paid' }).click();
    await buyer
      .getByRole('dialog', { name: 'Mark the trade as paid?' })
      .getByRole('button', { name: 'Yes, I have paid' })
      .click();
    await expect(status(buyer)).toHaveText('Paid');
    await expect(status(seller)).toHaveText('Paid');
    await expect(chat(seller)).toContainText('Status: Paid');

    // Release asks twice; the buyer sees the trade complete.
    await seller.getByRole('button', { name: 'Release crypto' }).click();
    await seller
      .getByRole('dialog', { name: 'Release the crypto?' })
      .getByRole('button', { name: 'Continue' })
      .click();
    const final = seller.getByRole('dialog', { name: 'This cannot be undone' });
    await expect(final).toContainText(`belong to ${buyerName}`);
    await final.getByRole('button', { name: 'Release now' }).click();
    await expect(status(seller)).toHaveText('Completed');
    await expect(status(buyer)).toHaveText('Completed');
    await expect(buyer.getByTestId('trade-guidance')).toContainText('are in your wallet');
    await expect(buyer.getByTestId('chat-blocked').or(buyer.getByTestId('chat-input'))).toBeVisible();

    // Feedback once completed.
    const card = buyer.getByTestId('feedback-card');
    await card.getByRole('textbox', { name: 'Comment' }).fill('Fast and friendly');
    await card.getByRole('button', { name: 'Leave feedback' }).click();
    await expect(card).toContainText(`Your feedback for ${sellerName}`);
    await expect(card).toContainText('Fast and friendly');

    // The seller sees it arrive and answers it once; the buyer sees the answer, and so does the offer page.
    const sellerCard = seller.getByTestId('feedback-card');
    await expect(sellerCard).toContainText(`${buyerName}'s feedback for you`);
    await expect(sellerCard).toContainText('Fast and friendly');
    const reply = sellerCard.getByRole('textbox', { name: `Your reply to ${buyerName}` });
    await sellerCard.getByRole('button', { name: 'Post reply' }).click();
    await expect(sellerCard.getByText('Write a reply')).toBeVisible();
    await reply.fill('Thanks, come back any time');
    await sellerCard.getByRole('button', { name: 'Post reply' }).click();
    await expect(sellerCard).toContainText('Reply: Thanks, come back any time');
    await expect(sellerCard.getByTestId('feedback-reply-form')).toHaveCount(0);
    await expect(card).toContainText('Reply: Thanks, come back any time');
    await buyer.goto(`/offer/${String(offer.idHashed)}`);
    // A busy machine may take a while to load the list (a lazy chunk and two requests).
    await expect(buyer.getByTestId('feedback-item').first()).toContainText('Fast and friendly', {
      timeout: 30_000,
    });
    await expect(buyer.getByTestId('feedback-item').first()).toContainText(
      'Reply: Thanks, come back any time',
    );

    // The history lists it as successful for the seller.
    await seller.goto('/trade-history?status=successful');
    await expect(seller.getByTestId(`trade-row-${hash}`)).toContainText('Completed');

    await sellerContext.close();
    await buyerContext.close();
  });
});
