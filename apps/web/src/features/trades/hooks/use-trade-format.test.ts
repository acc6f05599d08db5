import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { LocaleProvider } from '@/shared/i18n/locale-context';
import { useTradeFormat } from './use-trade-format';

const formatIn = (locale: 'en' | 'es') =>
  renderHook(() => useTradeFormat(), {
    wrapper: ({ children }: { children: ReactNode }) =>
      createElement(LocaleProvider, { value: locale }, children),
  }).result.current;

describe('useTradeFormat', () => {
  it('should show fiat at the currency precision, never at the rate precision', () => {
    const format = formatIn('en');
    expect(format.fiat('81123.45005662', 'EUR', 2)).toBe('81,123.45 EUR');
    expect(format.fiat('100.5', 'EUR', 2)).toBe('100.50 EUR');
    expect(format.fiat('14250000.5', 'JPY', 0)).toBe('14,250,001 JPY');
  });

  it('should keep the decimals the server sent when no precision is given', () => {
    const format = formatIn('en');
    expect(format.fiat('1000', 'JPY')).toBe('1,000 JPY');
    expect(format.fiat('100.50', 'EUR')).toBe('100.50 EUR');
    expect(formatIn('es').fiat('12345.50', 'EUR')).toBe('12.345,50 EUR');
  });

  it('should keep every significant crypto decimal', () => {
    expect(formatIn('en').crypto('0.00105263', 'BTC')).toBe('0.00105263 BTC');
  });
});
