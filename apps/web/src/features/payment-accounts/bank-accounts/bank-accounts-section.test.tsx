import type { BankAccount, BankAccountDetail, Bank } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildCountry, buildCurrency } from '@/features/catalogue/testing/factories';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';

/** The page is a lazy chunk: its first import in a cold, busy worker can take several seconds. */
const PAGE_LOAD = { timeout: 15_000 };
const PAGE = '/user/payment-accounts';

const countries = [
  buildCountry('GB', 'United Kingdom', { currencyCode: 'GBP' }),
  buildCountry('US', 'United States', { currencyCode: 'USD' }),
  buildCountry('KE', 'Kenya', { currencyCode: 'KES' }),
  buildCountry('DE', 'Germany', { currencyCode: 'EUR' }),
];
const currencies = [
  buildCurrency('EUR', 'Euro'),
  buildCurrency('GBP', 'Pound sterling'),
  buildCurrency('USD', 'US dollar'),
  buildCurrency('KES', 'Kenyan shilling'),
];

const natWest: Bank = {
  id: 'gb-natwest',
  name: 'National Westminster Bank (NatWest)',
  countryCode: 'GB',
  swiftCode: 'NWBKGB2L',
  code: '60-16-13',
};

const listed = (overrides: Partial<BankAccount> = {}): BankAccount => ({
  id: 3,
  isPersonal: true,
  accountType: 'User',
  countryCode: 'GB',
  fiatCurrencyCode: 'GBP',
  holderName: 'Alice Smith',
  accountNumber: '•••• 6819',
  iban: '•••• 6819',
  routingNumber: '601613',
  bankId: null,
  bankName: 'National Westminster Bank (NatWest)',
  swiftCode: null,
  ifsc: null,
  clabe: null,
  swift: null,
  additionalInfo: '',
  isMasked: true,
  offerCount: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

const detail = (overrides: Partial<BankAccountDetail> = {}): BankAccountDetail => ({
  ...listed({ accountNumber: '31926819', iban: 'GB29NWBK60161331926819', isMasked: false }),
  usage: { offers: [], trades: [] },
  ...overrides,
});

function withServer(routes: Record<string, FakeHandler>) {
  const fake = createFakeFetch({
    'GET /rest/v2/countries': () => jsonResponse(200, { data: countries }),
    'GET /rest/v2/currencies': () => jsonResponse(200, { data: { currencies, popular: [] } }),
    ...routes,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const ana = () => buildCurrentUser({ username: 'ana' });

/** Opens the add popup and picks the bank's country (the form for it appears). */
async function openAddForm(user: UserEvent, country: string) {
  await user.click(await screen.findByRole('button', { name: 'Add bank account' }, PAGE_LOAD));
  const dialog = await screen.findByRole('dialog', { name: 'Add a bank account' });
  const form = within(dialog).getByRole('form', { name: 'Bank account' });
  const picker = within(form).getByRole('combobox', { name: /Bank's country/ });
  await waitFor(() => expect(picker).toBeEnabled());
  await user.click(picker);
  await user.paste(country);
  await user.click(
    within(await screen.findByRole('listbox')).getByRole('option', { name: new RegExp(country) }),
  );
  return { dialog, form };
}

describe('BankAccountsSection', () => {
  it('should show a skeleton while loading, then the accounts', async () => {
    let answer: (response: Response) => void = () => {};
    withServer({
      'GET /rest/v1/bankaccounts': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp({ path: PAGE, user: ana() });
    expect(
      await screen.findByRole('status', { name: 'Loading your bank accounts…' }, PAGE_LOAD),
    ).toBeInTheDocument();
    answer(
      jsonResponse(200, {
        data: [
          listed({ offerCount: 2 }),
          listed({
            id: 4,
            isPersonal: false,
            accountType: 'Business',
            bankName: 'Barclays Bank UK',
            accountNumber: '•••• 1111',
          }),
        ],
      }),
    );
    const list = await screen.findByRole('list', { name: 'Your bank accounts' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('National Westminster Bank (NatWest)');
    expect(within(rows[0]!).getByText('•••• 6819')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Holder: Alice Smith');
    expect(rows[0]).toHaveTextContent('Used by 2 offers');
    expect(within(rows[0]!).getByLabelText('Country: GB')).toBeInTheDocument();
    expect(within(rows[0]!).getByLabelText('Currency: GBP')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Personal');
    expect(rows[1]).toHaveTextContent('Business');
    expect(rows[1]).toHaveTextContent('Not on any offer yet');
    expect(screen.queryByRole('status', { name: 'Loading your bank accounts…' })).toBeNull();
  }, 30_000);

  it('should explain what accounts are for when there is none, in Spanish', async () => {
    withServer({ 'GET /rest/v1/bankaccounts': () => jsonResponse(200, { data: [] }) });
    renderApp({ path: `/es${PAGE}`, user: ana() });
    const empty = await screen.findByTestId('bank-accounts-empty', {}, PAGE_LOAD);
    expect(empty).toHaveTextContent('Todavía no tienes cuentas bancarias');
    expect(empty).toHaveTextContent(/vincúlala a una oferta por transferencia bancaria/);
    expect(screen.getByRole('button', { name: 'Añadir cuenta bancaria' })).toBeEnabled();
  }, 30_000);

  it('should say the list failed and load it again on retry', async () => {
    const user = userEvent.setup();
    let down = true;
    withServer({
      'GET /rest/v1/bankaccounts': () =>
        down
          ? jsonResponse(503, errorBody('SERVICE_UNAVAILABLE', 'Down for a moment'))
          : jsonResponse(200, { data: [listed()] }),
    });
    renderApp({ path: PAGE, user: ana() });
    // The query client asks twice more (1 s, then 2 s) before it gives up.
    const alert = await screen.findByText('Your bank accounts could not be loaded.', {}, { timeout: 20_000 });
    down = false;
    await user.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }),
    );
    expect(await screen.findByText('•••• 6819')).toBeInTheDocument();
  }, 40_000);

  it('should add a UK account: sort code label, the bank found by the sort code, the section-5 payload', async () => {
    const user = userEvent.setup();
    let accounts: BankAccount[] = [];
    const fake = withServer({
      'GET /rest/v1/bankaccounts': () => jsonResponse(200, { data: accounts }),
      'GET /rest/v1/banks/by-routing-number': () => jsonResponse(200, { data: natWest }),
      'POST /rest/v1/bankaccounts': () => {
        accounts = [listed()];
        return jsonResponse(201, { data: detail() });
      },
    });
    renderApp({ path: PAGE, user: ana() });
    const { dialog, form } = await openAddForm(user, 'United Kingdom');

    // The country picked the UK form: the routing number is the sort code, the currency is the pound.
    const sortCode = within(form).getByLabelText(/Sort code/);
    expect(within(form).queryByLabelText(/Routing number/)).toBeNull();
    expect(within(form).getByRole('combobox', { name: /Currency of the account/ })).toHaveValue(
      'GBP · Pound sterling',
    );
    await user.click(within(form).getByLabelText(/Account holder's full name/));
    await user.paste('Alice Smith');
    await user.type(sortCode, '601613');
    expect(sortCode).toHaveValue('60-16-13');
    expect(
      await within(form).findByText('Bank: National Westminster Bank (NatWest) · BIC NWBKGB2L'),
    ).toBeInTheDocument();
    const lookups = fake.requests.filter((r) => r.url.startsWith('/rest/v1/banks/'));
    expect(lookups.map((r) => r.url)).toEqual([
      '/rest/v1/banks/by-routing-number?routing_number=601613&country_id=GB',
    ]);

    await user.click(within(form).getByLabelText(/Account number/));
    await user.paste('31926819');
    await user.click(within(form).getByLabelText(/IBAN/));
    await user.paste('gb29 nwbk 6016 1331 9268 19');
    await user.click(within(form).getByLabelText(/Additional information/));
    await user.paste('Reference: your username');
    await user.click(within(form).getByRole('button', { name: 'Add bank account' }));

    expect(await screen.findByText('Bank account added')).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      {
        fiat_currency_id: 'GBP',
        holder_name: 'Alice Smith',
        is_personal: true,
        country_id: 'GB',
        account_number: '31926819',
        sepa: { iban: 'GB29NWBK60161331926819' },
        routing_number: '601613',
        bank_name: 'National Westminster Bank (NatWest)',
        additional_info: 'Reference: your username',
      },
    ]);
    expect(await screen.findByTestId('bank-account')).toHaveTextContent('•••• 6819');
  }, 40_000);

  it('should add a SEPA account with the IBAN and the holder alone, the bank named from the IBAN', async () => {
    const user = userEvent.setup();
    const commerzbank: Bank = {
      id: 'de-commerzbank',
      name: 'Commerzbank',
      countryCode: 'DE',
      swiftCode: 'COBADEFF',
      code: '37040044',
    };
    const fake = withServer({
      'GET /rest/v1/bankaccounts': () => jsonResponse(200, { data: [] }),
      'GET /rest/v1/banks/by-iban': () => jsonResponse(200, { data: commerzbank }),
      'POST /rest/v1/bankaccounts': () =>
        jsonResponse(201, {
          data: detail({
            countryCode: 'DE',
            fiatCurrencyCode: 'EUR',
            accountNumber: 'DE89370400440532013000',
            iban: 'DE89370400440532013000',
            routingNumber: null,
            bankName: 'Commerzbank',
            swiftCode: 'COBADEFF',
          }),
        }),
    });
    renderApp({ path: PAGE, user: ana() });
    const { dialog, form } = await openAddForm(user, 'Germany');

    // A euro account in Germany: the IBAN and the holder, nothing of an international wire.
    expect(within(form).getByTestId('bank-account-sepa-note')).toHaveTextContent(
      'needs only the IBAN and the holder’s name',
    );
    for (const label of [
      /SWIFT/,
      /Bank name/,
      /Street address/,
      /City/,
      /Postal code/,
      /country of residence/,
    ]) {
      expect(within(form).queryByLabelText(label)).toBeNull();
    }
    await user.click(within(form).getByLabelText(/Account holder's full name/));
    await user.paste('Jonas Weber');
    await user.click(within(form).getByLabelText(/^IBAN/));
    await user.paste('de89 3704 0044 0532 0130 00');
    expect(await within(form).findByText('Bank: Commerzbank · BIC COBADEFF')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Add bank account' }));

    expect(await screen.findByText('Bank account added')).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      {
        fiat_currency_id: 'EUR',
        holder_name: 'Jonas Weber',
        is_personal: true,
        country_id: 'DE',
        account_number: 'DE89370400440532013000',
        sepa: { iban: 'DE89370400440532013000' },
        bank_name: 'Commerzbank',
      },
    ]);
  }, 40_000);

  it('should take a SEPA account at a bank the directory does not know, in Spanish', async () => {
    const user = userEvent.setup();
    const fake = withServer({
      'GET /rest/v1/bankaccounts': () => jsonResponse(200, { data: [] }),
      'GET /rest/v1/banks/by-iban': () => jsonResponse(404, errorBody('NOT_FOUND', 'No bank')),
      'POST /rest/v1/bankaccounts': () => jsonResponse(201, { data: detail({ bankName: '' }) }),
    });
    renderApp({ path: `/es${PAGE}`, user: ana() });
    await user.click(await screen.findByRole('button', { name: 'Añadir cuenta bancaria' }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog');
    const form = within(dialog).getByRole('form');
    const picker = within(form).getByRole('combobox', { name: /País del banco/ });
    await waitFor(() => expect(picker).toBeEnabled());
    await user.click(picker);
    await user.paste('Germany');
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: /Germany/ }));
    await user.click(within(form).getByLabelText(/Nombre completo/));
    await user.paste('Jonas Weber');
    await user.click(within(form).getByLabelText(/^IBAN/));
    await user.paste('DE89370400440532013000');
    expect(
      await within(form).findByText(
        'El banco no está en nuestro directorio: basta con el IBAN, su nombre es opcional',
      ),
    ).toBeInTheDocument();
    // Its name may be typed, and is not asked for.
    const bankName = within(form).getByLabelText('Nombre del banco (opcional)');
    expect(bankName).not.toBeRequired();
    await user.click(within(form).getByRole('button', { name: 'Añadir cuenta bancaria' }));
    await waitFor(() => expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(fake.requests.find((r) => r.method === 'POST')?.body).toEqual({
      fiat_currency_id: 'EUR',
      holder_name: 'Jonas Weber',
      is_personal: true,
      country_id: 'DE',
      account_number: 'DE89370400440532013000',
      sepa: { iban: 'DE89370400440532013000' },
    });
  }, 40_000);

  it('should ask for the bank’s name when the directory does not know the sort code', async () => {
    const user = userEvent.setup();
    withServer({
      'GET /rest/v1/bankaccounts': () => jsonResponse(200, { data: [] }),
      'GET /rest/v1/banks/by-routing-number': () => jsonResponse(404, errorBody('NOT_FOUND', 'No bank')),
    });
    renderApp({ path: PAGE, user: ana() });
    const { form } = await openAddForm(user, 'United Kingdom');
    expect(within(form).queryByLabelText(/Bank name/)).toBeNull();
    await user.type(within(form).getByLabelText(/Sort code/), '990011');
    expect(
      await within(form).findByText('Bank not found in our directory — type its name'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText(/Bank name/)).toHaveValue('');
  }, 30_000);

  it('should block the submit on a US routing number whose check digit is wrong', async () => {
    const user = userEvent.setup();
    const fake = withServer({ 'GET /rest/v1/bankaccounts': () => jsonResponse(200, { data: [] }) });
    renderApp({ path: PAGE, user: ana() });
    const { form } = await openAddForm(user, 'United States');
    const routing = within(form).getByLabelText(/Routing number/);
    await user.click(within(form).getByLabelText(/Account holder's full name/));
    await user.paste('Al Jones');
    await user.type(routing, '021000022');
    await user.click(within(form).getByLabelText(/Account number/));
    await user.paste('123456789');
    // Touched: the error shows once the field is left, before any submit.
    expect(within(form).getByText('This code is not valid: check its digits.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Add bank account' }));
    expect(routing).toHaveFocus();
    expect(routing).toHaveAttribute('aria-invalid', 'true');
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);
    // No lookup goes out for a number that cannot be one.
    expect(fake.requests.some((r) => r.url.startsWith('/rest/v1/banks/'))).toBe(false);
  }, 30_000);

  it('should put the server’s refusal on its field', async () => {
    const user = userEvent.setup();
    withServer({
      'GET /rest/v1/bankaccounts': () => jsonResponse(200, { data: [] }),
      'GET /rest/v1/banks/by-routing-number': () => jsonResponse(200, { data: natWest }),
      'POST /rest/v1/bankaccounts': () =>
        jsonResponse(
          422,
          errorBody('ERROR_INPUT_VALIDATION', 'The input is not valid', [
            {
              field: 'accountNumber',
              code: 'account_number_non_unique',
              message: 'You already added this account.',
            },
          ]),
        ),
    });
    renderApp({ path: PAGE, user: ana() });
    const { form } = await openAddForm(user, 'United Kingdom');
    await user.click(within(form).getByLabelText(/Account holder's full name/));
    await user.paste('Alice Smith');
    await user.type(within(form).getByLabelText(/Sort code/), '601613');
    const account = within(form).getByLabelText(/Account number/);
    await user.click(account);
    await user.paste('31926819');
    await user.click(within(form).getByRole('button', { name: 'Add bank account' }));
    const refusal = await within(form).findByText('You already added this account.');
    expect(refusal.closest('.mantine-InputWrapper-root')).toContainElement(account);
    expect(account).toHaveFocus();
    // Changing the number takes the refusal away.
    await user.type(account, '{Backspace}8');
    expect(within(form).queryByText('You already added this account.')).toBeNull();
  }, 30_000);

  it('should load the whole numbers to edit an account and save them with PUT', async () => {
    const user = userEvent.setup();
    const fake = withServer({
      'GET /rest/v1/bankaccounts': () => jsonResponse(200, { data: [listed()] }),
      'GET /rest/v1/bankaccounts/3': () => jsonResponse(200, { data: detail() }),
      'GET /rest/v1/banks/by-routing-number': () => jsonResponse(200, { data: natWest }),
      'PUT /rest/v1/bankaccounts/3': () =>
        jsonResponse(200, { data: detail({ holderName: 'Alice B Smith' }) }),
    });
    renderApp({ path: PAGE, user: ana() });
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Edit National Westminster Bank (NatWest) •••• 6819' },
        PAGE_LOAD,
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit the bank account' });
    expect(await within(dialog).findByLabelText(/Sort code/)).toHaveValue('60-16-13');
    expect(within(dialog).getByLabelText(/Account number/)).toHaveValue('31926819');
    const holder = within(dialog).getByLabelText(/Account holder's full name/);
    await user.clear(holder);
    await user.type(holder, 'Alice B Smith');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Bank account saved')).toBeInTheDocument();
    expect(fake.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      holder_name: 'Alice B Smith',
      routing_number: '601613',
      account_number: '31926819',
      sepa: { iban: 'GB29NWBK60161331926819' },
      bank_name: 'National Westminster Bank (NatWest)',
    });
  }, 30_000);

  it('should ask before deleting, and show what still uses the account when the server refuses', async () => {
    const user = userEvent.setup();
    let accounts = [listed(), listed({ id: 4, bankName: 'Barclays Bank UK', accountNumber: '•••• 1111' })];
    withServer({
      'GET /rest/v1/bankaccounts': () => jsonResponse(200, { data: accounts }),
      'DELETE /rest/v1/bankaccounts/3': () =>
        jsonResponse(
          422,
          errorBody('BANK_ACCOUNT_IN_USE', 'This account is used by an active offer or a running trade.', [
            { field: 'offers', code: 'activeOffer', message: 'AbC123offer' },
            { field: 'trades', code: 'activeTrade', message: 'XyZ789trade' },
          ]),
        ),
      'DELETE /rest/v1/bankaccounts/4': () => {
        accounts = accounts.filter((a) => a.id !== 4);
        return jsonResponse(200, { data: { id: 4 } });
      },
    });
    renderApp({ path: PAGE, user: ana() });
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Delete National Westminster Bank (NatWest) •••• 6819' },
        PAGE_LOAD,
      ),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Delete this bank account?' });
    expect(dialog).toHaveTextContent('Offers that list it will no longer show it.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    dialog = await screen.findByRole('dialog', { name: 'This account is still in use' });
    expect(within(dialog).getByRole('link', { name: 'Offer AbC123offer' })).toHaveAttribute(
      'href',
      '/offer-manager/edit/AbC123offer',
    );
    expect(within(dialog).getByRole('link', { name: 'Trade XyZ789trade' })).toHaveAttribute(
      'href',
      '/trade/XyZ789trade',
    );
    expect(dialog).toHaveTextContent('Switch these offers off');
    expect(dialog).toHaveTextContent('Finish or cancel these trades first');
    await user.click(within(dialog).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByTestId('bank-account')).toHaveLength(2);

    // An account nothing uses goes at once.
    await user.click(screen.getByRole('button', { name: 'Delete Barclays Bank UK •••• 1111' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this bank account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Bank account deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('bank-account')).toHaveLength(1));
  }, 40_000);
});
