import { describe, expect, it } from 'vitest';
import { deriveAmounts, sanitizeAmountInput, toDecimalOperand } from './amounts';
import { parseCalculatorPair } from './calculator-path';
import { parseRange, rangeButtonOf } from './chart-range';

describe('sanitizeAmountInput', () => {
  it('should accept digits with one decimal point, or nothing', () => {
    expect(sanitizeAmountInput('', 2)).toBe('');
    expect(sanitizeAmountInput('120', 2)).toBe('120');
    expect(sanitizeAmountInput('120.5', 2)).toBe('120.5');
    expect(sanitizeAmountInput('.5', 2)).toBe('.5');
    expect(sanitizeAmountInput('12.', 2)).toBe('12.');
  });

  it('should read a comma as the decimal point', () => {
    expect(sanitizeAmountInput('12,5', 2)).toBe('12.5');
  });

  it('should refuse letters, signs, a second point and too many decimals', () => {
    for (const text of ['12a', '-5', '1e5', '1.2.3', '1,234.5', '1 000', '0.123']) {
      expect(sanitizeAmountInput(text, 2), text).toBeNull();
    }
    expect(sanitizeAmountInput('5.', 0)).toBeNull();
    expect(sanitizeAmountInput('0.123456789', 8)).toBeNull();
    expect(sanitizeAmountInput('1234567890123456', 2)).toBeNull();
  });
});

describe('toDecimalOperand', () => {
  it('should count blank as 0 and complete half-typed numbers', () => {
    expect(toDecimalOperand('')).toBe('0');
    expect(toDecimalOperand('.')).toBe('0');
    expect(toDecimalOperand('12.')).toBe('12');
    expect(toDecimalOperand('.5')).toBe('0.5');
    expect(toDecimalOperand('007.10')).toBe('007.10');
  });
});

describe('deriveAmounts', () => {
  it('should convert fiat to BTC exactly, rounding down to the satoshi', () => {
    // 100 / 95000 = 0.001052631578... -> 0.00105263
    expect(deriveAmounts('fiat', '100', '95000.00000000', 2)).toEqual({
      fiatText: '100',
      cryptoText: '0.00105263',
      cryptoAmount: '0.00105263',
    });
    // Where floats go wrong: 0.3 / 0.1 is 2.9999999999999996 in JavaScript.
    expect(deriveAmounts('fiat', '0.3', '0.1', 2).cryptoText).toBe('3.00000000');
  });

  it('should count a blank fiat amount as 0', () => {
    expect(deriveAmounts('fiat', '', '81177.50000000', 2).cryptoText).toBe('0.00000000');
  });

  it('should convert BTC to fiat half-up to the currency precision', () => {
    expect(deriveAmounts('crypto', '0.5', '81177.51000000', 2)).toEqual({
      fiatText: '40588.76',
      cryptoText: '0.5',
      cryptoAmount: '0.5',
    });
    expect(deriveAmounts('crypto', '1', '14250000.5', 0).fiatText).toBe('14250001');
  });

  it('should not divide by a missing (zero) rate', () => {
    expect(deriveAmounts('fiat', '100', '0', 2).cryptoText).toBe('0');
  });
});

describe('calculator address', () => {
  it('should parse the pair and flag a non-canonical spelling', () => {
    expect(parseCalculatorPair('btc-to-eur')).toEqual({ currency: 'EUR', canonical: true });
    expect(parseCalculatorPair('BTC-to-EUR')).toEqual({ currency: 'EUR', canonical: false });
    expect(parseCalculatorPair('eth-to-eur')).toBeNull();
    expect(parseCalculatorPair('btc-to-euro')).toBeNull();
  });

  it('should read the range, with month as the default and synonyms on one button', () => {
    expect(parseRange(null)).toBe('month');
    expect(parseRange('decade')).toBe('month');
    expect(parseRange('7d')).toBe('7d');
    expect(rangeButtonOf('7d')).toBe('week');
    expect(rangeButtonOf('24h')).toBe('day');
    expect(rangeButtonOf('1m')).toBe('month');
    expect(rangeButtonOf('year')).toBe('year');
  });
});
