import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeFetch, jsonResponse } from '@/testing/fake-fetch';
import { buildCountry, WORLDWIDE } from '../testing/factories';
import { renderWithProviders } from '../testing/render-picker';
import { CountryPicker, type CountryPickerProps } from './country-picker';

const countries = [
  WORLDWIDE,
  buildCountry('DE', 'Germany', { code: 'DEU' }),
  buildCountry('IR', 'Iran', { isKycSupported: false }),
  buildCountry('PE', 'Peru', { name: 'Perú' }),
];

function Harness(props: Partial<CountryPickerProps>) {
  const [value, setValue] = useState<string | null>(null);
  return <CountryPicker value={value} onChange={setValue} {...props} />;
}

function serve() {
  const fake = createFakeFetch({ 'GET /rest/v2/countries': () => jsonResponse(200, { data: countries }) });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

async function openPicker() {
  const user = userEvent.setup();
  const input = await screen.findByRole('combobox', { name: 'Country' });
  await vi.waitFor(() => expect(input).toBeEnabled());
  await user.click(input);
  return { user, input, listbox: await screen.findByRole('listbox') };
}

const names = (listbox: HTMLElement) =>
  within(listbox)
    .getAllByRole('option')
    .map((option) => option.getAttribute('value'));

describe('CountryPicker', () => {
  it('should leave WORLDWIDE out unless asked, and search names and ISO codes', async () => {
    const fake = serve();
    renderWithProviders(<Harness />);
    const { user, input, listbox } = await openPicker();
    expect(fake.requests[0]?.url).toBe('/rest/v2/countries?iso_null=1&limit=500&offset=0&locale=en');
    expect(names(listbox)).toEqual(['DE', 'IR', 'PE']);

    await user.type(input, 'peru');
    expect(names(listbox)).toEqual(['PE']);
    await user.clear(input);
    await user.type(input, 'deu');
    expect(names(listbox)).toEqual(['DE']);
    await user.click(within(listbox).getByRole('option', { name: /Germany/ }));
    expect(input).toHaveValue('Germany');
  });

  it('should offer WORLDWIDE first when asked, and only KYC countries when asked', async () => {
    serve();
    renderWithProviders(<Harness withWorldwide kycOnly />);
    const { listbox } = await openPicker();
    expect(names(listbox)).toEqual(['WORLDWIDE', 'DE', 'PE']);
  });
});
