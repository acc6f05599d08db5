import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeFetch, errorBody, jsonResponse } from '@/testing/fake-fetch';
import { buildCrypto } from '../testing/factories';
import { renderWithProviders } from '../testing/render-picker';
import { CryptoPicker } from './crypto-picker';

const cryptos = [
  buildCrypto({ code: 'BTC', fullName: 'Bitcoin', icon: 'btc' }),
  buildCrypto({ code: 'USDT', fullName: 'Tether USD', icon: 'usdt' }),
  buildCrypto({ code: 'XMR', fullName: 'Monero', icon: 'xmr', isBlocked: true }),
];
const answer = () => jsonResponse(200, { data: { cryptoCurrencies: cryptos, metadata: {} } });

function Harness({ onChange }: { onChange?: (code: string | null) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <CryptoPicker
      value={value}
      onChange={(code) => {
        setValue(code);
        onChange?.(code);
      }}
    />
  );
}

describe('CryptoPicker', () => {
  it('should list the unblocked coins with code and name, and report the choice', async () => {
    const fake = createFakeFetch({ 'GET /rest/v2/wallet/crypto-currencies': answer });
    vi.stubGlobal('fetch', fake.fetch);
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const user = userEvent.setup();

    const input = await screen.findByRole('combobox', { name: 'Crypto' });
    expect(input).toHaveAttribute('aria-busy', 'true');
    await vi.waitFor(() => expect(input).toBeEnabled());
    await user.click(input);
    const listbox = await screen.findByRole('listbox');
    const options = within(listbox).getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(within(options[0]!).getByText('BTC')).toBeInTheDocument();
    expect(within(options[0]!).getByText('Bitcoin')).toBeInTheDocument();
    expect(within(options[1]!).getByText('Tether USD')).toBeInTheDocument();
    // Blocked coins are left out unless asked for.
    expect(within(listbox).queryByText('Monero')).not.toBeInTheDocument();

    await user.click(within(listbox).getByRole('option', { name: /USDT/ }));
    expect(onChange).toHaveBeenCalledWith('USDT');
    expect(input).toHaveValue('USDT · Tether USD');
  });

  it('should say when the list cannot be loaded, and try again', async () => {
    let calls = 0;
    const fake = createFakeFetch({
      'GET /rest/v2/wallet/crypto-currencies': () => {
        calls += 1;
        // A 4xx is not retried by the query client, so the error shows at once.
        return calls === 1 ? jsonResponse(404, errorBody('NOT_FOUND', 'Not found')) : answer();
      },
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderWithProviders(<Harness />);
    const user = userEvent.setup();

    expect(await screen.findByText('The list could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Crypto' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(screen.getByRole('combobox', { name: 'Crypto' })).toBeEnabled());
    expect(screen.queryByText('The list could not be loaded.')).not.toBeInTheDocument();
  });

  it('should say when there is nothing to choose', async () => {
    const fake = createFakeFetch({
      'GET /rest/v2/wallet/crypto-currencies': () =>
        jsonResponse(200, { data: { cryptoCurrencies: [], metadata: {} } }),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderWithProviders(<Harness />);
    const input = await screen.findByPlaceholderText('No crypto to choose from');
    expect(input).toBeDisabled();
  });
});
