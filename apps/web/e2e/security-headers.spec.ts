import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { STRONG_PASSWORD, uniqueUsername } from './helpers';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);
// Pages here load every chunk for the first time; the machine may be shared with other test runs.
const expect = baseExpect.configure({ timeout: 30_000 });

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

/** The pages are what this test is about; accounts are made through the API (the auth specs test the form). */
async function signUp(request: APIRequestContext, username: string) {
  await apiPost(request, '/rest/v1/auth/register', {
    username,
    email: `${username}@example.com`,
    password: STRONG_PASSWORD,
  });
}

/**
 * Everything the browser says about the page's policies, on every page the context opens:
 * `securitypolicyviolation` events (reported by a script Playwright injects, which the CSP does not
 * govern) and console lines about CSP or the Permissions-Policy header (an unknown feature name there
 * is a console error too).
 */
async function watchPolicies(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/content security policy|permissions.policy|refused to/i.test(message.text())) {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.exposeFunction('__reportPolicyViolation', (text: string) => problems.push(text));
  await page.addInitScript(() => {
    const report = (window as unknown as { __reportPolicyViolation: (text: string) => void })
      .__reportPolicyViolation;
    document.addEventListener('securitypolicyviolation', (event) => {
      report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile})`);
    });
  });
  return problems;
}

test.describe('page security headers', () => {
  test('the built app runs under the CSP: no violation on the marketplace, offer, trade and wallet pages', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const sellerContext = await browser.newContext();
    const sellerName = uniqueUsername('cs');
    await signUp(sellerContext.request, sellerName);
    await deposit(sellerName, '0.05');
    const offer = await apiPost(sellerContext.request, '/rest/v1/my-offers', {
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

    const context = await browser.newContext();
    const page = await context.newPage();
    const policyProblems = await watchPolicies(page);
    const response = await page.goto('/trading/buy-bitcoin/any');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(response?.headers()['permissions-policy']).toContain('camera=()');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await signUp(context.request, uniqueUsername('cb'));
    // The socket opens under connect-src: the page's own ws:// origin.
    const socket = page.waitForEvent('websocket', (ws) => ws.url().endsWith('/rest/v1/ws'));
    await page.goto(`/offer/${String(offer.idHashed)}`);
    expect((await socket).isClosed()).toBe(false);
    await expect(page.getByTestId('offer-page-price')).toBeVisible();

    const trade = await apiPost(page.request, '/rest/v1/trade/start', {
      offer_hash: offer.idHashed,
      fiat_amount: '50',
    });
    await page.goto(`/trade/${String(trade.id)}`);
    await expect(page.getByTestId('trade-status')).toBeVisible();
    await page.getByTestId('chat-input').fill('Paying now.');
    await page.getByTestId('chat-input').press('Enter');
    await expect(page.getByTestId('chat-messages')).toContainText('Paying now.');

    await page.goto('/wallet');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    expect(policyProblems).toEqual([]);
    await context.close();
    await sellerContext.close();
  });
});
