import type { BankAccount, MobileMoneyWallet } from '@app/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
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
const PICKER = 'Where buyers pay you';

const bankAccount = (overrides: Partial<BankAccount>): BankAccount => ({
  id: 1,
  isPersonal: true,
  accountType: 'User',
  countryCode: 'DE',
  fiatCurrencyCode: 'EUR',
  holderName: 'Sally Seller',
  accountNumber: '•••• 3000',
  iban: null,
  routingNumber: null,
  bankId: null,
  bankName: 'N26',
  swiftCode: null,
  ifsc: null,
  clabe: null,
  swift: null,
  additionalInfo: '',
  isMasked: true,
  offerCount: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const wallet = (overrides: Partial<MobileMoneyWallet>): MobileMoneyWallet => ({
  id: 1,
  paymentMethodId: 300,
  paymentMethodName: 'MTN Mobile Money',
  paymentMethodSlug: 'mtn-mobile-money',
  countryCode: 'GH',
  phoneNumber: '•••• 4567',
  holderName: 'Sally Seller',
  isMasked: true,
  offerCount: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

/** N26 and Revolut in EUR (the offer's currency), NatWest in GBP. */
const ACCOUNTS = [
  bankAccount({ id: 4 }),
  bankAccount({
    id: 7,
    bankName: 'NatWest',
    countryCode: 'GB',
    fiatCurrencyCode: 'GBP',
    accountNumber: '•••• 6819',
  }),
  bankAccount({ id: 9, bankName: 'Revolut', accountNumber: '•••• 1200' }),
];

const SAVED = { data: { idHashed: OFFER_ID, isActive: true, depositInfo: { isBondInsufficient: false } } };

function withServer(overrides: Record<string, FakeHandler> = {}) {
  const fake = createFakeFetch(
    offerManagerRoutes({
      'GET /rest/v1/bankaccounts': () => jsonResponse(200, { data: ACCOUNTS }),
      'GET /rest/v1/my-offers/list': () => jsonResponse(200, { data: buildMyOffersList([buildMyOffer()]) }),
      ...overrides,
    }),
  );
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const sent = (fake: ReturnType<typeof createFakeFetch>, method: string, path: string) =>
  fake.requests.filter((r) => r.method === method && r.url.split('?')[0] === path).map((r) => r.body);

const stepHeading = (number: number, title: string) =>
  screen.findByRole('heading', { name: `Step ${number} of 5: ${title}` }, PAGE_LOAD);

async function openEditor() {
  const view = renderApp({ path: `/offer-manager/edit/${OFFER_ID}`, user: buildCurrentUser() });
  await stepHeading(1, 'Basics');
  return { ...view, picker: await screen.findByRole('group', { name: PICKER }) };
}

describe('PaymentAccountsPicker', () => {
  it('should offer the bank accounts in the offer’s currency, show the choice on the review and send its ids', async () => {
    const state = buildEditorState();
    const fake = withServer({
      [`GET /rest/v1/my-offers/${OFFER_ID}`]: () => jsonResponse(200, { data: state }),
      [`PUT /rest/v1/my-offers/${OFFER_ID}`]: () => jsonResponse(200, SAVED),
    });
    const { picker, router } = await openEditor();
    const user = userEvent.setup();

    const natWest = await within(picker).findByRole('checkbox', { name: 'NatWest •••• 6819' });
    expect(natWest).toBeDisabled();
    expect(within(picker).getByText('In GBP: this offer is in another currency')).toBeInTheDocument();
    expect(within(picker).getByRole('checkbox', { name: 'Revolut •••• 1200' })).toBeEnabled();
    await user.click(within(picker).getByRole('checkbox', { name: 'N26 •••• 3000' }));

    await user.click(screen.getByRole('button', { name: 'Step 5: Review' }));
    await stepHeading(5, 'Review');
    expect(screen.getByTestId('review-accounts')).toHaveTextContent('N26 •••• 3000');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/offer-manager'));
    expect(sent(fake, 'PUT', `/rest/v1/my-offers/${OFFER_ID}`)).toEqual([
      { ...state.body, margin: '2', bank_accounts: [4], mobile_money_wallets: [] },
    ]);
  }, 60_000);

  it('should load the saved offer’s accounts and put the server’s refusal on the picker', async () => {
    const state = buildEditorState({ bank_accounts: [4, 9] });
    withServer({
      [`GET /rest/v1/my-offers/${OFFER_ID}`]: () => jsonResponse(200, { data: state }),
      [`PUT /rest/v1/my-offers/${OFFER_ID}`]: () =>
        jsonResponse(
          422,
          errorBody('ERROR_INPUT_VALIDATION', 'The input is not valid', [
            {
              field: 'bank_accounts',
              code: 'currency_mismatch',
              message: 'Choose accounts in EUR, the offer’s currency.',
            },
          ]),
        ),
    });
    const { picker } = await openEditor();
    const user = userEvent.setup();
    expect(await within(picker).findByRole('checkbox', { name: 'N26 •••• 3000' })).toBeChecked();
    expect(within(picker).getByRole('checkbox', { name: 'Revolut •••• 1200' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Step 5: Review' }));
    await stepHeading(5, 'Review');
    expect(screen.getByTestId('review-accounts')).toHaveTextContent('N26 •••• 3000, Revolut •••• 1200');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await stepHeading(1, 'Basics');
    // The message is the group's description for assistive technology too.
    expect(screen.getByRole('group', { name: PICKER })).toHaveAccessibleDescription(
      expect.stringContaining("Choose bank accounts in the offer's currency."),
    );
  }, 60_000);

  it('should list the wallets of the offer’s mobile money method on a mobile money offer', async () => {
    const state = buildEditorState({ payment_method: 'mtn-mobile-money', payment_method_label: '' });
    const fake = withServer({
      [`GET /rest/v1/my-offers/${OFFER_ID}`]: () => jsonResponse(200, { data: state }),
      [`PUT /rest/v1/my-offers/${OFFER_ID}`]: () => jsonResponse(200, SAVED),
      'GET /rest/v2/payment-methods': () =>
        jsonResponse(200, {
          data: [
            {
              id: 300,
              slug: 'mtn-mobile-money',
              name: { original: 'MTN Mobile Money', localized: 'MTN Mobile Money' },
              paymentMethodGroupId: 7,
              sellQuantity: 0,
              isBinCodeEnabled: false,
              iconName: 'mtn-mobile-money',
            },
          ],
        }),
      'GET /rest/v2/payment-method-groups': () =>
        jsonResponse(200, {
          data: [
            {
              id: 7,
              slug: 'mobile-money',
              name: { original: 'Mobile money', localized: 'Mobile money' },
              paymentMethodsCount: 1,
              order: 1,
            },
          ],
        }),
      'GET /rest/v1/mobile-money-wallets': () =>
        jsonResponse(200, {
          data: {
            mobileMoneyWallets: [
              wallet({ id: 3 }),
              wallet({
                id: 5,
                paymentMethodId: 301,
                paymentMethodName: 'Vodafone Cash',
                paymentMethodSlug: 'vodafone-cash',
                phoneNumber: '•••• 9999',
              }),
            ],
            paymentMethods: [],
          },
        }),
    });
    const { picker, router } = await openEditor();
    const user = userEvent.setup();
    expect(await within(picker).findByRole('checkbox', { name: 'Vodafone Cash •••• 9999' })).toBeDisabled();
    await user.click(within(picker).getByRole('checkbox', { name: 'MTN Mobile Money •••• 4567' }));
    await user.click(screen.getByRole('button', { name: 'Step 5: Review' }));
    await stepHeading(5, 'Review');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/offer-manager'));
    expect(sent(fake, 'PUT', `/rest/v1/my-offers/${OFFER_ID}`)).toEqual([
      { ...state.body, margin: '2', bank_accounts: [], mobile_money_wallets: [3] },
    ]);
    expect(sent(fake, 'GET', '/rest/v1/bankaccounts')).toEqual([]);
  }, 60_000);

  it('should tick the only fitting account of a new offer, say so, and leave it unticked once unticked', async () => {
    withServer({ 'GET /rest/v1/bankaccounts': () => jsonResponse(200, { data: ACCOUNTS.slice(0, 2) }) });
    renderApp({
      path: '/offer-manager/edit?type=sell&crypto=BTC&currency=EUR&paymentMethod=bank-transfer',
      user: buildCurrentUser(),
    });
    await stepHeading(1, 'Basics');
    const picker = await screen.findByRole('group', { name: PICKER });
    const n26 = await within(picker).findByRole('checkbox', { name: 'N26 •••• 3000' });
    await waitFor(() => expect(n26).toBeChecked());
    expect(within(picker).getByRole('checkbox', { name: 'NatWest •••• 6819' })).not.toBeChecked();
    expect(within(picker).getByTestId('payment-accounts-preselected')).toHaveTextContent(
      'Ticked for you: your only account that fits this offer. Untick it to list none.',
    );
    const user = userEvent.setup();
    await user.click(n26);
    expect(n26).not.toBeChecked();
    expect(within(picker).queryByTestId('payment-accounts-preselected')).toBeNull();
    // It stays the owner's choice.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(n26).not.toBeChecked();
  });

  it('should tick nothing when two accounts fit, nor on an edit of an offer saved without one', async () => {
    withServer();
    renderApp({
      path: '/offer-manager/edit?type=sell&crypto=BTC&currency=EUR&paymentMethod=bank-transfer',
      user: buildCurrentUser(),
    });
    await stepHeading(1, 'Basics');
    let picker = await screen.findByRole('group', { name: PICKER });
    expect(await within(picker).findByRole('checkbox', { name: 'N26 •••• 3000' })).not.toBeChecked();
    expect(within(picker).getByRole('checkbox', { name: 'Revolut •••• 1200' })).not.toBeChecked();
    cleanup();

    withServer({
      'GET /rest/v1/bankaccounts': () => jsonResponse(200, { data: ACCOUNTS.slice(0, 2) }),
      [`GET /rest/v1/my-offers/${OFFER_ID}`]: () => jsonResponse(200, { data: buildEditorState() }),
    });
    ({ picker } = await openEditor());
    expect(await within(picker).findByRole('checkbox', { name: 'N26 •••• 3000' })).not.toBeChecked();
    expect(within(picker).queryByTestId('payment-accounts-preselected')).toBeNull();
  }, 60_000);

  it('should say when no account fits and open the payment accounts page in a new tab', async () => {
    withServer({ 'GET /rest/v1/bankaccounts': () => jsonResponse(200, { data: [ACCOUNTS[1]] }) });
    renderApp({
      path: '/offer-manager/edit?type=sell&crypto=BTC&currency=EUR&paymentMethod=bank-transfer',
      user: buildCurrentUser(),
    });
    await stepHeading(1, 'Basics');
    const picker = await screen.findByRole('group', { name: PICKER });
    expect(await within(picker).findByTestId('payment-accounts-none')).toHaveTextContent(
      'You have no bank account in EUR yet.',
    );
    const link = within(picker).getByRole('link', { name: /Add a bank account in Payment accounts/ });
    expect(link).toHaveAttribute('href', '/user/payment-accounts');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('should never show the picker on a buy offer, nor ask for the accounts', async () => {
    const fake = withServer();
    renderApp({
      path: '/offer-manager/edit?type=buy&crypto=BTC&currency=EUR&paymentMethod=bank-transfer',
      user: buildCurrentUser(),
    });
    await stepHeading(1, 'Basics');
    expect(await screen.findByDisplayValue('Bank Transfer')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: PICKER })).not.toBeInTheDocument();
    expect(sent(fake, 'GET', '/rest/v1/bankaccounts')).toEqual([]);
  });
});
