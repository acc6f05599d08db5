import {
  compareDecimals,
  fiatToCrypto,
  parseDecimal,
  type OfferListing,
  type OfferView,
  type TradePriceChange,
} from '@app/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { admin, apiPost, register, uniqueUsername } from './helpers';

/**
 * The offer page against the real server and the demo market (DEMO_DATA): warnings, exact amount
 * conversion, favourite, report, the owner's profile with "load more", and starting a trade.
 */

/**
 * A demo sell offer (the visitor buys) with terms, a range, no requirements, and open now, whose minimum a
 * new account may trade (a demo offer's minimum reaches 5,000 USD, the lowest level's most per trade).
 */
async function findDemoOffer(request: APIRequestContext): Promise<OfferView> {
  const search = await request.get('/rest/v1/offers?type=buy&crypto_currency_id=8&currency=USD&limit=100');
  expect(search.ok()).toBe(true);
  const { offers } = ((await search.json()) as { data: { offers: OfferListing[] } }).data;
  for (const listing of offers) {
    if (
      !/^trader\d{4}$/.test(listing.owner.username) ||
      Number(listing.fiatAmountRangeMin) > 1000 ||
      listing.predefinedAmount.length > 0 ||
      listing.requireVerifiedId ||
      listing.requireFullNameVisibility
    ) {
      continue;
    }
    if (listing.requireMinPastTrades !== null) continue;
    const answer = await request.get(`/rest/v1/offers/${listing.hash}`);
    const view = ((await answer.json()) as { data: OfferView }).data;
    // Exactly two warnings apply to such an offer: its terms, and paying from one's own account.
    const { offer } = view;
    const plain =
      offer.requirements.length === 0 && !offer.isThirdPartyTreatmentEnabled && offer.customRate === null;
    if (view.isAvailable && plain && offer.offerTerms.trim() !== '' && !view.isGrayCountry) return view;
  }
  throw new Error('no demo sell offer with terms and without requirements');
}

/** Writes go through the API with the session's CSRF token, as the web client sends them. */
async function csrfToken(request: APIRequestContext): Promise<string> {
  const answer = await request.get('/rest/v1/auth/csrf');
  return ((await answer.json()) as { data: { csrfToken: string } }).data.csrfToken;
}

/** The price per coin the page shows (`85,544.85 EUR`) as a plain decimal. */
async function shownPrice(page: Page): Promise<string> {
  const text = (await page.getByTestId('offer-page-price').textContent()) ?? '';
  return text.replace(/[^\d.]/g, '');
}

test.describe('offer page', () => {
  test('should warn, convert, favourite, report, and lead to the owner profile', async ({ page }) => {
    test.setTimeout(120_000);
    await register(page, uniqueUsername('ob'));
    const view = await findDemoOffer(page.request);
    const { offer } = view;

    await page.goto(`/offer/${offer.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      new RegExp(`^Buy ${offer.altCoin.code} with `),
    );
    await expect(page.getByTestId('offer-terms')).toHaveText(offer.offerTerms.trim());

    // An exact conversion with the price on screen, rounded down to the satoshi.
    const fiat = page.getByLabel('You pay');
    const crypto = page.getByLabel('You receive');
    await fiat.fill(offer.fiatLimitMin);
    await expect
      .poll(async () => {
        // Compared as numbers: the field drops trailing zeros (0.0271334 for 0.02713340).
        const shown = await crypto.inputValue();
        const expected = fiatToCrypto(offer.fiatLimitMin, await shownPrice(page), 8);
        if (shown !== '' && compareDecimals(parseDecimal(shown), parseDecimal(expected)) === 0) return true;
        // The simulated market ticked between the typing and the reading: type again at the new price.
        await fiat.fill('');
        await fiat.fill(offer.fiatLimitMin);
        return false;
      })
      .toBe(true);

    // Above the maximum, the amount is lowered to it (a new buyer's maximum when the offer sets one).
    const newBuyerMax = view.isNewBuyer ? offer.newBuyerMaxFiatLimit : null;
    const max =
      newBuyerMax !== null && compareDecimals(parseDecimal(newBuyerMax), parseDecimal(offer.fiatLimitMax)) < 0
        ? newBuyerMax
        : offer.fiatLimitMax;
    await fiat.fill('99999999');
    await expect(fiat).toHaveValue(max);
    await expect(page.getByTestId('amount-clamped')).toContainText('Lowered to the maximum');
    await fiat.fill(offer.fiatLimitMin);

    // The warnings before a trade: the terms first, then paying from one's own account; then the confirmation.
    await page.getByTestId('start-trade').click();
    const terms = page.getByTestId('warning-reviewOfferTerms');
    await expect(terms).toBeVisible();
    await expect(terms.getByTestId('warning-terms')).toHaveText(offer.offerTerms.trim());
    await terms.getByRole('button', { name: 'I understand' }).click();
    const payment = page.getByTestId('warning-paymentTermsWarning');
    await expect(payment).toBeVisible();
    await payment.getByRole('button', { name: 'I understand' }).click();
    const confirm = page.getByTestId('start-trade-confirm');
    await expect(confirm).toBeVisible();
    await expect(confirm.getByTestId('confirm-crypto')).toContainText(offer.altCoin.code);
    await confirm.getByRole('button', { name: "Don't start this trade" }).click();
    await expect(confirm).toBeHidden();
    // Accepted warnings are remembered on the page: the next start goes straight to the confirmation.
    await page.getByTestId('start-trade').click();
    await expect(page.getByTestId('start-trade-confirm')).toBeVisible();
    await page
      .getByTestId('start-trade-confirm')
      .getByRole('button', { name: "Don't start this trade" })
      .click();

    // The favourite survives a reload and shows on the favourites page.
    const heart = page.getByTestId(`favorite-${offer.id}`);
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByTestId(`favorite-${offer.id}`)).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/favorites');
    await expect(page.locator(`[data-testid="favorite-item"][data-hash="${offer.id}"]`)).toBeVisible();
    await page.goto(`/offer/${offer.id}`);

    // Report: a reason, sent once; opening the modal again shows it was reported.
    await page.getByTestId('report-offer').click();
    const dialog = page.getByRole('dialog', { name: 'Report this offer' });
    await dialog.getByLabel('An obvious scam').check();
    await dialog.getByLabel(/What happened/).fill('Asks to pay outside the platform.');
    await dialog.getByTestId('report-submit').click();
    await expect(dialog.getByTestId('report-done')).toContainText('Your reason: An obvious scam');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await page.reload();
    await page.getByTestId('report-offer').click();
    await expect(
      page.getByRole('dialog', { name: 'Report this offer' }).getByTestId('report-done'),
    ).toBeVisible();
    await page.keyboard.press('Escape');

    // The owner's panel links to the public profile.
    await page.getByTestId('owner-panel').getByTestId('owner-link').click();
    await expect(page).toHaveURL(`/user/${offer.ownerUsername}`);
    await expect(page.getByTestId('profile-username')).toHaveText(offer.ownerUsername);
    await expect(page.getByTestId('profile-offers').getByTestId('offer-card').first()).toBeVisible();
  });

  test('should page through a profile with "load more"', async ({ page, browser }) => {
    test.setTimeout(120_000);
    // An owner with 21 buy offers: one more than a page.
    const ownerName = uniqueUsername('op');
    const ownerContext = await browser.newContext();
    const ownerPage = await ownerContext.newPage();
    await register(ownerPage, ownerName);
    const token = await csrfToken(ownerPage.request);
    for (let i = 0; i < 21; i += 1) {
      const created = await ownerPage.request.post('/rest/v1/my-offers', {
        headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
        data: {
          type: 'buy',
          crypto_currency_code: 'BTC',
          fiat_currency_code: 'USD',
          payment_method: 'bank-transfer',
          margin: String(i % 5),
          range_min: '10',
          range_max: '500',
        },
      });
      expect(created.status()).toBe(201);
    }
    await ownerContext.close();

    await register(page, uniqueUsername('ov'));
    await page.goto(`/user/${ownerName}`);
    await expect(page.getByTestId('profile-username')).toHaveText(ownerName);
    // Their buy offers are under "Sell to".
    await expect(page.getByTestId('profile-offers-empty')).toBeVisible();
    await page.getByRole('tab', { name: `Sell to ${ownerName}` }).click();
    await expect(page).toHaveURL(`/user/${ownerName}?tab=sell`);
    const cards = page.getByTestId('profile-offers').getByTestId('offer-card');
    await expect(cards).toHaveCount(20);
    await page.getByTestId('profile-load-more').click();
    await expect(cards).toHaveCount(21);
    await expect(page.getByTestId('profile-offers-end')).toBeVisible();

    // An unknown user.
    await page.goto(`/user/${ownerName}x`);
    await expect(page.getByRole('heading', { name: 'User not found' })).toBeVisible();
  });

  test('should start a trade after the warnings and open the trade page', async ({ page }) => {
    test.setTimeout(120_000);
    await register(page, uniqueUsername('ot'));
    const { offer } = await findDemoOffer(page.request);
    await page.goto(`/offer/${offer.id}?fiat-min=${offer.fiatLimitMin}`);
    await expect(page.getByLabel('You pay')).toHaveValue(offer.fiatLimitMin);
    await page.getByTestId('start-trade').click();
    await page.getByTestId('warning-reviewOfferTerms').getByRole('button', { name: 'I understand' }).click();
    await page
      .getByTestId('warning-paymentTermsWarning')
      .getByRole('button', { name: 'I understand' })
      .click();
    const started = page.waitForResponse(
      (response) => response.url().endsWith('/rest/v1/trade/start') && response.request().method() === 'POST',
    );
    await page.getByTestId('confirm-start-trade').click();
    const answer = await started;
    expect(answer.status()).toBe(201);
    const trade = ((await answer.json()) as { data: { id: string; fiatAmount: string } }).data;
    expect(trade.fiatAmount).toBe(offer.fiatLimitMin);
    await expect(page).toHaveURL(`/trade/${trade.id}`);
  });

  test('should show the new price and ask again when it moved beyond the tolerance before the confirm', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const sellerContext = await browser.newContext();
    const seller = await sellerContext.newPage();
    const sellerName = uniqueUsername('pcs');
    await register(seller, sellerName);
    // A sell offer is listed only while its owner's balance covers its minimum.
    await admin('wallet:deposit', '--user', sellerName, '--crypto', 'BTC', '--amount', '0.5');
    const created = await apiPost(seller.request, '/rest/v1/my-offers', {
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
    const hash = String(created.idHashed);

    await register(page, uniqueUsername('pcb'));
    await page.goto(`/offer/${hash}?fiat-min=100`);
    await expect(page.getByLabel('You pay')).toHaveValue('100');
    const confirmedPrice = await shownPrice(page);
    await page.getByTestId('start-trade').click();
    await page.getByTestId('warning-reviewOfferTerms').getByRole('button', { name: 'I understand' }).click();
    await page
      .getByTestId('warning-paymentTermsWarning')
      .getByRole('button', { name: 'I understand' })
      .click();
    const confirm = page.getByTestId('start-trade-confirm');
    // The rule is stated before the user confirms.
    await expect(confirm.getByTestId('price-tolerance')).toHaveText(
      "If the price moves more than 0.5% before you confirm, we'll show you the new price first.",
    );

    // Meanwhile the owner raises the margin by 2 %: the price moves beyond the tolerance.
    const raised = await seller.request.put(`/rest/v1/my-offers/${hash}/margin`, {
      data: { new_margin: '2' },
      headers: { 'x-csrf-token': await csrfToken(seller.request), 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(raised.ok(), await raised.text()).toBe(true);
    const isStart = (response: { url(): string; request(): { method(): string } }) =>
      response.url().endsWith('/rest/v1/trade/start') && response.request().method() === 'POST';
    const refusedAnswer = page.waitForResponse(isStart);
    await confirm.getByTestId('confirm-start-trade').click();
    const refused = await refusedAnswer;
    expect(refused.status()).toBe(409);
    expect(refused.request().postDataJSON()).toMatchObject({
      offer_hash: hash,
      fiat_amount: '100.00',
      expected_price: confirmedPrice,
    });
    const { priceChange } = ((await refused.json()) as { errors: [{ priceChange: TradePriceChange }] })
      .errors[0];
    expect(compareDecimals(parseDecimal(priceChange.price), parseDecimal(confirmedPrice))).toBe(1);

    // Still on the confirmation: what changed, old and new, and a second confirm.
    await expect(confirm.getByTestId('price-changed')).toContainText('The price has changed');
    await expect(confirm.getByTestId('confirm-price-before')).toHaveText(
      `was ${Number(confirmedPrice).toLocaleString('en-US', { minimumFractionDigits: 2 })} USD`,
    );
    await expect(confirm.getByTestId('confirm-price')).toContainText(
      `${Number(priceChange.price).toLocaleString('en-US', { minimumFractionDigits: 2 })} USD`,
    );
    await expect(confirm.getByTestId('confirm-crypto-before')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/offer/${hash}`));

    const startedAnswer = page.waitForResponse(isStart);
    await confirm.getByRole('button', { name: 'Start at the new price' }).click();
    const started = await startedAnswer;
    expect(started.status()).toBe(201);
    expect(started.request().postDataJSON()).toMatchObject({ expected_price: priceChange.price });
    const trade = ((await started.json()) as { data: { id: string; fiatPricePerCrypto: string } }).data;
    expect(trade.fiatPricePerCrypto).toBe(priceChange.price);
    await expect(page).toHaveURL(`/trade/${trade.id}`);
    await sellerContext.close();
  });
});
