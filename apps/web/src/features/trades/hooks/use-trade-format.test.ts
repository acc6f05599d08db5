import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { LocaleProvider } from '@/shared/i18n/locale-context';
import { useTradeFormat } from './use-trade-format';

/** The hook before the catalogue's lists are in (nothing asked: the queries never run here). */
const formatIn = (locale: 'en' | 'es') => {
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  return renderHook(() => useTradeFormat(), {
    wrapper: ({ children }: { children: ReactNode }) =>
      createElement(
        QueryClientProvider,
        { client },
        createElement(LocaleProvider, { value: locale }, children),
      ),
  }).result.current;
};

describe('useTradeFormat', () => {
  it('should show fiat at the currency precision, never at the rate precision', () => {
    const format = formatIn('en');
    expect(format.fiat('81123.45005662', 'EUR', 2)).toBe('81,123.45 EUR');
    expect(format.fiat('100.5', 'EUR', 2)).toBe('100.50 EUR');
    // Cut, never rounded up (decision 0053).
    expect(format.fiat('14250000.5', 'JPY', 0)).toBe('14,250,000 JPY');
  });

  it('should use the currency’s own precision when the answer carries none', () => {
    const format = formatIn('en');
    expect(format.fiat('1000', 'JPY')).toBe('1,000 JPY');
    expect(format.fiat('100.50', 'EUR')).toBe('100.50 EUR');
    expect(formatIn('es').fiat('12345.50', 'EUR')).toBe('12.345,50 EUR');
    expect(format.fiat('250.00000000', 'USD')).toBe('250.00 USD');
  });

  it('should show a coin at its display precision, the exact value at hand', () => {
    const format = formatIn('en');
    expect(format.crypto('0.00105263', 'BTC')).toBe('0.00105263 BTC');
    expect(format.crypto('19.985468211352636154', 'ETH')).toBe('19.98546821 ETH');
    expect(format.cryptoDisplay('19.985468211352636154', 'ETH')).toEqual({
      text: '19.98546821',
      exact: '19.985468211352636154',
      plain: '19.985468211352636154',
      cut: true,
    });
  });
});
