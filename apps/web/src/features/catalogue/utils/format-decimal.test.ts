import { describe, expect, it } from 'vitest';
import {
  fallbackFiatPrecision,
  formatCryptoAmount,
  formatDecimalString,
  formatExactAmount,
  formatFiatAmount,
  formatSignedCryptoAmount,
  plainExactAmount,
  showsEveryDigit,
} from './format-decimal';

describe('formatDecimalString', () => {
  it('should group and round exactly, in the locale', () => {
    expect(formatDecimalString('81177.50000000', 'en', { minFraction: 2, maxFraction: 2 })).toBe('81,177.50');
    expect(formatDecimalString('81177.50000000', 'es', { minFraction: 2, maxFraction: 2 })).toBe('81.177,50');
    expect(formatDecimalString('0.005', 'en', { minFraction: 2, maxFraction: 2 })).toBe('0.01');
    expect(formatDecimalString('138767898.405', 'en', { minFraction: 0, maxFraction: 0 })).toBe(
      '138,767,898',
    );
  });

  it('should keep every digit of a long amount that a float would lose', () => {
    expect(formatDecimalString('12345678901234567.12345678', 'en', { maxFraction: 8 })).toBe(
      '12,345,678,901,234,567.12345678',
    );
  });

  it('should drop zeros past the minimum, and print negatives', () => {
    expect(formatDecimalString('0.00105000', 'en', { maxFraction: 8 })).toBe('0.00105');
    expect(formatDecimalString('2.000', 'en')).toBe('2');
    expect(formatDecimalString('-1.25', 'en', { minFraction: 2 })).toBe('-1.25');
  });
});

describe('crypto amounts (decision 0053)', () => {
  it('should show a coin at its display precision, cut, never rounded up', () => {
    // The dashboard: ETH has 18 decimals on chain, 8 on screen.
    expect(formatCryptoAmount('19.985468211352636154', 8, 'en')).toBe('19.98546821');
    // Truncation, not rounding: 0.999999999 is not shown as 1.00.
    expect(formatCryptoAmount('0.999999999', 8, 'en')).toBe('0.99999999');
    expect(formatCryptoAmount('12345.5678919', 6, 'es')).toBe('12.345,567891');
    expect(formatCryptoAmount('12345.5', 8, 'es')).toBe('12.345,50');
    expect(formatCryptoAmount('12345.5', 8, 'en')).toBe('12,345.50');
  });

  it('should keep at least two decimals and drop zeros beyond them', () => {
    expect(formatCryptoAmount('0.50000000', 8, 'en')).toBe('0.50');
    expect(formatCryptoAmount('150.000000', 6, 'en')).toBe('150.00');
    expect(formatCryptoAmount('0.00105000', 8, 'en')).toBe('0.00105');
    expect(formatCryptoAmount('0', 8, 'en')).toBe('0.00');
    expect(formatCryptoAmount('7', 0, 'en')).toBe('7');
  });

  it('should say an amount is there when it is too small to show', () => {
    expect(formatCryptoAmount('0.000000000000000001', 8, 'en')).toBe('<0.00000001');
    expect(formatCryptoAmount('0.0000000001', 6, 'es')).toBe('<0,000001');
    expect(formatSignedCryptoAmount('-0.000000000000000001', 8, 'en')).toBe('\u2212<0.00000001');
  });

  it('should sign history lines with a real minus', () => {
    expect(formatSignedCryptoAmount('-0.10000000', 8, 'en')).toBe('\u22120.10');
    expect(formatSignedCryptoAmount('0.25', 8, 'en')).toBe('+0.25');
    expect(formatCryptoAmount('-1.123456789', 8, 'en')).toBe('-1.12345678');
  });

  it('should keep the exact value for the hover and the clipboard', () => {
    expect(formatExactAmount('19.985468211352636154', 'en')).toBe('19.985468211352636154');
    expect(formatExactAmount('12345.500000000000000000', 'es')).toBe('12.345,50');
    expect(plainExactAmount('19.985468211352636154')).toBe('19.985468211352636154');
    expect(plainExactAmount('0.50000000')).toBe('0.5');
    expect(plainExactAmount('150')).toBe('150');
    expect(showsEveryDigit('19.985468211352636154', 8)).toBe(false);
    expect(showsEveryDigit('19.985468210000000000', 8)).toBe(true);
    expect(showsEveryDigit('0.5', 8)).toBe(true);
  });

  it('should not lose a digit of a huge amount on the way', () => {
    expect(formatCryptoAmount('12345678901234567890.123456789012345678', 8, 'en')).toBe(
      '12,345,678,901,234,567,890.12345678',
    );
  });
});

describe('fiat amounts (decision 0053)', () => {
  it('should show every decimal of the currency and nothing beyond', () => {
    // The console: a fiat amount stored to 8 places.
    expect(formatFiatAmount('250.00000000', 'USD', 2, 'en')).toBe('250.00 USD');
    expect(formatFiatAmount('250', 'USD', 2, 'es')).toBe('250,00 USD');
    expect(formatFiatAmount('1500.75', 'JPY', 0, 'en')).toBe('1,500 JPY');
    expect(formatFiatAmount('12.3456', 'KWD', 3, 'en')).toBe('12.345 KWD');
    expect(formatFiatAmount('1234567.891', 'EUR', 2, 'es')).toBe('1.234.567,89 EUR');
  });

  it('should cut rather than round: a limit never reads more than it is', () => {
    expect(formatFiatAmount('99.999', 'USD', 2, 'en')).toBe('99.99 USD');
  });

  it('should write totals with the currency symbol the locale’s way', () => {
    expect(formatFiatAmount('47500.06', 'USD', 2, 'en', 'symbol')).toBe('$47,500.06');
    expect(formatFiatAmount('1500', 'JPY', 0, 'en', 'symbol')).toBe('¥1,500');
    expect(formatFiatAmount('47500.069', 'EUR', 2, 'es', 'symbol')).toBe('47.500,06\u00a0€');
    // Grouped as the crypto beside it is.
    expect(formatFiatAmount('1234.5', 'USD', 2, 'es', 'symbol')).toBe(
      `${formatDecimalString('1234.5', 'es', { minFraction: 2 })}\u00a0US$`,
    );
    // A code Intl does not know as a currency: the number, then the code.
    expect(formatFiatAmount('10', 'XYZ1', 2, 'en', 'symbol')).toBe('10.00 XYZ1');
  });

  it('should fall back on Intl’s digits, 4 for metals, until the catalogue is in', () => {
    expect(fallbackFiatPrecision('USD')).toBe(2);
    expect(fallbackFiatPrecision('jpy')).toBe(0);
    expect(fallbackFiatPrecision('KWD')).toBe(3);
    expect(fallbackFiatPrecision('XAU')).toBe(4);
    expect(fallbackFiatPrecision('NOPE1')).toBe(2);
  });
});
