import { describe, expect, it } from 'vitest';
import { formatDecimalString } from './format-decimal';

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
