import { describe, expect, it } from 'vitest';
import {
  compareDecimals,
  cryptoToFiat,
  divide,
  fiatToCrypto,
  formatDecimal,
  formatDecimalTrimmed,
  multiply,
  parseDecimal,
  rescale,
} from '@app/contract';
import { defaultAmountFor, percentChange } from './calculator.js';

describe('exact decimals (shared with the web calculator)', () => {
  it('should parse and print without losing a digit', () => {
    for (const text of [
      '0',
      '0.1',
      '123.450',
      '-0.000000000000000001',
      '99999999999999999999.123456789012345678',
    ]) {
      expect(formatDecimal(parseDecimal(text))).toBe(text);
    }
    expect(() => parseDecimal('1e5')).toThrow();
    expect(() => parseDecimal('.5')).toThrow();
    expect(formatDecimalTrimmed(parseDecimal('1.500'))).toBe('1.5');
    expect(formatDecimalTrimmed(parseDecimal('2.000'))).toBe('2');
  });

  it('should be exact where floats are not', () => {
    // 0.1 + 0.2 style: 0.1 x 3 is exactly 0.3.
    expect(formatDecimal(multiply(parseDecimal('0.1'), parseDecimal('3')))).toBe('0.3');
    expect(compareDecimals(parseDecimal('0.30'), parseDecimal('0.3'))).toBe(0);
  });

  it('should round down, half-up and half-even as asked', () => {
    const v = parseDecimal('2.345');
    expect(formatDecimal(rescale(v, 2, 'down'))).toBe('2.34');
    expect(formatDecimal(rescale(v, 2, 'half-up'))).toBe('2.35');
    expect(formatDecimal(rescale(v, 2, 'half-even'))).toBe('2.34');
    expect(formatDecimal(rescale(parseDecimal('-2.345'), 2, 'half-up'))).toBe('-2.35');
    expect(formatDecimal(divide(parseDecimal('1'), parseDecimal('3'), 5))).toBe('0.33333');
    expect(() => divide(parseDecimal('1'), parseDecimal('0'), 2)).toThrow();
  });

  it('should convert fiat to crypto to the base unit, rounding down', () => {
    // 100 / 95000 = 0.00105263157894...
    expect(fiatToCrypto('100', '95000', 8)).toBe('0.00105263');
    expect(fiatToCrypto('100', '3400', 18)).toBe('0.029411764705882352');
    expect(fiatToCrypto('1', '1.0001', 6)).toBe('0.999900');
    // A float would say 0.1 / 0.3 = 0.33333333333333337.
    expect(fiatToCrypto('0.1', '0.3', 8)).toBe('0.33333333');
  });

  it('should convert crypto to fiat to the currency precision, rounding half-up', () => {
    expect(cryptoToFiat('0.00105263', '95000', 2)).toBe('100.00');
    expect(cryptoToFiat('1', '14231025.5', 0)).toBe('14231026');
    expect(cryptoToFiat('0.00000001', '95000', 2)).toBe('0.00');
    expect(cryptoToFiat('0.5', '0.3055', 3)).toBe('0.153');
  });

  it('should give round default amounts worth about 100 USD', () => {
    expect(defaultAmountFor('1')).toBe('100');
    expect(defaultAmountFor('0.8545')).toBe('85');
    expect(defaultAmountFor('1465')).toBe('150000');
    expect(defaultAmountFor('149.8')).toBe('15000');
    expect(defaultAmountFor('0.3055')).toBe('31');
    expect(defaultAmountFor('0.001')).toBe('1');
  });

  it('should compute percent changes exactly', () => {
    expect(percentChange('100', '101.25')).toBe('1.25');
    expect(percentChange('95000', '93000')).toBe('-2.11');
    expect(percentChange('0', '5')).toBe('0.00');
  });
});
