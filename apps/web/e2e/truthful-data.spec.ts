import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import { admin, apiPost, register, uniqueUsername } from './helpers';

/** A real 8×8 PNG, so the server's content checks accept it as an ID document and a selfie. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWO4IyeHFTEMLQkAid1GAWZe5nIAAAAASUVORK5CYII=',
  'base64',
);

const sellOffer = (extra: Record<string, unknown> = {}) => ({
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

/** A registered trader in a browser context of their own. */
async function trader(browser: Browser, prefix: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const name = uniqueUsername(prefix);
  await register(page, name);
  return { page, name, close: () => context.close() };
}

/** The trader's ID verified through the API (a passport, its front and a selfie) and approved by the demo admin. */
async function verifyId(page: Page, baseURL: string, first: string, last: string) {
  const started = await apiPost(page.request, '/account/verification/start/id', {
    issue_country_iso3: 'ESP',
    document_type: 'passport',
    first_name_original: first,
    last_name_original: last,
    document_number: 'X1234567',
  });
  for (const side of ['front', 'selfie']) {
    const csrf = (
      (await (await page.request.get('/rest/v1/auth/csrf')).json()) as { data: { csrfToken: string } }
    ).data.csrfToken;
    const uploaded = await page.request.post(
      `/rest/v1/verification/requests/${String(started.id)}/documents`,
      {
        multipart: { side, file: { name: `${side}.png`, mimeType: 'image/png', buffer: PNG } },
        headers: { 'x-csrf-token': csrf, 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' },
      },
    );
    expect(uploaded.ok(), await uploaded.text()).toBe(true);
  }
  const staff: APIRequestContext = await playwrightRequest.newContext({ baseURL });
  try {
    await apiPost(staff, '/rest/v1/auth/login', { login: 'root', password: 'Demo-pass-1' });
    await apiPost(staff, `/rest/v1/admin/verifications/${String(started.id)}/approve`);
  } finally {
    await staff.dispose();
  }
  // An ID-verified trader is asked for a date of birth on every page until they give it (decision 0054).
  await apiPost(page.request, '/rest/v1/users/confirm-birthday', { birth_date: '1990-04-12' });
}

/**
 * Issue 26, items 5 and 6 in the browser: what the offer and trade pages say about people comes from
 * their data (decision 0050).
 */
test.describe('data that tells the truth', () => {
  test('the offer page calls a trader a new buyer only until they bought from the seller', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const seller = await trader(browser, 'nbs');
    const buyer = await trader(browser, 'nbb');
    await admin('wallet:deposit', '--user', seller.name, '--crypto', 'BTC', '--amount', '1');
    const offer = await apiPost(
      seller.page.request,
      '/rest/v1/my-offers',
      sellOffer({ new_buyer_limit: '50' }),
    );
    const hash = String(offer.idHashed);

    await buyer.page.goto(`/offer/${hash}`);
    await expect(buyer.page.getByTestId('notice-newBuyer')).toContainText('As a new buyer of');
    await expect(buyer.page.getByTestId('notice-idNotVerified')).toBeVisible();

    // One purchase from this seller, released.
    const trade = await apiPost(buyer.page.request, '/rest/v1/trade/start', {
      offer_hash: hash,
      fiat_amount: '20',
    });
    await apiPost(buyer.page.request, `/rest/v1/trade/${String(trade.id)}/paid`);
    await apiPost(seller.page.request, `/rest/v1/trade/${String(trade.id)}/release`);

    // The offer page is shared for a couple of seconds (OFFER_SEARCH_CACHE_MS): look again until it shows.
    await expect(async () => {
      await buyer.page.reload();
      await expect(buyer.page.getByTestId('offer-notices')).toBeVisible();
      await expect(buyer.page.getByTestId('notice-newBuyer')).toHaveCount(0);
    }).toPass({ timeout: 30_000 });
    // The ID is still not verified.
    await expect(buyer.page.getByTestId('notice-idNotVerified')).toBeVisible();
    // The owner is nobody's new buyer on their own offer.
    await seller.page.goto(`/offer/${hash}`);
    await expect(seller.page.getByTestId('owner-panel')).toBeVisible();
    await expect(seller.page.getByTestId('notice-newBuyer')).toHaveCount(0);
    await Promise.all([seller.close(), buyer.close()]);
  });

  test('a seller’s full-name settings reach their current user and the buyer’s trade page', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const seller = await trader(browser, 'fns');
    const buyer = await trader(browser, 'fnb');
    await admin('wallet:deposit', '--user', seller.name, '--crypto', 'BTC', '--amount', '1');
    await verifyId(seller.page, baseURL!, 'Ana', 'García');
    const offer = await apiPost(seller.page.request, '/rest/v1/my-offers', sellOffer());
    const trade = await apiPost(buyer.page.request, '/rest/v1/trade/start', {
      offer_hash: String(offer.idHashed),
      fiat_amount: '20',
    });
    const tradePath = `/trade/${String(trade.id)}`;

    // Verified, but shown to nobody (the default): the buyer sees the badge, not the name.
    await buyer.page.goto(tradePath);
    const counterparty = buyer.page.getByTestId('counterparty');
    await expect(counterparty).toContainText(seller.name);
    await expect(counterparty).toContainText('ID verified');
    await expect(counterparty.getByTestId('counterparty-full-name')).toHaveCount(0);

    // The seller lets trade partners see the full name.
    await seller.page.goto('/user/settings');
    const profile = seller.page.getByRole('form', { name: 'Profile' });
    await profile.getByLabel('Who sees your full name').click();
    await seller.page.getByRole('option', { name: 'Traders I trust and my trade partners' }).click();
    await profile.getByLabel('How your name is shown').click();
    await seller.page.getByRole('option', { name: 'Full name', exact: true }).click();
    await profile.getByRole('button', { name: 'Save' }).click();
    await expect(seller.page.getByText('Profile has been updated')).toBeVisible();
    const me = (await (await seller.page.request.get('/rest/v1/users/current_user')).json()) as {
      data: { fullNameVisibilityType: string; displayedFullName: string | null; userFullName: string | null };
    };
    expect(me.data).toMatchObject({
      fullNameVisibilityType: 'trusted_and_partners',
      displayedFullName: 'Ana García',
      userFullName: 'Ana García',
    });

    // The buyer, a trade partner, now reads the name (the parties' numbers are shared for a moment).
    await expect(async () => {
      await buyer.page.reload();
      await expect(buyer.page.getByTestId('counterparty-full-name')).toHaveText('Ana García');
    }).toPass({ timeout: 30_000 });

    // In Spanish at 320 px: the name fits.
    await buyer.page.setViewportSize({ width: 320, height: 700 });
    await buyer.page.goto(`/es${tradePath}`);
    await expect(buyer.page.getByTestId('counterparty')).toContainText('Identidad verificada');
    await expect(buyer.page.getByTestId('counterparty-full-name')).toHaveText('Ana García');
    const overflow = await buyer.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await Promise.all([seller.close(), buyer.close()]);
  });
});
