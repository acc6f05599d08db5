import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeFetch, errorBody, jsonResponse } from '@/testing/fake-fetch';
import { buildCurrency } from '../testing/factories';
import { renderWithProviders } from '../testing/render-picker';
import { FiatCurrencyPicker, type FiatCurrencyPickerProps } from './fiat-currency-picker';

const usd = buildCurrency('USD', 'US Dollar', { localized: 'dólar estadounidense', isPopular: true });
const eur = buildCurrency('EUR', 'Euro', { isPopular: true });
const jpy = buildCurrency('JPY', 'Japanese Yen', { localized: 'yen', precision: 0 });
const aed = buildCurrency('AED', 'UAE Dirham', { localized: 'dírham de los EAU' });
const xau = buildCurrency('XAU', 'Gold', { localized: 'oro', isNonCurrency: true });
const body = { data: { currencies: [aed, eur, jpy, usd, xau], popular: [usd, eur] } };

function Harness(props: Partial<FiatCurrencyPickerProps>) {
  const [value, setValue] = useState<string | null>(null);
  return <FiatCurrencyPicker value={value} onChange={setValue} {...props} />;
}

function serve() {
  const fake = createFakeFetch({ 'GET /rest/v2/currencies': () => jsonResponse(200, body) });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

async function open(user: ReturnType<typeof userEvent.setup>, name = 'Currency') {
  const input = await screen.findByRole('combobox', { name });
  await vi.waitFor(() => expect(input).toBeEnabled());
  await user.click(input);
  return { input, listbox: await screen.findByRole('listbox') };
}

const optionCodes = (listbox: HTMLElement) =>
  within(listbox)
    .getAllByRole('option')
    .map((option) => option.getAttribute('value'));

describe('FiatCurrencyPicker', () => {
  it('should list popular currencies first, then the rest, without the metals', async () => {
    serve();
    renderWithProviders(<Harness />);
    const { listbox } = await open(userEvent.setup());
    expect(within(listbox).getByText('Popular')).toBeInTheDocument();
    expect(within(listbox).getByText('All currencies')).toBeInTheDocument();
    expect(optionCodes(listbox)).toEqual(['USD', 'EUR', 'AED', 'JPY']);
  });

  it('should find currencies by code and by localized name, accents ignored, in Spanish', async () => {
    const fake = serve();
    renderWithProviders(<Harness />, { locale: 'es' });
    const user = userEvent.setup();
    const { input, listbox } = await open(user, 'Moneda');
    expect(fake.requests[0]?.url).toBe('/rest/v2/currencies?with-popular=1&locale=es');

    await user.type(input, 'dolar');
    expect(optionCodes(listbox)).toEqual(['USD']);
    await user.clear(input);
    await user.type(input, 'jp');
    expect(optionCodes(listbox)).toEqual(['JPY']);

    await user.click(within(listbox).getByRole('option', { name: /JPY/ }));
    expect(input).toHaveValue('JPY · yen');
  });

  it('should offer only the codes it is given', async () => {
    serve();
    renderWithProviders(<Harness codes={['EUR', 'JPY']} />);
    const { listbox } = await open(userEvent.setup());
    expect(optionCodes(listbox)).toEqual(['EUR', 'JPY']);
  });

  it('should show the loading failure with a way to try again', async () => {
    const fake = createFakeFetch({
      'GET /rest/v2/currencies': () => jsonResponse(404, errorBody('NOT_FOUND', 'Not found')),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderWithProviders(<Harness />);
    expect(await screen.findByText('The list could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
