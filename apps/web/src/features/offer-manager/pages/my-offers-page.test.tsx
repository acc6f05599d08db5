import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';
import {
  buildMyOffer,
  buildMyOffersList,
  OFFER_ID,
  offerManagerRoutes,
} from '../testing/offer-manager-fixtures';
import { buildOfferView } from '@/features/offer/testing/offer-fixtures';

/** The page is a lazy chunk: its first import in a cold, busy worker can take several seconds. */
const PAGE_LOAD = { timeout: 15_000 };

function withServer(overrides: Record<string, FakeHandler> = {}) {
  const fake = createFakeFetch(offerManagerRoutes(overrides));
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const calls = (fake: ReturnType<typeof createFakeFetch>, method: string, path: string) =>
  fake.requests.filter((r) => r.method === method && r.url.split('?')[0] === path);

const OTHER_ID = 'Other0000001';

/** The owner's offers: two sell offers and one buy offer; the list answers per tab. */
function listRoutes(lists: {
  sell: ReturnType<typeof buildMyOffer>[];
  buy: ReturnType<typeof buildMyOffer>[];
}) {
  return {
    'GET /rest/v1/my-offers/list': (request: { url: string }) => {
      const type = new URL(request.url, 'http://x').searchParams.get('type') === 'buy' ? 'buy' : 'sell';
      const all = buildMyOffersList([...lists.sell, ...lists.buy]);
      return jsonResponse(200, { data: { ...all, offers: lists[type] } });
    },
  };
}

const card = (id: string) => screen.findByTestId(`my-offer-${id}`, {}, PAGE_LOAD);

describe('MyOffersPage', () => {
  it('should list the tab’s offers with counts, prices and limits, and switch tabs in the address', async () => {
    const fake = withServer(
      listRoutes({
        sell: [
          buildMyOffer({
            bankAccounts: [
              {
                id: 4,
                label: 'N26',
                holderName: 'Sally Seller',
                maskedNumber: '•••• 3000',
                countryCode: 'DE',
              },
            ],
          }),
          buildMyOffer({
            idHashed: OTHER_ID,
            margin: null,
            fixedPrice: '79000.00',
            pricePerCoin: '79000.00',
            amountMode: 'predefined',
            predefinedAmount: ['50.00', '100.00'],
            isActive: false,
          }),
        ],
        buy: [buildMyOffer({ idHashed: 'BuyOffer0001', type: 'buy' })],
      }),
    );
    const { router } = renderApp({ path: '/offer-manager', user: buildCurrentUser() });
    const user = userEvent.setup();

    const first = await card(OFFER_ID);
    expect(within(first).getByTestId(`my-offer-price-${OFFER_ID}`)).toHaveTextContent('81,600.00 EUR');
    expect(within(first).getByTestId(`my-offer-pricing-${OFFER_ID}`)).toHaveTextContent('Market +2 %');
    expect(within(first).getByTestId(`my-offer-limits-${OFFER_ID}`)).toHaveTextContent(
      '50.00 EUR – 500.00 EUR',
    );
    expect(within(first).getByText(/Bank Transfer/)).toBeInTheDocument();
    expect(within(first).getByTestId(`my-offer-accounts-${OFFER_ID}`)).toHaveTextContent(
      'Buyers pay into: N26 •••• 3000',
    );
    expect(within(first).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/offer-manager/edit/${OFFER_ID}`,
    );
    const second = await card(OTHER_ID);
    expect(within(second).queryByTestId(`my-offer-accounts-${OTHER_ID}`)).not.toBeInTheDocument();
    expect(within(second).getByTestId(`my-offer-pricing-${OTHER_ID}`)).toHaveTextContent('Fixed price');
    expect(within(second).getByTestId(`my-offer-limits-${OTHER_ID}`)).toHaveTextContent(
      '50.00 EUR, 100.00 EUR',
    );
    expect(within(second).getByRole('switch', { name: `Offer ${OTHER_ID} active` })).not.toBeChecked();
    expect(screen.getByTestId('count-sell')).toHaveTextContent('2');
    expect(screen.getByTestId('count-buy')).toHaveTextContent('1');

    await user.click(screen.getByRole('tab', { name: /Buy offers/ }));
    expect(await card('BuyOffer0001')).toBeInTheDocument();
    expect(screen.queryByTestId(`my-offer-${OFFER_ID}`)).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?type=buy');
    expect(calls(fake, 'GET', '/rest/v1/my-offers/list').map((r) => r.url)).toEqual(
      expect.arrayContaining(['/rest/v1/my-offers/list?type=sell', '/rest/v1/my-offers/list?type=buy']),
    );
  });

  it('should switch an offer off at once, and back on when the server refuses', async () => {
    let refuse = false;
    const fake = withServer({
      ...listRoutes({ sell: [buildMyOffer()], buy: [] }),
      [`PUT /rest/v1/my-offers/${OFFER_ID}/status`]: async (request) => {
        // Held until the test has seen the optimistic state.
        await new Promise((resolve) => setTimeout(resolve, 300));
        if (refuse) {
          return jsonResponse(
            409,
            errorBody(
              'OFFER_BOND_INSUFFICIENT',
              'Deposit the BTC security deposit (bond) to activate this offer.',
            ),
          );
        }
        return jsonResponse(200, {
          data: { idHashed: OFFER_ID, isActive: (request.body as { new_status: boolean }).new_status },
        });
      },
    });
    renderApp({ path: '/offer-manager', user: buildCurrentUser() });
    const user = userEvent.setup();
    const offer = await card(OFFER_ID);
    const toggle = within(offer).getByRole('switch', { name: `Offer ${OFFER_ID} active` });
    expect(toggle).toBeChecked();

    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    await waitFor(() => expect(calls(fake, 'PUT', `/rest/v1/my-offers/${OFFER_ID}/status`)).toHaveLength(1));
    expect(calls(fake, 'PUT', `/rest/v1/my-offers/${OFFER_ID}/status`)[0]!.body).toEqual({
      new_status: false,
    });

    // Switching it on again: the bond falls short, the switch goes back and the reason is shown.
    refuse = true;
    fake.routes['GET /rest/v1/my-offers/list'] = () =>
      jsonResponse(200, { data: buildMyOffersList([buildMyOffer({ isActive: false, isEnabled: false })]) });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    expect(toggle).toBeChecked();
    expect(
      await screen.findByText('Deposit the security deposit (bond) for this coin to switch the offer on.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it('should edit the margin in the quick-edit panel, with server field errors on the field', async () => {
    let attempt = 0;
    let saved = buildMyOffer();
    const fake = withServer({
      'GET /rest/v1/my-offers/list': () => jsonResponse(200, { data: buildMyOffersList([saved]) }),
      [`PUT /rest/v1/my-offers/${OFFER_ID}/margin`]: () => {
        attempt += 1;
        if (attempt > 1) saved = buildMyOffer({ margin: '3.0000', pricePerCoin: '82400.00' });
        return attempt === 1
          ? jsonResponse(
              422,
              errorBody('ERROR_INPUT_VALIDATION', 'The input is not valid', [
                {
                  field: 'new_margin',
                  message: 'The margin must be between -50% and 200%',
                  code: 'margin_out_of_bounds',
                },
              ]),
            )
          : jsonResponse(200, { data: { idHashed: OFFER_ID, margin: '3.0000', fixedPrice: null } });
      },
    });
    renderApp({ path: '/offer-manager', user: buildCurrentUser() });
    const user = userEvent.setup();
    const offer = await card(OFFER_ID);

    await user.click(within(offer).getByRole('button', { name: 'Edit price' }));
    const panel = within(offer).getByTestId('quick-edit-price');
    const margin = within(panel).getByRole('textbox', { name: /^Margin/ });
    expect(margin).toHaveValue('2');
    await user.clear(margin);
    await user.type(margin, '300');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('The margin must be between -50 % and 200 %.')).toBeInTheDocument();

    await user.clear(margin);
    await user.type(margin, '3');
    expect(within(panel).getByTestId('quick-price-preview')).toHaveTextContent('82,400.00 EUR');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(offer).queryByTestId('quick-edit-price')).not.toBeInTheDocument());
    expect(calls(fake, 'PUT', `/rest/v1/my-offers/${OFFER_ID}/margin`).map((r) => r.body)).toEqual([
      { new_margin: '300' },
      { new_margin: '3' },
    ]);
    expect(within(offer).getByTestId(`my-offer-pricing-${OFFER_ID}`)).toHaveTextContent('Market +3 %');
    await waitFor(() =>
      expect(within(offer).getByTestId(`my-offer-price-${OFFER_ID}`)).toHaveTextContent('82,400.00'),
    );
  });

  it('should edit the amounts, and close the open panel when it is chosen again', async () => {
    let saved = buildMyOffer();
    const fake = withServer({
      'GET /rest/v1/my-offers/list': () => jsonResponse(200, { data: buildMyOffersList([saved]) }),
      [`PUT /rest/v1/my-offers/${OFFER_ID}/amount`]: () => {
        saved = buildMyOffer({ amountMode: 'predefined', predefinedAmount: ['100.00', '250.00'] });
        return jsonResponse(200, {
          data: {
            idHashed: OFFER_ID,
            amountMode: 'predefined',
            rangeMin: '100.00',
            rangeMax: '250.00',
            predefinedAmount: ['100.00', '250.00'],
          },
        });
      },
    });
    renderApp({ path: '/offer-manager', user: buildCurrentUser() });
    const user = userEvent.setup();
    const offer = await card(OFFER_ID);
    const editAmounts = within(offer).getByRole('button', { name: 'Edit amounts' });

    await user.click(editAmounts);
    expect(within(offer).getByTestId('quick-edit-amount')).toBeInTheDocument();
    await user.click(editAmounts);
    expect(within(offer).queryByTestId('quick-edit-amount')).not.toBeInTheDocument();

    await user.click(editAmounts);
    const panel = within(offer).getByTestId('quick-edit-amount');
    await user.click(within(panel).getByRole('radio', { name: 'Fixed amounts' }));
    await user.type(within(panel).getByRole('combobox', { name: /^Amounts \(EUR\)/ }), '100,250,');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(within(offer).queryByTestId('quick-edit-amount')).not.toBeInTheDocument());
    expect(calls(fake, 'PUT', `/rest/v1/my-offers/${OFFER_ID}/amount`).map((r) => r.body)).toEqual([
      { predefined_amount: ['100', '250'] },
    ]);
    expect(within(offer).getByTestId(`my-offer-limits-${OFFER_ID}`)).toHaveTextContent(
      '100.00 EUR, 250.00 EUR',
    );
  });

  it('should set the offer cap, show what is used of it, and map a refused amount onto the field', async () => {
    let saved = buildMyOffer({ offerCap: { amount: '500.00', active: true } });
    let answer: 'refuse' | 'ok' = 'refuse';
    const fake = withServer({
      'GET /rest/v1/my-offers/list': () => jsonResponse(200, { data: buildMyOffersList([saved]) }),
      [`GET /rest/v1/offers/${OFFER_ID}`]: () =>
        jsonResponse(200, {
          data: buildOfferView({
            isOwner: true,
            offerCap: { initialValue: '500.00', remainingValue: '120.00', rate: '85000.00' },
          }),
        }),
      [`POST /rest/v1/offers/${OFFER_ID}/offer-cap`]: () => {
        if (answer === 'refuse') {
          return jsonResponse(
            422,
            errorBody('ERROR_INPUT_VALIDATION', 'The input is not valid', [
              { field: 'offer_cap.amount', message: 'Too many decimals', code: 'too_many_decimals' },
            ]),
          );
        }
        saved = buildMyOffer({ offerCap: { amount: '800.00', active: true } });
        return jsonResponse(200, {
          data: { offerCap: { initialValue: '800.00', remainingValue: '420.00', rate: '85000.00' } },
        });
      },
    });
    renderApp({ path: '/offer-manager', user: buildCurrentUser() });
    const user = userEvent.setup();
    const offer = await card(OFFER_ID);
    expect(within(offer).getByTestId(`my-offer-cap-${OFFER_ID}`)).toHaveTextContent('500.00 EUR');

    await user.click(within(offer).getByRole('button', { name: 'Cap' }));
    const panel = within(offer).getByTestId('quick-edit-cap');
    expect(await within(panel).findByTestId('cap-usage')).toHaveTextContent(
      '380.00 EUR of 500.00 EUR used; 120.00 EUR left.',
    );
    const amount = within(panel).getByRole('textbox', { name: 'Cap (EUR)' });
    await user.clear(amount);
    await user.type(amount, '800');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText(/decimal/i)).toBeInTheDocument();

    answer = 'ok';
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(offer).queryByTestId('quick-edit-cap')).not.toBeInTheDocument());
    expect(calls(fake, 'POST', `/rest/v1/offers/${OFFER_ID}/offer-cap`).map((r) => r.body)).toEqual([
      { offer_cap: { amount: '800', active: true } },
      { offer_cap: { amount: '800', active: true } },
    ]);
    await waitFor(() =>
      expect(within(offer).getByTestId(`my-offer-cap-${OFFER_ID}`)).toHaveTextContent('800.00 EUR'),
    );
  });

  it('should switch the cap off in Spanish without losing the amount', async () => {
    const fake = withServer({
      'GET /rest/v1/my-offers/list': () =>
        jsonResponse(200, {
          data: buildMyOffersList([buildMyOffer({ offerCap: { amount: '500.00', active: true } })]),
        }),
      [`GET /rest/v1/offers/${OFFER_ID}`]: () => jsonResponse(500, {}),
      [`POST /rest/v1/offers/${OFFER_ID}/offer-cap`]: () => jsonResponse(200, { data: { offerCap: null } }),
    });
    renderApp({ path: '/es/offer-manager', user: buildCurrentUser() });
    const user = userEvent.setup();
    const offer = await card(OFFER_ID);
    await user.click(within(offer).getByRole('button', { name: 'Tope' }));
    const panel = within(offer).getByTestId('quick-edit-cap');
    expect(
      await within(panel).findByText('No se pudo cargar cuánto del tope se ha usado.'),
    ).toBeInTheDocument();
    await user.click(within(panel).getByRole('switch', { name: 'Aplicar el tope' }));
    await user.click(within(panel).getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(calls(fake, 'POST', `/rest/v1/offers/${OFFER_ID}/offer-cap`).map((r) => r.body)).toEqual([
        { offer_cap: { amount: '500.00', active: false } },
      ]),
    );
  });

  it('should switch all offers on and list those kept off for a missing bond', async () => {
    const fake = withServer({
      ...listRoutes({
        sell: [buildMyOffer({ isActive: false }), buildMyOffer({ idHashed: OTHER_ID, isActive: false })],
        buy: [],
      }),
      'POST /offer-manager/toggle-all-offers-state': () =>
        jsonResponse(200, { data: { isActive: true, changed: 1, bondInsufficient: [OTHER_ID] } }),
    });
    renderApp({ path: '/offer-manager', user: buildCurrentUser() });
    const user = userEvent.setup();
    await card(OFFER_ID);

    await user.click(screen.getByRole('button', { name: 'Turn all on' }));
    const skipped = await screen.findByTestId('toggle-all-skipped');
    expect(skipped).toHaveTextContent('1 offer stays off');
    expect(within(skipped).getByRole('link', { name: OTHER_ID })).toHaveAttribute(
      'href',
      `/offer-manager/edit/${OTHER_ID}`,
    );
    expect(within(skipped).getByRole('link', { name: 'Go to the security deposit' })).toHaveAttribute(
      'href',
      '/wallet?tab=bond',
    );
    expect(await screen.findByText('1 offer switched on.')).toBeInTheDocument();
    expect(calls(fake, 'POST', '/offer-manager/toggle-all-offers-state').map((r) => r.body)).toEqual([
      { new_status: true },
    ]);
  });

  it('should show the bond the offers need, with the way to the wallet', async () => {
    withServer({
      'GET /rest/v1/my-offers/list': () =>
        jsonResponse(200, {
          data: buildMyOffersList(
            [buildMyOffer({ isActive: false, depositInfo: { isBondInsufficient: true } })],
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
    renderApp({ path: '/offer-manager', user: buildCurrentUser() });
    const notice = await screen.findByTestId('bond-notice', {}, PAGE_LOAD);
    expect(within(notice).getByTestId('bond-missing-BTC')).toHaveTextContent('0.002 BTC missing');
    expect(within(notice).getByRole('link', { name: 'Deposit BTC bond' })).toHaveAttribute(
      'href',
      '/wallet?tab=bond&coin=BTC#wallet-tabs',
    );
    expect(within(notice).getByRole('link', { name: 'Add BTC to your wallet' })).toHaveAttribute(
      'href',
      '/wallet?tab=deposit&coin=BTC',
    );
    expect(screen.getByTestId(`my-offer-bond-${OFFER_ID}`)).toHaveTextContent(
      'Needs the BTC security deposit to be switched on.',
    );
  });

  it('should offer to create one when a tab is empty', async () => {
    withServer(listRoutes({ sell: [], buy: [] }));
    renderApp({ path: '/es/offer-manager?type=buy', user: buildCurrentUser() });
    expect(await screen.findByText('Todavía no tienes ofertas de compra', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(
      screen.getAllByRole('link', { name: 'Crear una oferta' }).map((a) => a.getAttribute('href')),
    ).toEqual(['/es/offer-manager/edit?type=buy', '/es/offer-manager/edit?type=buy']);
    expect(screen.queryByRole('button', { name: 'Activar todas' })).not.toBeInTheDocument();
  });

  it('should show the error state with a retry', async () => {
    let fail = true;
    withServer({
      'GET /rest/v1/my-offers/list': () =>
        fail
          ? jsonResponse(503, errorBody('SERVICE_UNAVAILABLE', 'down'))
          : jsonResponse(200, { data: buildMyOffersList([buildMyOffer()]) }),
    });
    renderApp({ path: '/offer-manager', user: buildCurrentUser() });
    expect(await screen.findByText('Your offers could not be loaded', {}, PAGE_LOAD)).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await card(OFFER_ID)).toBeInTheDocument();
  });

  it('should appeal a rejected offer with the reason, map the server field error, and show the appeal waiting', async () => {
    const user = userEvent.setup();
    let offer = buildMyOffer({
      isActive: false,
      moderationStatus: 2,
      moderatorNote: 'Remove the outside-payment request.',
    });
    let answer = () =>
      jsonResponse(
        422,
        errorBody('ERROR_INPUT_VALIDATION', 'Invalid', [
          { field: 'text', message: 'Contains characters that are not allowed', code: 'invalid_characters' },
        ]),
      );
    const fake = withServer({
      'GET /rest/v1/my-offers/list': () => jsonResponse(200, { data: buildMyOffersList([offer]) }),
      [`POST /rest/v1/my-offers/${OFFER_ID}/appeal`]: () => answer(),
    });
    renderApp({ path: '/offer-manager', user: buildCurrentUser() });
    const notice = await screen.findByTestId(`my-offer-moderation-${OFFER_ID}`, {}, PAGE_LOAD);
    expect(notice).toHaveTextContent('Remove the outside-payment request.');
    await user.click(within(notice).getByRole('button', { name: 'Appeal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appeal against the rejection' });
    await user.click(within(dialog).getByRole('button', { name: 'Send the appeal' }));
    expect(await within(dialog).findByText('Say why the offer should be approved.')).toBeInTheDocument();
    expect(calls(fake, 'POST', `/rest/v1/my-offers/${OFFER_ID}/appeal`)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/approved as it is/), 'Only bank details.');
    await user.click(within(dialog).getByRole('button', { name: 'Send the appeal' }));
    expect(await within(dialog).findByText('Contains characters that are not allowed')).toBeInTheDocument();
    answer = () => {
      offer = {
        ...offer,
        moderationStatus: 4,
        appeal: {
          status: 'appealed',
          text: 'Only bank details.',
          createdAt: '2026-03-01T12:00:00.000Z',
          decisionReason: null,
        },
      };
      return jsonResponse(201, {
        data: {
          id: 7,
          idHashed: OFFER_ID,
          status: 'appealed',
          text: 'Only bank details.',
          createdAt: '2026-03-01T12:00:00.000Z',
          moderationStatus: 4,
        },
      });
    };
    await user.click(within(dialog).getByRole('button', { name: 'Send the appeal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(fake, 'POST', `/rest/v1/my-offers/${OFFER_ID}/appeal`).map((r) => r.body)).toEqual([
      { text: 'Only bank details.' },
      { text: 'Only bank details.' },
    ]);
    await waitFor(() =>
      expect(screen.getByTestId(`my-offer-moderation-${OFFER_ID}`)).toHaveTextContent(
        'Your appeal against the rejection is waiting for a second moderator.',
      ),
    );
    expect(screen.getByTestId(`my-offer-moderation-${OFFER_ID}`)).toHaveTextContent(
      'Your appeal: Only bank details.',
    );
    expect(
      within(screen.getByTestId(`my-offer-moderation-${OFFER_ID}`)).queryByRole('button', { name: 'Appeal' }),
    ).toBeNull();
  }, 30_000);

  it('should say an appeal was turned down, with no second appeal', async () => {
    withServer({
      'GET /rest/v1/my-offers/list': () =>
        jsonResponse(200, {
          data: buildMyOffersList([
            buildMyOffer({
              isActive: false,
              moderationStatus: 3,
              moderatorNote: 'The terms ask for payment outside escrow.',
              appeal: {
                status: 'rejected',
                text: 'Fine.',
                createdAt: '2026-03-01T12:00:00.000Z',
                decisionReason: 'The terms ask for payment outside escrow.',
              },
            }),
          ]),
        }),
    });
    renderApp({ path: '/es/offer-manager', user: buildCurrentUser() });
    const notice = await screen.findByTestId(`my-offer-moderation-${OFFER_ID}`, {}, PAGE_LOAD);
    expect(notice).toHaveTextContent('Tu apelación fue rechazada');
    expect(within(notice).queryByRole('button', { name: 'Apelar' })).toBeNull();
  });
});
