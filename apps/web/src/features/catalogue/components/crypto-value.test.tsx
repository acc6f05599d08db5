import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeFetch } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';
import { amountFormatRoutes } from '../testing/factories';
import { CryptoValue } from './crypto-value';

function renderValue(element: ReactElement) {
  vi.stubGlobal('fetch', createFakeFetch(amountFormatRoutes()).fetch);
  return renderApp({ routes: [{ path: '/', element }] });
}

describe('CryptoValue', () => {
  it('should show a coin at its display precision with every digit on hover', async () => {
    renderValue(<CryptoValue amount="19.985468211352636154" code="ETH" data-testid="value" />);
    const value = await screen.findByTestId('value');
    expect(value).toHaveTextContent(/^19\.98546821 ETH$/);
    expect(value).toHaveAttribute('title', '19.985468211352636154 ETH');
    expect(value).toHaveAttribute('data-exact', '19.985468211352636154');
  });

  it('should put the exact value on the clipboard when the amount alone is copied', async () => {
    renderValue(<CryptoValue amount="19.985468211352636154" code="ETH" data-testid="value" />);
    const value = await screen.findByTestId('value');
    window.getSelection()!.selectAllChildren(value);
    const setData = vi.fn();
    fireEvent.copy(value, { clipboardData: { setData } });
    expect(setData).toHaveBeenCalledWith('text/plain', '19.985468211352636154');

    // A wider selection (the amount with what is around it) is copied as the page shows it.
    setData.mockClear();
    window.getSelection()!.selectAllChildren(document.body);
    fireEvent.copy(value, { clipboardData: { setData } });
    expect(setData).not.toHaveBeenCalled();
  });

  it('should add nothing to an amount shown whole, and sign a history line', async () => {
    renderValue(<CryptoValue amount="1234.5" code="USDT" signed data-testid="value" />);
    const value = await screen.findByTestId('value');
    await waitFor(() => expect(value).toHaveTextContent(/^\+1,234\.50 USDT$/));
    expect(value).not.toHaveAttribute('title');
  });
});
