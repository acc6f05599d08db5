import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { register, uniqueUsername } from './helpers';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);

async function deposit(username: string, amount: string) {
  const args = ['run', '--silent', 'admin', '-w', '@app/server', '--', 'wallet:deposit'];
  args.push('--user', username, '--crypto', 'BTC', '--amount', amount);
  await run('npm', args, { cwd: repoRoot, env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR } });
}

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

const isActiveTradesPoll = (url: string) => new URL(url).pathname === '/rest/v1/trade/active';

/** What the server put in the page for the logged-in user (before any JavaScript of ours ran). */
const embeddedFlag = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __INITIAL_STATE__: { currentUser: { hasActiveTrades: boolean } | null } })
        .__INITIAL_STATE__.currentUser?.hasActiveTrades,
  );

test.describe('active-trade polling', () => {
  test('survives a reload while a trade runs, and the new-trade alert still reaches the seller', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const sellerName = uniqueUsername('ps');
    const buyerName = uniqueUsername('pb');
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
    });

    // Nothing runs yet: the page loads without asking for active trades.
    await buyer.goto('/trade-history');
    expect(await embeddedFlag(buyer)).toBe(false);

    const trade = await apiPost(buyer.request, '/rest/v1/trade/start', {
      offer_hash: offer.idHashed,
      fiat_amount: '25',
    });

    // Reloads on both sides: the server says a trade runs, so polling starts on page load.
    for (const page of [buyer, seller]) {
      const polled = page.waitForRequest((request) => isActiveTradesPoll(request.url()));
      await page.goto('/');
      expect(await embeddedFlag(page)).toBe(true);
      await polled;
    }

    // A second trade started after the reload is announced to the seller (by the poll or the socket).
    const second = await apiPost(buyer.request, '/rest/v1/trade/start', {
      offer_hash: offer.idHashed,
      fiat_amount: '30',
    });
    await expect(seller.getByTestId('new-trade-alert')).toContainText(
      `${buyerName} started a trade on your offer`,
    );

    // Both trades end: after a reload nothing says a trade runs.
    await apiPost(buyer.request, `/rest/v1/trade/${String(trade.id)}/cancel`, {});
    await apiPost(buyer.request, `/rest/v1/trade/${String(second.id)}/cancel`, {});
    await buyer.reload();
    expect(await embeddedFlag(buyer)).toBe(false);

    await sellerContext.close();
    await buyerContext.close();
  });
});
