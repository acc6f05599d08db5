import { createHmac } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { formatViolations, seriousViolations } from './a11y';
import { admin, desktopNavbar, paidTrade, register, uniqueUsername, verifyEmail } from './helpers';

type Received = { headers: IncomingHttpHeaders; body: string; type: string };

/**
 * A webhook receiver on 127.0.0.1 (listed in the server's WEBHOOK_ALLOWED_PRIVATE_HOSTS by
 * playwright.config.ts): it answers the challenge the way the page explains (the same value in the
 * X-Webhook-Challenge response header) and records every request.
 */
async function startReceiver() {
  const received: Received[] = [];
  /** Off: the receiver answers 200 but forgets the challenge header, as a naive endpoint does. */
  const mode = { answersChallenge: true };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let type = '';
      try {
        type = String((JSON.parse(body) as { type?: unknown }).type ?? '');
      } catch {
        // Not JSON: recorded with no type, and answered all the same.
      }
      received.push({ headers: request.headers, body, type });
      const challenge = request.headers['x-webhook-challenge'];
      response.writeHead(200, {
        'content-type': 'application/json',
        ...(typeof challenge === 'string' && mode.answersChallenge
          ? { 'x-webhook-challenge': challenge }
          : {}),
      });
      response.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/p2p`,
    received,
    mode,
    ofType: (type: string) => received.filter((r) => r.type === type),
    close: () =>
      new Promise<void>((resolve) => {
        // The server keeps its connections alive: end them, or close() waits for them.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Whether a request carries a valid Standard Webhooks signature by `secret` (the scheme, by hand). */
function signedBy(secret: string, { headers, body }: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${String(headers['webhook-id'])}.${String(headers['webhook-timestamp'])}.${body}`;
  const expected = createHmac('sha256', key).update(signed).digest('base64');
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .some((entry) => entry === `v1,${expected}`);
}

const deliveryRow = (page: Page, event: string) =>
  page.getByTestId('webhook-delivery').and(page.locator(`[data-event="${event}"]`));

/**
 * Issue 16 in the browser: a seller saves their receiver's address on `/user/webhooks` (reached from
 * the account menu), sees it pass the challenge and the signing secret once, unticks "Trade paid", and
 * a buyer starts and pays a trade on their offer: the receiver gets "trade started" signed with that
 * secret, and not "trade paid"; the log shows the delivery, and "Send again" sends the same message
 * once more. The page in Spanish at 320 px.
 */
test('a webhook set up in the settings hears a trade, signed, and sends a delivery again', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const receiver = await startReceiver();
  const sellerName = uniqueUsername('whs');
  const buyerName = uniqueUsername('whb');
  const sellerContext = await browser.newContext();
  const buyerContext = await browser.newContext();
  try {
    const seller = await sellerContext.newPage();
    const buyer = await buyerContext.newPage();
    await register(seller, sellerName);
    await verifyEmail(seller, sellerName);
    await register(buyer, buyerName);
    await admin('wallet:deposit', '--user', sellerName, '--crypto', 'BTC', '--amount', '0.5');

    // From the account menu; nothing but the address until there is one.
    await desktopNavbar(seller)
      .getByRole('button', { name: `Account menu for ${sellerName}` })
      .click();
    await seller.getByRole('menuitem', { name: 'Webhooks' }).click();
    await expect(seller.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    await expect(seller.getByTestId('webhook-status')).toHaveText('Not set up');
    await expect(seller.getByRole('heading', { name: 'Delivery log' })).toHaveCount(0);

    // Save: the challenge runs at once and passes; the secret is shown this once.
    const form = seller.getByRole('form', { name: 'Your address' });
    await form.getByRole('textbox', { name: 'Webhook address' }).fill(receiver.url);
    await form.getByRole('button', { name: 'Save and check' }).click();
    const dialog = seller.getByRole('dialog', { name: 'Your signing secret' });
    await expect(dialog).toContainText('you will not see it again');
    const secret = (await dialog.getByTestId('webhook-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await dialog.getByRole('button', { name: 'I have copied it' }).click();
    await expect(seller.getByTestId('webhook-check-passed')).toContainText(
      'Your address answered the challenge: the webhook is on.',
    );
    await expect(seller.getByTestId('webhook-status')).toHaveText('On');

    const [verification] = receiver.ofType('webhook.verification');
    expect(verification, 'the challenge reached the receiver').toBeTruthy();
    const challenge = (JSON.parse(verification!.body) as { payload: { challenge: string } }).payload
      .challenge;
    expect(verification!.headers['x-webhook-challenge']).toBe(challenge);
    expect(signedBy(secret, verification!)).toBe(true);

    // Not shown again: only its start.
    await seller.reload();
    await expect(seller.getByTestId('webhook-status')).toHaveText('On');
    await expect(seller.getByTestId('webhook-secret-prefix')).toContainText(secret.slice(0, 10));
    await expect(seller.getByTestId('webhook-secret')).toHaveCount(0);
    await expect(seller.getByTestId('webhook-deliveries-empty')).toBeVisible();

    // "Trade paid" unticked.
    const events = seller.getByRole('form', { name: 'Events' });
    await events.getByRole('checkbox', { name: /^Trade paid/ }).uncheck();
    await events.getByRole('button', { name: 'Save the events' }).click();
    await expect(seller.getByText('Events saved.')).toBeVisible();
    await expect(events.getByRole('checkbox', { name: /^Trade paid/ })).not.toBeChecked();

    // The buyer starts a trade on the seller's offer and marks it paid.
    await paidTrade(seller, buyer);
    // The app tells the seller of the new trade in a dialog over the page: later.
    await seller
      .getByRole('dialog', { name: 'New trade started' })
      .getByRole('button', { name: 'Later' })
      .click();
    await expect.poll(() => receiver.ofType('trade.started').length).toBe(1);
    const [started] = receiver.ofType('trade.started');
    expect(signedBy(secret, started!)).toBe(true);
    const messageId = started!.headers['webhook-id'];

    const row = deliveryRow(seller, 'trade.started');
    await expect(async () => {
      await seller.getByRole('button', { name: 'Refresh' }).click();
      await expect(row.getByTestId('webhook-delivery-status')).toHaveText('Delivered', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(row.getByTestId('webhook-delivery-attempts')).toHaveText('1 attempt');
    await expect(row).toContainText('HTTP 200');
    await row.getByRole('button', { name: /^Details of Trade started/ }).click();
    await expect(row.getByTestId('webhook-delivery-excerpt')).toHaveText('{"ok":true}');

    // Send again: the same message once more, one more attempt.
    await row.getByRole('button', { name: /^Send again: Trade started/ }).click();
    await expect(seller.getByText('Sent again.')).toBeVisible();
    await expect.poll(() => receiver.ofType('trade.started').length).toBe(2);
    expect(receiver.ofType('trade.started')[1]!.headers['webhook-id']).toBe(messageId);
    await expect(row.getByTestId('webhook-delivery-attempts')).toHaveText('2 attempts');
    await expect(row.getByTestId('webhook-delivery-status')).toHaveText('Delivered');

    // The unticked event was never sent (a ticked one arrives within moments, as "trade started" did).
    expect(receiver.ofType('trade.paid')).toEqual([]);
    await expect(deliveryRow(seller, 'trade.paid')).toHaveCount(0);

    await seller.setViewportSize({ width: 320, height: 700 });
    await seller.goto('/es/user/webhooks');
    await expect(seller.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    await expect(seller.getByTestId('webhook-status')).toHaveText('Activado');
    await expect(deliveryRow(seller, 'trade.started').getByTestId('webhook-delivery-status')).toHaveText(
      'Entregado',
    );
    const overflow = await seller.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const violations = await seriousViolations(seller);
    expect(violations, formatViolations('/es/user/webhooks', violations)).toEqual([]);
  } finally {
    await sellerContext.close();
    await buyerContext.close();
    await receiver.close();
  }
});

/**
 * The other branch of the state machine: an address that answers 200 without the challenge header is
 * saved but stays off, and the page says why; once the receiver answers properly, "Check again" turns
 * it on.
 */
test('a receiver that does not answer the challenge is kept off with the reason, until it does', async ({
  page,
}) => {
  const receiver = await startReceiver();
  try {
    receiver.mode.answersChallenge = false;
    await register(page, uniqueUsername('whf'));
    await page.goto('/user/webhooks');
    const form = page.getByRole('form', { name: 'Your address' });
    await form.getByRole('textbox', { name: 'Webhook address' }).fill(receiver.url);
    await form.getByRole('button', { name: 'Save and check' }).click();
    await page
      .getByRole('dialog', { name: 'Your signing secret' })
      .getByRole('button', { name: 'I have copied it' })
      .click();
    await expect(page.getByTestId('webhook-check-failed')).toContainText(
      'the answer did not carry the challenge in its X-Webhook-Challenge header.',
    );
    await expect(page.getByTestId('webhook-check-failed')).toContainText('It answered HTTP 200');
    await expect(page.getByTestId('webhook-status')).toHaveText('Off');

    // After a reload the reason is still said, from the webhook itself.
    await page.reload();
    await expect(page.getByTestId('webhook-disabled')).toContainText(
      'The webhook is off: the answer did not carry the challenge',
    );

    receiver.mode.answersChallenge = true;
    await page
      .getByRole('form', { name: 'Your address' })
      .getByRole('button', { name: 'Check again' })
      .click();
    await expect(page.getByTestId('webhook-check-passed')).toBeVisible();
    await expect(page.getByTestId('webhook-status')).toHaveText('On');
    expect(receiver.ofType('webhook.verification')).toHaveLength(2);
  } finally {
    await receiver.close();
  }
});
