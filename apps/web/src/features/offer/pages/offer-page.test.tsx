import type { CurrentUser, OfferView } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { currentUserQueryKey } from '@/shared/session/current-user';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';
import { buildListing, buildOfferView, buildStartedTrade, offerPageRoutes } from '../testing/offer-fixtures';

/** The page is a lazy chunk: its first import in a cold, busy worker can take several seconds. */
const PAGE_LOAD = { timeout: 15_000 };
const HASH = 'tNwYvbf0a0ig';

function withServer(view: OfferView = buildOfferView(), overrides: Record<string, FakeHandler> = {}) {
  const fake = createFakeFetch(offerPageRoutes(view, overrides));
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

function renderOffer(path = `/offer/${HASH}`) {
  return renderApp({ path, user: buildCurrentUser({ username: 'buyer1' }) });
}

const view = (offer: Partial<OfferView['offer']> = {}, state: Partial<OfferView> = {}) =>
  buildOfferView({ ...state, offer: { ...buildOfferView().offer, ...offer } });

const startButton = () => screen.getByTestId('start-trade');

describe('OfferPage', () => {
  it('should show a skeleton, then the offer with its live price, details, owner and feedback', async () => {
    withServer(view({}, { recommendedOffers: [buildListing()] }));
    renderOffer();
    expect(await screen.findByTestId('offer-loading', {}, PAGE_LOAD)).toBeInTheDocument();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Buy BTC with Revolut' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('offer-page-price')).toHaveTextContent('85,544.85 EUR');
    expect(screen.getByTestId('offer-page-margin')).toHaveTextContent('+5.38% to market');
    expect(screen.getByTestId('detail-limits')).toHaveTextContent('85.00 EUR – 171.00 EUR');
    expect(screen.getByTestId('detail-window')).toHaveTextContent('30 minutes');
    expect(screen.getByTestId('detail-label')).toHaveTextContent('Personal only');
    expect(screen.getByTestId('offer-terms')).toHaveTextContent('Pay from your own Revolut account.');
    expect(await screen.findByText('Online payments')).toBeInTheDocument();
    // The owner, from the public profile: link, feedback counts.
    const owner = screen.getByTestId('owner-panel');
    expect(await within(owner).findByTestId('owner-link')).toHaveAttribute('href', '/user/trader0197');
    expect(within(owner).getByTestId('profile-feedback')).toHaveTextContent('12 positive feedback');
    expect(await screen.findByTestId('feedback-empty')).toBeInTheDocument();
    // No hours: always open.
    expect(screen.getByTestId('open-now')).toHaveTextContent('Open now');
    // The ID-not-verified message of the state widget with the limits' amounts in the offer's currency,
    // and a recommended offer card.
    await waitFor(() =>
      expect(screen.getByTestId('notice-idNotVerified')).toHaveTextContent(
        'Your ID is not verified yet, so your trades are limited: at most 4,600.00 EUR per trade, ' +
          '18,400.00 EUR a day (17,480.00 EUR left today), and 2 running trades at a time.',
      ),
    );
    // The way to verify: the named route `verification` (issue 26: the page existed, the link did not).
    expect(
      within(screen.getByTestId('notice-idNotVerified')).getByRole('link', { name: 'Verify your ID' }),
    ).toHaveAttribute('href', '/account/verification');
    expect(within(screen.getByTestId('recommended-offers')).getAllByTestId('offer-card')).toHaveLength(1);
    expect(document.title).toContain('Buy BTC with Revolut');
  }, 45_000);

  it('should give the ID limits in USD when the offer’s currency has no rate, in Spanish, and say less when they fail', async () => {
    let down = false;
    const fake = withServer(buildOfferView(), {
      'GET /rest/v1/limits/trade-level-limitations': () =>
        down
          ? jsonResponse(503, errorBody('SERVICE_UNAVAILABLE', 'Down'))
          : jsonResponse(200, {
              data: {
                area: 'trade',
                level: 'L1',
                accountLevel: 1,
                trade: {
                  perTradeUsd: '5000.00',
                  daily: { limitUsd: null, usedUsd: '0.00', leftUsd: null },
                  lifetime: { limitUsd: null, usedUsd: '0.00', leftUsd: null },
                  maxActiveTrades: 1,
                  activeTrades: 0,
                },
                wallet: null,
                blockedActions: [],
                tradeInFiat: null,
              },
            }),
    });
    const first = renderOffer(`/es/offer/${HASH}`);
    const notice = await screen.findByTestId('notice-idNotVerified', {}, PAGE_LOAD);
    // No daily limit: not mentioned; one running trade, in the singular.
    await waitFor(() =>
      expect(notice).toHaveTextContent(
        'Tu identidad aún no está verificada, así que tus operaciones tienen límites: como máximo ' +
          '5.000,00 USD por operación y 1 operación en curso a la vez.',
      ),
    );
    expect(fake.requests.find((r) => r.url.startsWith('/rest/v1/limits/'))?.url).toBe(
      '/rest/v1/limits/trade-level-limitations?fiatCurrencyCode=EUR',
    );
    first.unmount();

    down = true;
    renderOffer();
    expect(await screen.findByTestId('notice-idNotVerified', {}, PAGE_LOAD)).toHaveTextContent(
      'Your ID is not verified yet: your verification level limits your trades.',
    );
  }, 45_000);

  it('should send a visitor to login and back (spec: the offer page needs a login)', async () => {
    withServer();
    const { router } = renderApp({ path: `/offer/${HASH}?fiat-min=100`, user: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), PAGE_LOAD);
    expect(router.state.location.search).toBe(
      `?returnTo=${encodeURIComponent(`/offer/${HASH}?fiat-min=100`)}`,
    );
  });

  it('should say "not found" for an unknown offer', async () => {
    withServer(buildOfferView(), {
      [`GET /rest/v1/offers/${HASH}`]: () => jsonResponse(404, errorBody('NOT_FOUND', 'Offer not found')),
    });
    renderOffer();
    expect(await screen.findByRole('heading', { name: 'Offer not found' }, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByTestId('offer-not-found-market')).toHaveAttribute('href', '/trading');
  });

  it('should explain an unavailable offer with the server flash message and block the start', async () => {
    withServer(
      view(
        {},
        {
          isAvailable: false,
          flashMessages: [{ type: 'OfferIsBlocked', text: 'This offer is not available right now.' }],
        },
      ),
    );
    renderOffer();
    expect(await screen.findByTestId('notice-flash-0', {}, PAGE_LOAD)).toHaveTextContent(
      'This offer is not available right now: it is switched off',
    );
    expect(startButton()).toBeDisabled();
  });

  it('should block the start when the cap is reached and show the used cap with the rate', async () => {
    withServer(
      view(
        { isReachedCap: true },
        { offerCap: { initialValue: '500.00', remainingValue: '0.00', rate: '85544.85' } },
      ),
    );
    renderOffer();
    const notice = await screen.findByTestId('notice-cap', {}, PAGE_LOAD);
    expect(notice).toHaveTextContent('This offer has reached its limit');
    expect(notice).toHaveTextContent('500.00 EUR of 500.00 EUR used; 0.00 EUR left.');
    expect(notice).toHaveTextContent('Rate: 85,544.85 EUR per BTC.');
    expect(startButton()).toBeDisabled();
  });

  it('should say the offer is not for the viewer country, and that it is the owner own offer', async () => {
    withServer(view({}, { isAvailableForCountry: false }));
    const first = renderOffer();
    expect(await screen.findByTestId('notice-country', {}, PAGE_LOAD)).toHaveTextContent(
      'This offer is not available in your country.',
    );
    expect(startButton()).toBeDisabled();
    first.unmount();

    withServer(view({}, { isOwner: true }));
    renderOffer();
    expect(await screen.findByTestId('notice-owner')).toHaveTextContent('This is your offer');
    expect(screen.queryByTestId('start-trade')).not.toBeInTheDocument();
    expect(screen.queryByTestId('report-offer')).not.toBeInTheDocument();
  });

  it('should convert both ways exactly and clamp an amount above the maximum', async () => {
    withServer();
    renderOffer();
    const user = userEvent.setup();
    const fiat = await screen.findByLabelText('You pay', {}, PAGE_LOAD);
    const crypto = screen.getByLabelText('You receive');

    await user.type(fiat, '100');
    // 100 / 85544.85 = 0.0011689771... rounded down to the satoshi.
    expect(crypto).toHaveValue('0.00116897');

    await user.clear(crypto);
    await user.type(crypto, '0.001');
    // 0.001 x 85544.85 = 85.54485 -> 85.54 (half-up to cents).
    expect(fiat).toHaveValue('85.54');

    // Letters and a second point are refused keystroke by keystroke.
    await user.type(crypto, 'x.');
    expect(crypto).toHaveValue('0.001');

    await user.clear(fiat);
    await user.type(fiat, '500');
    expect(fiat).toHaveValue('171.00');
    expect(crypto).toHaveValue('0.00199895');
    expect(screen.getByTestId('amount-clamped')).toHaveTextContent('Lowered to the maximum of 171.00 EUR.');
  });

  it('should start with the fiat-min of the address when it is numeric, and ignore it otherwise', async () => {
    withServer();
    const first = renderOffer(`/offer/${HASH}?fiat-min=120`);
    expect(await screen.findByLabelText('You pay', {}, PAGE_LOAD)).toHaveValue('120');
    expect(screen.getByLabelText('You receive')).toHaveValue('0.00140277');
    first.unmount();

    withServer();
    renderOffer(`/offer/${HASH}?fiat-min=12abc`);
    expect(await screen.findByLabelText('You pay')).toHaveValue('');
  });

  it('should cap a new buyer at the new-buyer limit', async () => {
    withServer(view({ newBuyerMaxFiatLimit: '100.00' }));
    renderOffer();
    const user = userEvent.setup();
    expect(await screen.findByTestId('notice-newBuyer', {}, PAGE_LOAD)).toHaveTextContent(
      'As a new buyer of trader0197 you can buy up to 100.00 EUR in one trade.',
    );
    await user.type(screen.getByLabelText('You pay'), '150');
    expect(screen.getByLabelText('You pay')).toHaveValue('100.00');
  });

  it('should check the amount before anything else', async () => {
    withServer();
    renderOffer();
    const user = userEvent.setup();
    await screen.findByLabelText('You pay', {}, PAGE_LOAD);
    await waitFor(() => expect(startButton()).toBeEnabled());
    await user.click(startButton());
    expect(await screen.findByText('Enter an amount.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('You pay'), '20');
    await user.click(startButton());
    expect(await screen.findByText('The minimum for this offer is 85.00 EUR.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('should show the warnings in order, require the sanctions box, remember acceptance, and start the trade', async () => {
    const fake = withServer(view({}, { isGrayCountry: true }), {
      'POST /rest/v1/trade/start': (request) =>
        jsonResponse(201, {
          data: buildStartedTrade(
            'TradeHash0001',
            'buyer1',
            (request.body as { fiat_amount: string }).fiat_amount,
          ),
        }),
    });
    const { router, queryClient } = renderOffer();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('You pay', {}, PAGE_LOAD), '100');
    await waitFor(() => expect(startButton()).toBeEnabled());
    await user.click(startButton());

    // 1 of 3: the terms, shown inside the warning.
    const terms = await screen.findByTestId('warning-reviewOfferTerms');
    expect(within(terms).getByText('Notice 1 of 3')).toBeInTheDocument();
    expect(within(terms).getByTestId('warning-terms')).toHaveTextContent(
      'Pay from your own Revolut account.',
    );
    await user.click(within(terms).getByRole('button', { name: 'I understand' }));

    // 2 of 3: the sanctions warning cannot be accepted without its box.
    const sanctions = await screen.findByTestId('warning-ofacOfferWarning');
    const accept = within(sanctions).getByRole('button', { name: 'Accept and continue' });
    expect(accept).toBeDisabled();
    // "Don't start this trade" closes everything: nothing is accepted beyond the first, and nothing starts.
    await user.click(within(sanctions).getByRole('button', { name: "Don't start this trade" }));
    await waitFor(() => expect(screen.queryByTestId('warning-ofacOfferWarning')).not.toBeInTheDocument());

    // Again: the terms were accepted on this page and are not asked twice.
    await user.click(startButton());
    const again = await screen.findByTestId('warning-ofacOfferWarning');
    expect(within(again).getByText('Notice 1 of 2')).toBeInTheDocument();
    await user.click(within(again).getByLabelText(/I confirm that I am not a sanctioned person/));
    await user.click(within(again).getByRole('button', { name: 'Accept and continue' }));
    const payment = await screen.findByTestId('warning-paymentTermsWarning');
    await user.click(within(payment).getByRole('button', { name: 'I understand' }));

    // The confirmation, then the start call and the trade page.
    const confirm = await screen.findByTestId('start-trade-confirm');
    expect(within(confirm).getByTestId('confirm-fiat')).toHaveTextContent('100.00 EUR');
    expect(within(confirm).getByTestId('confirm-crypto')).toHaveTextContent('0.00116897 BTC');
    // Its way out says what it does (no trade exists yet to "cancel").
    expect(within(confirm).getByRole('button', { name: "Don't start this trade" })).toBeEnabled();
    expect(fake.requests.some((r) => r.url === '/rest/v1/trade/start')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Start trade' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/trade/TradeHash0001'));
    const start = fake.requests.find((r) => r.url === '/rest/v1/trade/start');
    // With the price the confirmation showed: beyond the tolerance the server asks again.
    expect(start?.body).toEqual({ offer_hash: HASH, fiat_amount: '100.00', expected_price: '85544.85' });
    // The user has a running trade now: the active-trade polling starts from this flag.
    expect(queryClient.getQueryData<CurrentUser>(currentUserQueryKey)?.hasActiveTrades).toBe(true);
  }, 45_000);

  it('should keep the start errors on screen and put the amount problem on the field', async () => {
    withServer(view({ offerTerms: '', isThirdPartyTreatmentEnabled: true }), {
      'POST /rest/v1/trade/start': () =>
        jsonResponse(
          422,
          errorBody(
            'max_per_trade_limit',
            'Until your ID is verified a trade may be worth at most 5000 USD.',
            [
              {
                field: 'fiat_amount',
                message: 'Until your ID is verified a trade may be worth at most 5000 USD.',
                code: 'max_per_trade_limit',
              },
            ],
          ),
        ),
    });
    renderOffer();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('You pay', {}, PAGE_LOAD), '150');
    await waitFor(() => expect(startButton()).toBeEnabled());
    await user.click(startButton());
    // No warning applies to this offer: straight to the confirmation.
    await user.click(await screen.findByRole('button', { name: 'Start trade' }));

    const errors = await screen.findByTestId('start-errors');
    expect(errors).toHaveTextContent('The trade could not be started');
    expect(errors).toHaveTextContent(
      'Above your maximum per trade. Until your ID is verified a trade may be worth at most 5000 USD.',
    );
    expect(screen.getByLabelText('You pay')).toHaveAccessibleDescription(
      'Until your ID is verified a trade may be worth at most 5000 USD.',
    );
  });

  it('should state the price tolerance, show old and new price when it moved beyond it, and ask again', async () => {
    let calls = 0;
    const fake = withServer(view({ offerTerms: '', isThirdPartyTreatmentEnabled: true }), {
      'POST /rest/v1/trade/start': (request) => {
        calls += 1;
        if (calls === 1) {
          return jsonResponse(409, {
            errors: [
              {
                code: 'price_changed',
                message: 'The price moved.',
                priceChange: {
                  expectedPrice: '85544.85',
                  price: '86100.00',
                  fiatAmount: '100.00',
                  fiatCurrencyCode: 'EUR',
                  cryptoAmount: '0.00116144',
                  cryptoCurrencyCode: 'BTC',
                  tolerancePercent: '0.5',
                },
              },
            ],
          });
        }
        return jsonResponse(201, {
          data: buildStartedTrade(
            'TradeHash0002',
            'buyer1',
            (request.body as { fiat_amount: string }).fiat_amount,
          ),
        });
      },
    });
    const { router } = renderOffer();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('You pay', {}, PAGE_LOAD), '100');
    await waitFor(() => expect(startButton()).toBeEnabled());
    await user.click(startButton());
    const confirm = await screen.findByTestId('start-trade-confirm');
    expect(within(confirm).getByTestId('price-tolerance')).toHaveTextContent(
      "If the price moves more than 0.5% before you confirm, we'll show you the new price first.",
    );
    await user.click(within(confirm).getByRole('button', { name: 'Start trade' }));

    // Refused: still the confirmation, the change said, old values beside the new ones.
    expect(await within(confirm).findByTestId('price-changed')).toHaveTextContent('The price has changed');
    expect(within(confirm).getByTestId('confirm-price')).toHaveTextContent('was 85,544.85 EUR86,100.00 EUR');
    expect(within(confirm).getByTestId('confirm-crypto')).toHaveTextContent(
      'was 0.00116897 BTC0.00116144 BTC',
    );
    expect(screen.queryByTestId('start-errors')).not.toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Start at the new price' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/trade/TradeHash0002'));
    const starts = fake.requests.filter((r) => r.url === '/rest/v1/trade/start');
    expect(starts.map((r) => (r.body as { expected_price: string }).expected_price)).toEqual([
      '85544.85',
      '86100.00',
    ]);
  }, 45_000);

  it('should flip the favourite heart through the server', async () => {
    const fake = withServer(view(), {
      [`POST /rest/v1/favorites/offers/${HASH}`]: () => jsonResponse(200, { data: { isFavorite: true } }),
    });
    renderOffer();
    const user = userEvent.setup();
    const heart = await screen.findByTestId(`favorite-${HASH}`, {}, PAGE_LOAD);
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    expect(
      fake.requests.some((r) => r.method === 'POST' && r.url === `/rest/v1/favorites/offers/${HASH}`),
    ).toBe(true);
  });

  it('should show the opening hours per day in the offer timezone with "closed now" outside them', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-02T20:00:00Z'), toFake: ['Date'] });
    try {
      withServer(
        view(
          {},
          {
            dutyHours: [
              { day: 1, start_time: '09:00', end_time: '18:00', active: true },
              { day: 2, start_time: '10:00', end_time: '12:00', active: false },
            ],
          },
        ),
      );
      renderOffer();
      const hours = await screen.findByTestId('opening-hours', {}, PAGE_LOAD);
      // 20:00 UTC on Monday is 21:00 in Madrid: closed.
      expect(within(hours).getByTestId('open-now')).toHaveTextContent('Closed now');
      expect(within(hours).getByText('Times in Europe/Madrid')).toBeInTheDocument();
      expect(within(hours).getByTestId('hours-day-1')).toHaveTextContent('Monday09:00–18:00');
      expect(within(hours).getByTestId('hours-day-2')).toHaveTextContent('10:00–12:00 (off)');
      expect(within(hours).getByTestId('hours-day-3')).toHaveTextContent('Closed');
    } finally {
      vi.useRealTimers();
    }
  });

  it('should load the feedback list, append with "load more", and tell a failed "load more" apart', async () => {
    const item = (n: number, rating: 'positive' | 'negative', reply: string | null = null) => ({
      rating,
      message: `Feedback ${n}`,
      reply,
      author: { username: `author${n}`, avatarUrl: null },
      createdAt: '2026-01-02T10:00:00.000Z',
    });
    let failSecond = true;
    withServer(view(), {
      [`GET /rest/v1/offers/${HASH}/feedback`]: (request) => {
        const page = new URL(request.url, 'http://x').searchParams.get('page');
        if (page === '2') {
          if (failSecond) return jsonResponse(503, errorBody('SERVICE_UNAVAILABLE', 'down'));
          return jsonResponse(200, {
            data: {
              items: [item(3, 'negative')],
              positiveCount: 2,
              negativeCount: 1,
              totalCount: 3,
              paginationNextPage: null,
            },
          });
        }
        return jsonResponse(200, {
          data: {
            items: [item(1, 'positive'), item(2, 'positive', 'Thanks, come again')],
            positiveCount: 2,
            negativeCount: 1,
            totalCount: 3,
            paginationNextPage: `/rest/v1/offers/${HASH}/feedback?page=2`,
          },
        });
      },
    });
    renderOffer();
    const user = userEvent.setup();
    const list = await screen.findByTestId('feedback-items', {}, PAGE_LOAD);
    expect(within(list).getAllByTestId('feedback-item')).toHaveLength(2);
    // The owner's reply shows under the feedback it answers.
    expect(within(list).getAllByTestId('feedback-item')[1]).toHaveTextContent('Reply: Thanks, come again');
    expect(within(list).getAllByTestId('feedback-item')[0]).not.toHaveTextContent('Reply:');
    expect(screen.getByTestId('feedback-positive')).toHaveTextContent('2 positive');
    expect(screen.getByTestId('feedback-negative')).toHaveTextContent('1 negative');

    await user.click(screen.getByTestId('feedback-load-more'));
    // The load-more failure keeps the first page and says so below it (retries take a few seconds).
    expect(
      await screen.findByTestId('feedback-load-more-error', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(within(list).getAllByTestId('feedback-item')).toHaveLength(2);

    failSecond = false;
    await user.click(screen.getByTestId('feedback-load-more'));
    await waitFor(() => expect(within(list).getAllByTestId('feedback-item')).toHaveLength(3));
    expect(screen.queryByTestId('feedback-load-more-error')).not.toBeInTheDocument();
    expect(screen.queryByTestId('feedback-load-more')).not.toBeInTheDocument();
  }, 40_000);

  it('should show an error state with a retry when the first feedback page fails', async () => {
    withServer(view(), {
      [`GET /rest/v1/offers/${HASH}/feedback`]: () =>
        jsonResponse(404, errorBody('ROUTE_NOT_FOUND', 'Not found')),
    });
    renderOffer();
    const feedback = await screen.findByTestId('offer-feedback', {}, PAGE_LOAD);
    expect(await within(feedback).findByText('The feedback could not be loaded.')).toBeInTheDocument();
    expect(within(feedback).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('ReportOfferModal', () => {
  const openReport = async () => {
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('report-offer', {}, PAGE_LOAD));
    return { user, dialog: await screen.findByRole('dialog', { name: 'Report this offer' }) };
  };

  it('should check the form, send the report, and show the reported state', async () => {
    const fake = withServer(view(), {
      [`POST /rest/v1/offers/${HASH}/report`]: (request) =>
        jsonResponse(201, {
          data: {
            reported: true,
            reason: (request.body as { reason: string }).reason,
            createdAt: '2026-01-02T10:00:00.000Z',
          },
        }),
    });
    renderOffer();
    const { user, dialog } = await openReport();
    const form = await within(dialog).findByTestId('report-form');

    await user.click(within(form).getByTestId('report-submit'));
    expect(await within(form).findByText('Choose a reason.')).toBeInTheDocument();

    await user.click(within(form).getByLabelText('Something else'));
    await user.click(within(form).getByTestId('report-submit'));
    expect(await within(form).findByText('Tell the moderators what is wrong.')).toBeInTheDocument();
    expect(fake.requests.some((r) => r.method === 'POST' && r.url.endsWith('/report'))).toBe(false);

    await user.type(
      within(form).getByLabelText(/What happened/),
      'Asks me to pay by gift card outside escrow',
    );
    await user.click(within(form).getByTestId('report-submit'));

    const done = await within(dialog).findByTestId('report-done');
    expect(done).toHaveTextContent('Thank you. The moderators will review this offer.');
    expect(done).toHaveTextContent('Your reason: Something else');
    const sent = fake.requests.find((r) => r.method === 'POST' && r.url.endsWith('/report'));
    expect(sent?.body).toEqual({ reason: 'other', message: 'Asks me to pay by gift card outside escrow' });
  });

  it('should open in the reported state when the offer was reported before', async () => {
    withServer(view(), {
      [`GET /rest/v1/offers/${HASH}/report`]: () =>
        jsonResponse(200, {
          data: { reported: true, reason: 'obvious_scam', createdAt: '2026-01-02T10:00:00.000Z' },
        }),
    });
    renderOffer();
    const { dialog } = await openReport();
    expect(await within(dialog).findByTestId('report-done')).toHaveTextContent(
      'Your reason: An obvious scam',
    );
  });

  it('should keep the form and say why when the report fails', async () => {
    withServer(view(), {
      [`POST /rest/v1/offers/${HASH}/report`]: () =>
        jsonResponse(429, errorBody('RATE_LIMITED', 'Too many reports'), { 'retry-after': '7200' }),
    });
    renderOffer();
    const { user, dialog } = await openReport();
    const form = await within(dialog).findByTestId('report-form');
    await user.click(within(form).getByLabelText('An obvious scam'));
    await user.click(within(form).getByTestId('report-submit'));
    expect(await within(form).findByTestId('report-failure')).toHaveTextContent(
      'You have sent the most reports allowed for a day. Please try again in 2 hours.',
    );
    // The choice stays, ready for later.
    expect(within(form).getByLabelText('An obvious scam')).toBeChecked();
  });

  it('should switch to "reported" when the server says it was already reported', async () => {
    let reported = false;
    withServer(view(), {
      [`GET /rest/v1/offers/${HASH}/report`]: () =>
        jsonResponse(200, {
          data: reported
            ? { reported: true, reason: 'negotiation', createdAt: '2026-01-02T10:00:00.000Z' }
            : { reported: false, reason: null, createdAt: null },
        }),
      [`POST /rest/v1/offers/${HASH}/report`]: () => {
        reported = true;
        return jsonResponse(409, errorBody('ALREADY_REPORTED', 'You have already reported this offer.'));
      },
    });
    renderOffer();
    const { user, dialog } = await openReport();
    const form = await within(dialog).findByTestId('report-form');
    await user.click(within(form).getByLabelText('An obvious scam'));
    await user.click(within(form).getByTestId('report-submit'));
    expect(await within(dialog).findByTestId('report-done')).toHaveTextContent(
      'Your reason: Changes the price or conditions in the chat',
    );
  });
});
