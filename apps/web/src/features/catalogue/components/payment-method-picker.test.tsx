import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeFetch, jsonResponse } from '@/testing/fake-fetch';
import { buildGroup, buildMethod } from '../testing/factories';
import { renderWithProviders } from '../testing/render-picker';
import { PaymentMethodPicker, type PaymentMethodPickerProps } from './payment-method-picker';

const groups = [
  buildGroup(0, 'all-payment-methods', 'All payment methods', 0),
  buildGroup(5, 'bank-transfers', 'Bank transfers', 1),
  buildGroup(3, 'online-transfers', 'Online wallets', 2),
];
const methods = [
  buildMethod(1, 'bank-transfer', 'Bank Transfer', 5),
  buildMethod(200, 'paypal', 'PayPal', 3),
  buildMethod(201, 'skrill', 'Skrill', 3),
];

function serve() {
  const fake = createFakeFetch({
    'GET /rest/v2/payment-methods': () => jsonResponse(200, { data: methods }),
    'GET /rest/v2/payment-method-groups': () => jsonResponse(200, { data: groups }),
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

function Harness({ onChange, ...props }: Partial<PaymentMethodPickerProps>) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <PaymentMethodPicker
      value={value}
      onChange={(slug, method) => {
        setValue(slug);
        onChange?.(slug, method);
      }}
      {...props}
    />
  );
}

describe('PaymentMethodPicker', () => {
  it('should group methods by payment method group, with icons, and report the slug', async () => {
    const fake = serve();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const user = userEvent.setup();
    const input = await screen.findByRole('combobox', { name: 'Payment method' });
    await vi.waitFor(() => expect(input).toBeEnabled());
    await user.click(input);
    const listbox = await screen.findByRole('listbox');

    const bankGroup = within(listbox).getByText('Bank transfers').parentElement as HTMLElement;
    expect(
      within(bankGroup)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Bank Transfer']);
    const walletGroup = within(listbox).getByText('Online wallets').parentElement as HTMLElement;
    expect(
      within(walletGroup)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['PayPal', 'Skrill']);
    expect(within(listbox).queryByText('All payment methods')).not.toBeInTheDocument();
    const paypal = within(listbox).getByRole('option', { name: 'PayPal' });
    expect(paypal.querySelector('img')).toHaveAttribute('src', '/rest/v2/payment-methods/icons/paypal.svg');

    await user.type(input, 'skr');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Skrill']);
    await user.click(within(listbox).getByRole('option', { name: 'Skrill' }));
    expect(onChange).toHaveBeenCalledWith('skrill', methods[2]);
    expect(fake.requests.map((r) => r.url).sort()).toEqual([
      '/rest/v2/payment-method-groups?locale=en',
      '/rest/v2/payment-methods?mode=short&locale=en',
    ]);
  });

  it('should offer only one group when asked', async () => {
    serve();
    renderWithProviders(<Harness group="bank-transfers" />);
    const user = userEvent.setup();
    const input = await screen.findByRole('combobox', { name: 'Payment method' });
    await vi.waitFor(() => expect(input).toBeEnabled());
    await user.click(input);
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Bank Transfer']);
  });
});
