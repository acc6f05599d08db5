import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';
import {
  buildEditorState,
  buildMyOffer,
  buildMyOffersList,
  OFFER_ID,
  offerManagerRoutes,
} from '../testing/offer-manager-fixtures';

/** The page is a lazy chunk: its first import in a cold, busy worker can take several seconds. */
const PAGE_LOAD = { timeout: 15_000 };

function withServer(overrides: Record<string, FakeHandler> = {}) {
  const fake = createFakeFetch(offerManagerRoutes(overrides));
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const sent = (fake: ReturnType<typeof createFakeFetch>, method: string, path: string) =>
  fake.requests.filter((r) => r.method === method && r.url.split('?')[0] === path).map((r) => r.body);

const PREFILL = '/offer-manager/edit?type=sell&crypto=BTC&currency=EUR&paymentMethod=bank-transfer&margin=2';

/** Waits for a wizard step by its heading ("Step 2 of 5: Price and amounts"). */
const stepHeading = (number: number, title: string) =>
  screen.findByRole('heading', { name: `Step ${number} of 5: ${title}` }, PAGE_LOAD);

describe('OfferEditorPage', () => {
  it('should create an offer from the query through the five steps, then show the result on my offers', async () => {
    const fake = withServer({
      'POST /rest/v1/my-offers': () =>
        jsonResponse(201, {
          data: { idHashed: 'NewOffer1234', isActive: false, depositInfo: { isBondInsufficient: true } },
        }),
      'GET /rest/v1/my-offers/list': () =>
        jsonResponse(200, {
          data: buildMyOffersList(
            [
              buildMyOffer({
                idHashed: 'NewOffer1234',
                isActive: false,
                depositInfo: { isBondInsufficient: true },
              }),
            ],
            {
              depositData: {
                makeDeposit: {
                  options: [{ currencyCode: 'BTC', missingAmount: '0.00200000' }],
                  isEnabled: false,
                },
                makeWithdraw: { isEnabled: false },
              },
            },
          ),
        }),
    });
    const { router } = renderApp({ path: PREFILL, user: buildCurrentUser() });
    const user = userEvent.setup();

    // Step 1 is prefilled from the address.
    await stepHeading(1, 'Basics');
    expect(await screen.findByDisplayValue('BTC · Bitcoin')).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Bank Transfer')).toBeInTheDocument();
    expect(screen.getByDisplayValue('EUR · Euro')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Payment method label/ }), 'N26');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Step 2: the live price follows the margin (80,000.00 x 1.02), exactly.
    await stepHeading(2, 'Price and amounts');
    expect(screen.getByRole('textbox', { name: /^Margin/ })).toHaveValue('2');
    await waitFor(() => expect(screen.getByTestId('offer-price')).toHaveTextContent('81,600.00 EUR'));
    expect(screen.getByTestId('market-price')).toHaveTextContent('80,000.00 EUR');
    const margin = screen.getByRole('textbox', { name: /^Margin/ });
    await user.clear(margin);
    await user.type(margin, '2.5');
    expect(screen.getByTestId('offer-price')).toHaveTextContent('82,000.00 EUR');
    // Amount inputs refuse anything but digits and one point.
    const min = screen.getByRole('textbox', { name: /^Minimum \(EUR\)/ });
    await user.type(min, '5x0');
    expect(min).toHaveValue('50');
    await user.type(screen.getByRole('textbox', { name: /^Maximum \(EUR\)/ }), '500');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Step 3: terms with a counter.
    await stepHeading(3, 'Terms');
    await user.type(screen.getByRole('textbox', { name: 'Offer terms' }), 'Fast replies');
    expect(screen.getByTestId('offer_terms-count')).toHaveTextContent('12 / 2500');
    await user.click(screen.getByRole('checkbox', { name: /Verified ID/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Step 4: opening hours with the merged preview.
    await stepHeading(4, 'Availability');
    await user.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    await user.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    await user.selectOptions(screen.getAllByRole('combobox', { name: 'Closes on Monday' })[1]!, '20:00');
    await user.selectOptions(screen.getAllByRole('combobox', { name: 'Opens on Monday' })[1]!, '16:00');
    expect(within(screen.getByTestId('opening-hours-preview')).getByText('09:00–20:00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Step 5: review, then publish.
    await stepHeading(5, 'Review');
    expect(screen.getByTestId('review-price')).toHaveTextContent('Market price +2.5 %');
    expect(screen.getByTestId('review-amounts')).toHaveTextContent('50.00 EUR – 500.00 EUR');
    await user.click(screen.getByRole('button', { name: 'Publish offer' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/offer-manager'));
    expect(router.state.location.search).toBe('?type=sell');
    expect(sent(fake, 'POST', '/rest/v1/my-offers')).toEqual([
      {
        area: 'otc',
        type: 'sell',
        crypto_currency_code: 'BTC',
        fiat_currency_code: 'EUR',
        payment_method: 'bank-transfer',
        payment_method_label: 'N26',
        margin: '2.5',
        range_min: '50',
        range_max: '500',
        payment_window: 90,
        offer_terms: 'Fast replies',
        trade_details: '',
        tags: [],
        requirements: [{ type: 'VerifyId' }],
        is_trusted_only: false,
        country_list_mode: 'all',
        countries: [],
        opening_hours: [
          { day: 1, start_time: '09:00', end_time: '17:00', active: true },
          { day: 1, start_time: '16:00', end_time: '20:00', active: true },
        ],
        timezone: expect.any(String),
        gift_card_bin_codes: [],
        card_regions: [],
        flow_type: 'default',
        is_third_party_allowed: false,
        is_gift_code_check_enabled: false,
        is_active: true,
        bank_accounts: [],
        mobile_money_wallets: [],
      },
    ]);
    // The result: saved switched off for the missing bond, with the way to the wallet's bond panel.
    const notice = await screen.findByTestId('saved-offer-alert', {}, PAGE_LOAD);
    expect(notice).toHaveTextContent('Offer NewOffer1234 is saved but switched off');
    expect(within(notice).getByRole('link', { name: 'Deposit the BTC security deposit' })).toHaveAttribute(
      'href',
      '/wallet?tab=bond&coin=BTC#wallet-tabs',
    );
    expect(await screen.findByTestId('my-offer-NewOffer1234')).toBeInTheDocument();
    // One banner says it, with what is missing: the page's bond notice leaves that coin to it.
    expect(await within(notice).findByTestId('bond-missing-BTC')).toHaveTextContent('0.002 BTC missing.');
    expect(screen.queryByTestId('bond-notice')).toBeNull();
    // Five steps of typing into real Mantine inputs: slow on a busy 2-core runner.
  }, 90_000);

  it('should keep "Next" on a step until its fields are valid', async () => {
    const fake = withServer();
    renderApp({ path: PREFILL, user: buildCurrentUser() });
    const user = userEvent.setup();
    await stepHeading(1, 'Basics');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await stepHeading(2, 'Price and amounts');
    await user.type(screen.getByRole('textbox', { name: /^Minimum \(EUR\)/ }), '50.123');
    await user.type(screen.getByRole('textbox', { name: /^Maximum \(EUR\)/ }), '20');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('At most 2 decimal places.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Step 2 of 5: Price and amounts' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Minimum \(EUR\)/ })).toHaveAttribute('aria-invalid', 'true');

    const min = screen.getByRole('textbox', { name: /^Minimum \(EUR\)/ });
    await user.clear(min);
    await user.type(min, '50');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The maximum must not be less than the minimum.')).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  }, 60_000);

  it("should reject out-of-range values at the step, as they are typed, with the server's bounds", async () => {
    const fake = withServer();
    renderApp({ path: PREFILL, user: buildCurrentUser() });
    const user = userEvent.setup();
    await stepHeading(1, 'Basics');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await stepHeading(2, 'Price and amounts');

    const margin = screen.getByRole('textbox', { name: /^Margin/ });
    await user.clear(margin);
    await user.type(margin, '-80');
    // Said while typing, before any "Next": the bounds are the server's (GET /rest/v1/my-offers/rules).
    expect(await screen.findByText('The margin must be between -50 % and 200 %.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Minimum \(EUR\)/ }), '50');
    // 100,000 USD at 0.93023256 EUR per USD is 93,023.256 EUR.
    await user.type(screen.getByRole('textbox', { name: /^Maximum \(EUR\)/ }), '999999999');
    expect(
      await screen.findByText('Each amount must be at most the equivalent of 100000 USD.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Step 2 of 5: Price and amounts' })).toBeInTheDocument();
    await waitFor(() => expect(margin).toHaveFocus());
    expect(margin).toHaveAttribute('aria-invalid', 'true');

    const max = screen.getByRole('textbox', { name: /^Maximum \(EUR\)/ });
    await user.clear(margin);
    await user.type(margin, '-50');
    await user.clear(max);
    await user.type(max, '93023.25');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await stepHeading(3, 'Terms');
    expect(fake.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  }, 60_000);

  it('should say at the payment method that it needs a bond, how much and what is missing', async () => {
    withServer();
    renderApp({
      path: '/offer-manager/edit?type=sell&crypto=BTC&currency=EUR&paymentMethod=paypal&margin=2&min=50&max=500',
      user: buildCurrentUser(),
    });
    const user = userEvent.setup();
    await stepHeading(1, 'Basics');
    const notice = await screen.findByTestId('offer-bond-notice', {}, PAGE_LOAD);
    expect(notice).toHaveAttribute('data-state', 'missing');
    expect(notice).toHaveTextContent(
      'Offers paid with PayPal need a security deposit of 0.002 BTC. You have 0 BTC deposited.',
    );
    expect(notice).toHaveTextContent('0.002 BTC is missing');
    expect(within(notice).getByRole('link', { name: /Open the BTC security deposit/ })).toHaveAttribute(
      'href',
      '/wallet?tab=bond&coin=BTC#wallet-tabs',
    );

    // The review says what the offer will really be, and shows the terms themselves.
    for (const step of [2, 3]) {
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await stepHeading(step, step === 2 ? 'Price and amounts' : 'Terms');
    }
    await user.type(screen.getByRole('textbox', { name: 'Offer terms' }), 'Line one{Enter}Line two');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await stepHeading(4, 'Availability');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await stepHeading(5, 'Review');
    expect(screen.getByTestId('review-state')).toHaveTextContent(
      'The offer will be saved switched off until you post the security deposit of 0.002 BTC: 0.002 BTC is missing.',
    );
    expect(screen.getByTestId('review-active')).toHaveTextContent('Off');
    expect(screen.getByTestId('review-terms').textContent).toBe('Line one\nLine two');
  }, 60_000);

  it('should not mention a bond for a method that needs none', async () => {
    withServer();
    renderApp({ path: PREFILL, user: buildCurrentUser() });
    await stepHeading(1, 'Basics');
    expect(await screen.findByDisplayValue('Bank Transfer')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('offer-bond-notice')).toBeNull());
  }, 30_000);

  it("should put the server's 422 details on their fields and go back to the first step holding one", async () => {
    withServer({
      // The editor loaded a higher ceiling than the server now applies (the operator lowered it since):
      // the server's answer is what decides.
      'GET /rest/v1/my-offers/rules': () =>
        jsonResponse(200, { data: { marginMin: -50, marginMax: 200, maxLimitUsd: 1_000_000_000 } }),
      'POST /rest/v1/my-offers': () =>
        jsonResponse(
          422,
          errorBody('ERROR_INPUT_VALIDATION', 'The input is not valid', [
            {
              field: 'range_max',
              message: 'The maximum must be at most 100000 USD',
              code: 'amount_too_large',
            },
            { field: 'timezone', message: 'Unknown time zone', code: 'unknown_timezone' },
          ]),
        ),
    });
    const { router } = renderApp({ path: `${PREFILL}&min=50&max=99999999`, user: buildCurrentUser() });
    const user = userEvent.setup();
    await stepHeading(1, 'Basics');
    for (const [number, title] of [
      [2, 'Price and amounts'],
      [3, 'Terms'],
      [4, 'Availability'],
      [5, 'Review'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await stepHeading(number, title);
    }
    await user.click(screen.getByRole('button', { name: 'Publish offer' }));

    await stepHeading(2, 'Price and amounts');
    expect(
      await screen.findByText('Each amount must be at most the equivalent of 100000 USD.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Maximum \(EUR\)/ })).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/offer-manager/edit');
    // The other detail waits on its own step.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await stepHeading(4, 'Availability');
    expect(screen.getByText('Unknown time zone.')).toBeInTheDocument();
  }, 60_000);

  it('should load an offer into the editor and save every field with PUT', async () => {
    const state = buildEditorState();
    const fake = withServer({
      [`GET /rest/v1/my-offers/${OFFER_ID}`]: () => jsonResponse(200, { data: state }),
      [`PUT /rest/v1/my-offers/${OFFER_ID}`]: () =>
        jsonResponse(200, {
          data: { idHashed: OFFER_ID, isActive: true, depositInfo: { isBondInsufficient: false } },
        }),
      'GET /rest/v1/my-offers/list': () => jsonResponse(200, { data: buildMyOffersList([buildMyOffer()]) }),
    });
    const { router } = renderApp({ path: `/offer-manager/edit/${OFFER_ID}`, user: buildCurrentUser() });
    const user = userEvent.setup();
    await stepHeading(1, 'Basics');
    expect(screen.getByRole('textbox', { name: /Payment method label/ })).toHaveValue('N26');

    // Every step of a saved offer can be opened from the stepper.
    await user.click(screen.getByRole('button', { name: 'Step 2: Price and amounts' }));
    await stepHeading(2, 'Price and amounts');
    const margin = screen.getByRole('textbox', { name: /^Margin/ });
    expect(margin).toHaveValue('2');
    await user.clear(margin);
    await user.type(margin, '3');
    await user.click(screen.getByRole('button', { name: 'Step 5: Review' }));
    await stepHeading(5, 'Review');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/offer-manager'));
    expect(sent(fake, 'PUT', `/rest/v1/my-offers/${OFFER_ID}`)).toEqual([{ ...state.body, margin: '3' }]);
    expect(await screen.findByTestId('saved-offer-alert', {}, PAGE_LOAD)).toHaveTextContent(
      `Offer ${OFFER_ID} is active and listed in the marketplace.`,
    );
  });

  it('should open a lite offer in the lite editor, which saves the rest of the offer unchanged', async () => {
    const state = buildEditorState({ flow_type: 'lite', new_buyer_limit: '100.00' });
    const fake = withServer({
      [`GET /rest/v1/my-offers/${OFFER_ID}`]: () => jsonResponse(200, { data: state }),
      [`PUT /rest/v1/my-offers/${OFFER_ID}`]: () =>
        jsonResponse(200, {
          data: { idHashed: OFFER_ID, isActive: false, depositInfo: { isBondInsufficient: false } },
        }),
      'GET /rest/v1/my-offers/list': () => jsonResponse(200, { data: buildMyOffersList([buildMyOffer()]) }),
    });
    const { router } = renderApp({ path: `/offer-manager/edit/${OFFER_ID}`, user: buildCurrentUser() });
    const user = userEvent.setup();
    await waitFor(
      () => expect(router.state.location.pathname).toBe(`/offer-manager/lite/edit/${OFFER_ID}`),
      PAGE_LOAD,
    );
    const form = await screen.findByRole('form', { name: 'Edit the lite offer' }, PAGE_LOAD);
    expect(screen.getByRole('link', { name: 'Open the full editor' })).toHaveAttribute(
      'href',
      `/offer-manager/edit/${OFFER_ID}?skipLite=true`,
    );

    await user.click(within(form).getByRole('radio', { name: 'Fixed price' }));
    await user.type(within(form).getByRole('textbox', { name: /^Price of one coin/ }), '79000');
    expect(within(form).getByTestId('offer-price')).toHaveTextContent('79,000.00 EUR');
    await user.click(within(form).getByRole('switch', { name: /Offer is active/ }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/offer-manager'));
    const { margin: _margin, ...rest } = state.body;
    expect(sent(fake, 'PUT', `/rest/v1/my-offers/${OFFER_ID}`)).toEqual([
      { ...rest, fixed_price: '79000', is_active: false },
    ]);
  });

  it('should stay in the full editor for a lite offer with skipLite=true', async () => {
    withServer({
      [`GET /rest/v1/my-offers/${OFFER_ID}`]: () =>
        jsonResponse(200, { data: buildEditorState({ flow_type: 'lite' }) }),
    });
    const { router } = renderApp({
      path: `/offer-manager/edit/${OFFER_ID}?skipLite=true`,
      user: buildCurrentUser(),
    });
    await stepHeading(1, 'Basics');
    expect(router.state.location.pathname).toBe(`/offer-manager/edit/${OFFER_ID}`);
  });

  it('should say so when the offer does not exist (or is not the visitor’s)', async () => {
    withServer({
      [`GET /rest/v1/my-offers/${OFFER_ID}`]: () =>
        jsonResponse(404, errorBody('NOT_FOUND', 'Offer not found')),
    });
    renderApp({ path: `/es/offer-manager/edit/${OFFER_ID}`, user: buildCurrentUser() });
    expect(await screen.findByText('Oferta no encontrada', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mis ofertas' })).toHaveAttribute('href', '/es/offer-manager');
  });

  it('should send a visitor to log in', async () => {
    withServer();
    const { router } = renderApp({ path: PREFILL, user: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?returnTo=${encodeURIComponent(PREFILL)}`);
  });
});
