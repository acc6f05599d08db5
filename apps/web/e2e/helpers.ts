import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);

/** An operator command against the server under test (it reaches the server through DATA_DIR's socket). */
export function admin(...argv: string[]) {
  return run('npm', ['run', '--silent', 'admin', '-w', '@app/server', '--', ...argv], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
  });
}

/** A write through the API with the session's CSRF token, as the web client sends it. */
export async function apiPost(request: APIRequestContext, url: string, data: object = {}) {
  const csrf = await request.get('/rest/v1/auth/csrf');
  const token = ((await csrf.json()) as { data: { csrfToken: string } }).data.csrfToken;
  const answer = await request.post(url, {
    data,
    headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: Record<string, unknown> }).data;
}

/** A username nobody has taken yet: letters and digits, at most 24 characters (contract rule). */
export function uniqueUsername(prefix = 'e2e'): string {
  const stamp = Date.now().toString(36);
  const random = Math.random().toString(36).slice(2, 6);
  return `${prefix}${stamp}${random}`.slice(0, 24);
}

export const STRONG_PASSWORD = 'Sturdy-pass-42';

/** The part of the navbar that is visible at the current width (desktop bar or mobile bar). */
export const desktopNavbar = (page: Page) => page.getByTestId('navbar-desktop');

export async function register(page: Page, username: string, password = STRONG_PASSWORD) {
  await page.goto('/register');
  await page.getByLabel('Username', { exact: false }).first().fill(username);
  await page.getByLabel('E-mail').fill(`${username}@example.com`);
  await page.getByLabel('Password', { exact: false }).first().fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(desktopNavbar(page).getByTestId('navbar-username')).toHaveText(username);
}

export async function logIn(page: Page, login: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username or e-mail').fill(login);
  await page.getByLabel('Password', { exact: false }).first().fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function logOut(page: Page, username: string) {
  await desktopNavbar(page)
    .getByRole('button', { name: `Account menu for ${username}` })
    .click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(desktopNavbar(page).getByRole('link', { name: 'Log in' })).toBeVisible();
}

/** A sell offer and a 10 USD trade on it, marked paid by the buyer: the trade hash. */
export async function paidTrade(seller: Page, buyer: Page): Promise<string> {
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
  const trade = await apiPost(buyer.request, '/rest/v1/trade/start', {
    offer_hash: offer.idHashed,
    fiat_amount: '10',
  });
  const hash = String(trade.id);
  await apiPost(buyer.request, `/rest/v1/trade/${hash}/paid`);
  return hash;
}

/**
 * A paid trade (paidTrade) disputed by the buyer: the trade hash. A dispute opens
 * TRADE_DISPUTE_AFTER_PAID_SECONDS after "paid" (playwright.config.ts): see openDispute.
 */
export async function disputedTrade(seller: Page, buyer: Page): Promise<string> {
  const hash = await paidTrade(seller, buyer);
  await openDispute(buyer.request, hash);
  return hash;
}

/**
 * The buyer opens a dispute on a paid trade, asking again until the wait after "paid" is over (the e2e
 * server's TRADE_DISPUTE_AFTER_PAID_SECONDS); any other refusal fails the test.
 */
export async function openDispute(buyer: APIRequestContext, hash: string): Promise<void> {
  const csrf = await buyer.get('/rest/v1/auth/csrf');
  const token = ((await csrf.json()) as { data: { csrfToken: string } }).data.csrfToken;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await buyer.post(`/rest/v1/trade/${hash}/dispute`, {
      data: { dispute_reason_id: 2, dispute_reason_text: 'I paid, the seller does not release.' },
      headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' },
    });
    if (answer.ok()) return;
    const body = await answer.text();
    expect(body, 'only the wait may refuse the dispute').toContain('DISPUTE_NOT_AVAILABLE_YET');
    expect(Date.now(), `the dispute on ${hash} never opened`).toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * The newest mail of `template` to `email`, read from the outbox as the demo admin reads it (no mail
 * server in the browser tests: mails are kept there, decision 0025).
 */
export async function newestMail(baseURL: string, email: string, template: string): Promise<string> {
  const admin = await playwrightRequest.newContext({ baseURL });
  try {
    await apiPost(admin, '/rest/v1/auth/login', { login: 'root', password: 'Demo-pass-1' });
    const answer = await admin.get(`/rest/v1/admin/outbox?channel=email&q=${encodeURIComponent(email)}`);
    expect(answer.ok(), await answer.text()).toBe(true);
    const { items } = ((await answer.json()) as { data: { items: { bodyText: string; template: string }[] } })
      .data;
    const mail = items.find((item) => item.template === template)?.bodyText;
    expect(mail, `a ${template} mail to ${email}`).toBeTruthy();
    return mail!;
  } finally {
    await admin.dispose();
  }
}

/** The newest verification code mailed to `email`. */
export async function mailedCode(baseURL: string, email: string): Promise<string> {
  return /\b(\d{6})\b/.exec(await newestMail(baseURL, email, 'email_verification'))![1]!;
}

/** Verifies the logged-in user's e-mail the way a person does: the banner, the page, the mailed code. */
export async function verifyEmail(page: Page, username: string) {
  await page.getByTestId('verify-email-banner').getByRole('link', { name: 'Enter the code' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your e-mail', level: 1 })).toBeVisible();
  const baseURL = new URL(page.url()).origin;
  await page.getByLabel('Code').fill(await mailedCode(baseURL, `${username}@example.com`));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('email-verified')).toContainText('is verified');
  await expect(page.getByTestId('verify-email-banner')).toHaveCount(0);
}

/**
 * Verifies the trader's phone the way the server's tests do: a code sent to a mobile number, read from
 * the outbox (no SMS gateway in the browser tests) by an admin (a page or a request context), and
 * confirmed. Answers the number.
 */
export async function verifyPhone(trader: Page, staff: { request: APIRequestContext }): Promise<string> {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  const e164 = `+346${digits}`;
  await apiPost(trader.request, '/rest/v1/users/send-phone-code', { phone: e164 });
  const answer = await staff.request.get(`/rest/v1/admin/outbox?channel=sms&q=${encodeURIComponent(e164)}`);
  expect(answer.ok(), await answer.text()).toBe(true);
  const { items } = ((await answer.json()) as { data: { items: { bodyText: string }[] } }).data;
  const code = /\b(\d{6})\b/.exec(items[0]?.bodyText ?? '')?.[1];
  expect(code, `an SMS code to ${e164}`).toBeTruthy();
  await apiPost(trader.request, '/rest/v1/users/confirm-phone', { phoneCode: code });
  return e164;
}
