import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeFetch, jsonResponse, type FakeRequest } from '@/testing/fake-fetch';
import { buildTag } from '../testing/factories';
import { renderWithProviders } from '../testing/render-picker';
import { TagsPicker } from './tags-picker';

const noId = buildTag(6, 'no-id-needed', 'No ID needed');
const receipt = buildTag(17, 'receipt-required', 'Receipt required', 'Keep the receipt.');
const paypalOnly = buildTag(20, 'verified-paypal-only', 'Verified PayPal only');

function tagsFor(request: FakeRequest) {
  const method = new URL(request.url, 'http://x').searchParams.get('payment-method');
  return method === 'paypal' ? [noId, paypalOnly] : [noId, receipt];
}

function Harness() {
  const [method, setMethod] = useState('bank-transfer');
  const [tags, setTags] = useState<string[]>([]);
  return (
    <>
      <button type="button" onClick={() => setMethod('paypal')}>
        Use PayPal
      </button>
      <TagsPicker value={tags} onChange={setTags} paymentMethod={method} />
      <output data-testid="picked">{tags.join(',')}</output>
    </>
  );
}

describe('TagsPicker', () => {
  it('should offer the tags that fit the payment method and drop picked ones that no longer fit', async () => {
    const fake = createFakeFetch({
      'GET /rest/v1/tags': (request) => jsonResponse(200, { data: tagsFor(request) }),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderWithProviders(<Harness />);
    const user = userEvent.setup();

    const input = await screen.findByRole('combobox', { name: 'Tags' });
    await vi.waitFor(() => expect(input).toBeEnabled());
    await user.click(input);
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByText('Keep the receipt.')).toBeInTheDocument();
    await user.click(within(listbox).getByRole('option', { name: /Receipt required/ }));
    await user.click(within(listbox).getByRole('option', { name: /No ID needed/ }));
    expect(screen.getByTestId('picked')).toHaveTextContent('receipt-required,no-id-needed');

    await user.click(screen.getByRole('button', { name: 'Use PayPal' }));
    await vi.waitFor(() => expect(screen.getByTestId('picked')).toHaveTextContent(/^no-id-needed$/));
    expect(fake.requests.map((r) => r.url)).toEqual([
      '/rest/v1/tags?payment-method=bank-transfer&locale=en',
      '/rest/v1/tags?payment-method=paypal&locale=en',
    ]);
  });
});
