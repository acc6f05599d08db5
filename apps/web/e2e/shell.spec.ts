import { expect, request as playwrightRequest, test, type Browser, type Page } from '@playwright/test';
import {
  admin,
  apiPost,
  register,
  STRONG_PASSWORD,
  uniqueUsername,
  verifyEmail,
  verifyPhone,
} from './helpers';

/**
 * Issue 26, item 14: the shell's remaining behaviour in the browser. The account banners (a frozen
 * account through the admin CLI, a banned one at login), the new-trade modal on the v2 trade calls with
 * the tab title and icon in every tab, and the screens of calls that had none: the automated flow's
 * switch and the recorded terms links on the trade page, the offer cap in my offers, the popular payment
 * methods in the marketplace filters, the attempts left on the verification page and "call me" for a
 * code. At 320 px and in Spanish where a trader would be.
 */

/** No sideways scrolling on the page as it is now. */
async function fits(page: Page, label: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${label} at ${page.viewportSize()?.width} px`).toBeLessThanOrEqual(0);
}

/** A registered trader in a browser context of their own. */
async function trader(browser: Browser, prefix: string) {
  const name = uniqueUsername(prefix);
  const context = await browser.newContext();
  const page = await context.newPage();
  await register(page, name);
  return { name, context, page };
}

/** A BTC/USD bank-transfer sell offer of `seller` (funded first), 10-500 USD: its hash. */
async function sellOffer(seller: { name: string; page: Page }, extra: Record<string, unknown> = {}) {
  await admin('wallet:deposit', '--user', seller.name, '--crypto', 'BTC', '--amount', '0.05');
  const offer = await apiPost(seller.page.request, '/rest/v1/my-offers', {
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
    ...extra,
  });
  return String(offer.idHashed);
}

/** The root admin's API session (demo data), for reading the outbox. */
async function rootApi(baseURL: string) {
  const root = await playwrightRequest.newContext({ baseURL });
  await apiPost(root, '/rest/v1/auth/login', { login: 'root', password: 'Demo-pass-1' });
  return root;
}

const iconOf = (page: Page) => page.locator('link[rel~="icon"]').first().getAttribute('href');

test.describe('shell', () => {
  test('account banners: a frozen account says what it means, in Spanish at 320 px; a banned one at login', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const ana = await trader(browser, 'shf');
    await admin('user:set-state', '--username', ana.name, '--state', 'frozen');
    await ana.page.goto('/');
    const banner = ana.page.getByTestId('frozen-banner');
    await expect(banner).toContainText('Your account is frozen');
    await expect(banner.getByTestId('account-state-blocked')).toContainText('withdraw or send crypto');
    await expect(banner.getByRole('link', { name: 'About page' })).toHaveAttribute('href', '/about');

    await ana.page.setViewportSize({ width: 320, height: 700 });
    await ana.page.goto('/es/wallet');
    await expect(ana.page.getByTestId('frozen-banner')).toContainText('Tu cuenta está congelada');
    await expect(ana.page.getByTestId('frozen-banner').getByTestId('account-state-allowed')).toContainText(
      'Todavía puedes chatear en tus operaciones',
    );
    await fits(ana.page, '/es/wallet with the frozen banner');

    // A ban ends every session: the next visit is a visitor's, and the login says why it is refused.
    await admin('user:set-state', '--username', ana.name, '--state', 'banned');
    await ana.page.goto('/es/login');
    await ana.page.getByLabel('Usuario o correo electrónico').fill(ana.name);
    await ana.page.getByLabel('Contraseña', { exact: false }).first().fill(STRONG_PASSWORD);
    await ana.page.getByRole('button', { name: 'Iniciar sesión' }).click();
    const banned = ana.page.getByTestId('banned-banner');
    await expect(banned).toContainText('Esta cuenta ha sido bloqueada');
    await expect(banned).toContainText('no puedes iniciar sesión, operar ni mover sus fondos');
    await fits(ana.page, '/es/login with the banned notice');
    await ana.context.close();
  });

  test('a new trade: the modal from the v2 calls, the title and icon in every tab until one is looked at', async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const sally = await trader(browser, 'shs');
    const bob = await trader(browser, 'shb');
    const offer = await sellOffer(sally);
    // Two tabs of the seller's: one in Spanish on a phone, one in English on a desktop.
    const tab = sally.page;
    await tab.setViewportSize({ width: 320, height: 700 });
    await tab.goto('/es/trade-history');
    const other = await sally.context.newPage();
    await other.goto('/wallet');
    await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
    const v2Calls: string[] = [];
    for (const page of [tab, other]) {
      page.on('request', (request) => {
        const { pathname, search } = new URL(request.url());
        if (pathname.startsWith('/rest/v2/trade/')) v2Calls.push(`${pathname}${search}`);
      });
    }

    const trade = await apiPost(bob.page.request, '/rest/v1/trade/start', {
      offer_hash: offer,
      fiat_amount: '10',
    });
    const hash = String(trade.id);

    // The tab holding the socket hears of it, asks the v2 calls and opens the modal with the price.
    const alertIn = async (page: Page) => (await page.getByTestId('new-trade-alert').count()) > 0;
    await expect
      .poll(async () => (await alertIn(tab)) || (await alertIn(other)), { timeout: 20_000 })
      .toBe(true);
    const alert = ((await alertIn(other)) ? other : tab).getByTestId('new-trade-alert');
    await expect(alert).toContainText(
      /Price locked when it started: 1 BTC =|Precio fijado al empezar: 1 BTC =/,
    );
    expect(v2Calls).toContain(`/rest/v2/trade/${hash}`);
    expect(
      v2Calls.some((call) => new RegExp(`^/rest/v2/trade/${hash}/offer\\?timestamp=\\d+$`).test(call)),
    ).toBe(true);
    // Every tab of the site flashes the title with the notification icon (BroadcastChannel).
    for (const page of [tab, other]) {
      await expect
        .poll(() => page.title(), { intervals: [250], timeout: 10_000 })
        .toMatch(/^(New trade started\.\.\.|Nueva operación iniciada\.\.\.)$/);
      await expect.poll(() => iconOf(page)).toBe('/favicon-alert.svg');
    }

    // Looking at one tab ends it in both: their own titles and icon come back.
    await other.bringToFront();
    await other.evaluate(() => window.dispatchEvent(new Event('focus')));
    for (const page of [tab, other]) {
      await expect.poll(() => iconOf(page)).toBe('/favicon.svg');
      await expect
        .poll(() => page.title(), { intervals: [500], timeout: 8_000 })
        .not.toMatch(/New trade started|Nueva operación iniciada/);
    }
    await sally.context.close();
    await bob.context.close();
  });

  test('the trade page: terms links recorded, and the switch from an automated flow, in Spanish at 320 px', async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const sally = await trader(browser, 'shl');
    const bob = await trader(browser, 'shm');
    const offer = await sellOffer(sally, {
      flow_type: 'lite',
      offer_terms: 'Read https://example.com/rules before you pay.',
    });
    const trade = await apiPost(bob.page.request, '/rest/v1/trade/start', {
      offer_hash: offer,
      fiat_amount: '10',
    });
    const hash = String(trade.id);
    // The terms' link opens in a tab of its own: answer it here, the test needs no outside network.
    await bob.context.route('https://example.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Rules</title>' }),
    );

    const page = bob.page;
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto(`/es/trade/${hash}`);
    const terms = page.getByTestId('offer-terms');
    await expect(terms).toContainText('Read https://example.com/rules before you pay.');
    const recorded = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/rest/v1/trade/${hash}/policy-read`) && response.status() === 200,
    );
    const opened = page.context().waitForEvent('page');
    await terms.getByRole('link', { name: 'https://example.com/rules' }).click();
    expect(((await (await recorded).json()) as { data: { url: string } }).data.url).toBe(
      'https://example.com/rules',
    );
    await (await opened).close();

    const card = page.getByTestId('flow-fallback');
    await expect(card).toContainText('Flujo «Lite»');
    await fits(page, `/es/trade/${hash}`);
    await card.getByRole('button', { name: 'Pasar a los pasos normales' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Pasar esta operación a los pasos normales?' });
    await dialog.getByRole('button', { name: 'Pasar', exact: true }).click();
    await expect(card).toBeHidden();
    await expect(page.getByTestId('chat-messages')).toContainText('La operación pasó al flujo normal.');
    await sally.context.close();
    await bob.context.close();
  });

  test('my offers: the offer cap with what is used of it, in Spanish at 320 px', async ({ browser }) => {
    test.setTimeout(150_000);
    const sally = await trader(browser, 'shc');
    const bob = await trader(browser, 'shd');
    const offer = await sellOffer(sally);
    await apiPost(bob.page.request, '/rest/v1/trade/start', { offer_hash: offer, fiat_amount: '10' });

    const page = sally.page;
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto('/es/offer-manager');
    const card = page.getByTestId(`my-offer-${offer}`);
    await card.getByRole('button', { name: 'Tope' }).click();
    const panel = card.getByTestId('quick-edit-cap');
    await panel.getByRole('textbox', { name: 'Tope (USD)' }).fill('300');
    await panel.getByRole('button', { name: 'Guardar' }).click();
    await expect(panel).toBeHidden();
    await expect(card.getByTestId(`my-offer-cap-${offer}`)).toContainText('300');

    await card.getByRole('button', { name: 'Tope' }).click();
    await expect(card.getByTestId('cap-usage')).toContainText('10,00');
    await expect(card.getByTestId('cap-usage')).toContainText('290,00');
    await fits(page, '/es/offer-manager with the cap panel');
    await sally.context.close();
    await bob.context.close();
  });

  test('the marketplace filters offer the popular payment methods of the country and side', async ({
    page,
  }) => {
    await page.goto('/trading/buy-bitcoin/any?countryIso=ES');
    const popular = page.getByRole('group', { name: 'Popular here' });
    await expect(popular.getByRole('button').first()).toBeVisible();
    await popular.getByRole('button', { name: 'Bizum' }).click();
    await expect(page).toHaveURL(/\/trading\/buy-bitcoin\/bizum\?/);
    await expect(popular.getByRole('button', { name: 'Bizum' })).toHaveAttribute('aria-pressed', 'true');

    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto('/es/trading/sell-bitcoin/any');
    await page.getByRole('button', { name: 'Mostrar filtros' }).click();
    await expect(
      page.getByRole('group', { name: 'Populares aquí' }).getByRole('button').first(),
    ).toBeVisible();
    await fits(page, '/es/trading/sell-bitcoin/any with the filters open');
  });

  test('the verification page asks each step its attempts left; a code can come by a call', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const cy = await trader(browser, 'shv');
    const page = cy.page;
    await verifyEmail(page, cy.name);
    const asked = page.waitForResponse((r) => r.url().endsWith('/rest/v1/verification/left-attempt/id'));
    await page.goto('/account/verification');
    expect((await asked).status()).toBe(200);
    await expect(
      page.getByRole('region', { name: 'Step 1: identity document and selfie' }).getByTestId('attempts-left'),
    ).toContainText('attempts left');

    // "Call me instead" where an e-mail change is proven: with a verified e-mail and phone.
    const root = await rootApi(baseURL!);
    const phone = await verifyPhone(page, { request: root });
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto('/es/user/security');
    await page.getByRole('button', { name: 'Cambiar la dirección de correo' }).click();
    await page.getByRole('button', { name: 'Llamarme con el código' }).click();
    await expect(
      page.getByText(/Te estamos llamando al .+: contesta y te leeremos el código\./),
    ).toBeVisible();
    await fits(page, '/es/user/security');
    const outbox = await root.get(`/rest/v1/admin/outbox?channel=voice&q=${encodeURIComponent(phone)}`);
    expect(outbox.ok(), await outbox.text()).toBe(true);
    const { items } = ((await outbox.json()) as { data: { items: unknown[] } }).data;
    expect(items.length).toBeGreaterThan(0);
    await root.dispose();
    await cy.context.close();
  });
});
