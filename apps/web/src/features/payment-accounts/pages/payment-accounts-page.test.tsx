import type { MobileMoneyMethod, MobileMoneyWallet } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildCountry } from '@/features/catalogue/testing/factories';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';

/** The page is a lazy chunk: its first import in a cold, busy worker can take several seconds. */
const PAGE_LOAD = { timeout: 15_000 };
const MOBILE_TAB = '/user/payment-accounts?tab=mobile-money';

const methods: MobileMoneyMethod[] = [
  { id: 800, name: 'M-Pesa', slug: 'm-pesa', iconName: 'm-pesa', countries: ['KE', 'TZ'] },
  {
    id: 801,
    name: 'MTN Mobile Money',
    slug: 'mtn-mobile-money',
    iconName: 'mtn-mobile-money',
    countries: ['GH'],
  },
  { id: 838, name: 'Other Mobile Money', slug: 'other-mobile-money', iconName: 'mobile', countries: [] },
];

const wallet = (overrides: Partial<MobileMoneyWallet> = {}): MobileMoneyWallet => ({
  id: 1,
  paymentMethodId: 800,
  paymentMethodName: 'M-Pesa',
  paymentMethodSlug: 'm-pesa',
  countryCode: 'KE',
  phoneNumber: '+254 •••• 678',
  holderName: 'Ana Wanjiru',
  isMasked: true,
  offerCount: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

const countries = [buildCountry('KE', 'Kenya'), buildCountry('GH', 'Ghana'), buildCountry('ES', 'Spain')];

function withServer(routes: Record<string, FakeHandler>) {
  const fake = createFakeFetch({
    'GET /rest/v2/countries': () => jsonResponse(200, { data: countries }),
    ...routes,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const listAnswer = (wallets: MobileMoneyWallet[]) =>
  jsonResponse(200, { data: { mobileMoneyWallets: wallets, paymentMethods: methods } });

const kenyan = () =>
  buildCurrentUser({
    username: 'ana',
    country: { iso: 'KE', code: 'KEN', name: { original: 'Kenya', localized: 'Kenya' } },
  });

describe('PaymentAccountsPage', () => {
  it('should open on the bank accounts tab and list the wallets on the mobile money tab', async () => {
    const user = userEvent.setup();
    const fake = withServer({
      // The bank accounts tab is its own section (bank-accounts/): here only that it is the first one.
      'GET /rest/v1/bankaccounts': () => jsonResponse(200, { data: [] }),
      'GET /rest/v1/mobile-money-wallets': () =>
        listAnswer([
          wallet(),
          wallet({ id: 2, paymentMethodId: 838, paymentMethodName: 'Other Mobile Money', offerCount: 2 }),
        ]),
    });
    renderApp({ path: '/user/payment-accounts', user: kenyan() });
    const bankTab = await screen.findByRole('tab', { name: 'Bank accounts' }, PAGE_LOAD);
    expect(bankTab).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(fake.requests.some((r) => r.url === '/rest/v1/bankaccounts')).toBe(true));
    expect(fake.requests.some((r) => r.url.startsWith('/rest/v1/mobile-money-wallets'))).toBe(false);

    await user.click(screen.getByRole('tab', { name: 'Mobile money' }));
    const list = await screen.findByRole('list', { name: 'Your mobile money wallets' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('M-Pesa')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('+254 •••• 678')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Holder: Ana Wanjiru')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('On 2 offers')).toBeInTheDocument();
  }, 30_000);

  it('should explain what wallets are for when there is none, in Spanish too', async () => {
    withServer({ 'GET /rest/v1/mobile-money-wallets': () => listAnswer([]) });
    renderApp({ path: `/es${MOBILE_TAB}`, user: kenyan() });
    const empty = await screen.findByTestId('mobile-money-empty', {}, PAGE_LOAD);
    expect(empty).toHaveTextContent('Todavía no tienes billeteras de dinero móvil');
    expect(empty).toHaveTextContent(/ofertas de venta del grupo de dinero móvil/);
    expect(screen.getByRole('button', { name: 'Añadir billetera' })).toBeEnabled();
  }, 30_000);

  it('should say the list failed and load it again on retry', async () => {
    const user = userEvent.setup();
    let calls = 0;
    withServer({
      'GET /rest/v1/mobile-money-wallets': () =>
        (calls += 1) === 1 ? jsonResponse(403, errorBody('FORBIDDEN', 'Not now')) : listAnswer([wallet()]),
    });
    renderApp({ path: MOBILE_TAB, user: kenyan() });
    const alert = await screen.findByText('Your mobile money wallets could not be loaded.', {}, PAGE_LOAD);
    await user.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }),
    );
    expect(await screen.findByText('+254 •••• 678')).toBeInTheDocument();
  }, 30_000);

  it('should add a wallet, showing the server refusal on its field first', async () => {
    const user = userEvent.setup();
    let wallets: MobileMoneyWallet[] = [];
    const fake = withServer({
      'GET /rest/v1/mobile-money-wallets': () => listAnswer(wallets),
      'POST /rest/v1/mobile-money-wallets': (request) => {
        const body = request.body as { phone_number: string };
        if (body.phone_number === '+255 754 123 456') {
          return jsonResponse(
            422,
            errorBody('ERROR_INPUT_VALIDATION', 'The input is not valid', [
              {
                field: 'phone_number',
                message: 'This is a number of TZ, not of Kenya',
                code: 'wrong_country',
              },
            ]),
          );
        }
        const created = wallet({
          id: 7,
          phoneNumber: '+254712345678',
          isMasked: false,
          holderName: 'Ana W.',
        });
        wallets = [{ ...created, phoneNumber: '+254 •••• 678', isMasked: true }];
        return jsonResponse(201, { data: created });
      },
    });
    renderApp({ path: MOBILE_TAB, user: kenyan() });
    await user.click(await screen.findByRole('button', { name: 'Add wallet' }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Add a mobile money wallet' });
    const form = within(dialog).getByRole('form', { name: 'Mobile money wallet' });

    // The user's country is chosen; the provider list holds only what operates there.
    const provider = within(form).getByRole('combobox', { name: /^Provider/ });
    await waitFor(() => expect(provider).toBeEnabled());
    await user.click(provider);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['M-Pesa', 'Other Mobile Money']);
    await user.click(options[0]!);

    // Live checks as the user leaves a field.
    const phone = within(form).getByLabelText(/Phone number/);
    await user.click(phone);
    await user.tab();
    expect(await within(form).findByText('Enter the phone number.')).toBeInTheDocument();

    await user.type(phone, '+255 754 123 456');
    await user.type(within(form).getByLabelText(/Name on the wallet/), 'Ana W.');
    await user.click(within(form).getByRole('button', { name: 'Add wallet' }));
    const refusal = await within(form).findByText(/This number belongs to another country/);
    expect(refusal.closest('.mantine-InputWrapper-root')).toContainElement(phone);
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.clear(phone);
    await user.type(phone, '0712 345 678');
    await user.click(within(form).getByRole('button', { name: 'Add wallet' }));
    expect(await screen.findByText('Mobile money wallet added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = await screen.findByTestId('mobile-money-wallet');
    expect(row).toHaveTextContent('+254 •••• 678');
    expect(row).toHaveTextContent('New');
    const posts = fake.requests.filter((r) => r.method === 'POST').map((r) => r.body);
    expect(posts[1]).toEqual({
      payment_method_id: 800,
      country_id: 'KE',
      phone_number: '0712 345 678',
      holder_name: 'Ana W.',
    });
  }, 30_000);

  it('should load the whole number into the form to edit a wallet', async () => {
    const user = userEvent.setup();
    const fake = withServer({
      'GET /rest/v1/mobile-money-wallets': () => listAnswer([wallet()]),
      'GET /rest/v1/mobile-money-wallets/1': () =>
        jsonResponse(200, { data: wallet({ phoneNumber: '+254712345678', isMasked: false }) }),
      'PUT /rest/v1/mobile-money-wallets/1': () =>
        jsonResponse(200, {
          data: wallet({ phoneNumber: '+254712345678', isMasked: false, holderName: 'Shop' }),
        }),
    });
    renderApp({ path: MOBILE_TAB, user: kenyan() });
    await user.click(
      await screen.findByRole('button', { name: 'Edit the M-Pesa wallet +254 •••• 678' }, PAGE_LOAD),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit the mobile money wallet' });
    const phone = await within(dialog).findByLabelText(/Phone number/);
    expect(phone).toHaveValue('+254712345678');
    const holder = within(dialog).getByLabelText(/Name on the wallet/);
    await user.clear(holder);
    await user.type(holder, 'Shop');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Mobile money wallet saved')).toBeInTheDocument();
    expect(fake.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      payment_method_id: 800,
      phone_number: '+254712345678',
      holder_name: 'Shop',
    });
  }, 30_000);

  it('should ask before deleting, and name the active offers that keep the wallet', async () => {
    const user = userEvent.setup();
    let wallets = [wallet(), wallet({ id: 2, phoneNumber: '+254 •••• 111', offerCount: 1 })];
    withServer({
      'GET /rest/v1/mobile-money-wallets': () => listAnswer(wallets),
      'DELETE /rest/v1/mobile-money-wallets/2': () =>
        jsonResponse(
          422,
          errorBody('MOBILE_MONEY_WALLET_IN_USE', 'This wallet is on active offers.', [
            { field: 'offers', code: 'active_offer', message: 'AbC123xyz789' },
          ]),
        ),
      'DELETE /rest/v1/mobile-money-wallets/1': () => {
        wallets = wallets.filter((w) => w.id !== 1);
        return jsonResponse(200, { data: { id: 1, deleted: true } });
      },
    });
    renderApp({ path: MOBILE_TAB, user: kenyan() });
    await user.click(
      await screen.findByRole('button', { name: 'Delete the M-Pesa wallet +254 •••• 111' }, PAGE_LOAD),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Delete this wallet?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete wallet' }));
    dialog = await screen.findByRole('dialog', { name: 'This wallet is on active offers' });
    const link = within(dialog).getByRole('link', { name: 'Offer AbC123xyz789' });
    expect(link).toHaveAttribute('href', '/offer-manager/edit/AbC123xyz789');
    // The popup's own button (the title bar's × is also named "Close").
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByTestId('mobile-money-wallet')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Delete the M-Pesa wallet +254 •••• 678' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this wallet?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete wallet' }));
    expect(await screen.findByText('Mobile money wallet deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('mobile-money-wallet')).toHaveLength(1));
  }, 30_000);
});
