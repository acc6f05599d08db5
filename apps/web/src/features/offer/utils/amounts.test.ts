import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  deriveTradeAmounts,
  minDecimal,
  sanitizeAmountInput,
  toDecimalOperand,
} from './amounts';

const base = { price: '85544.85', fiatPrecision: 2, cryptoDecimals: 8, max: '171.00' };

describe('sanitizeAmountInput', () => {
  it.each([
    ['12', 2, '12'],
    ['12.5', 2, '12.5'],
    ['12,5', 2, '12.5'],
    ['.5', 2, '.5'],
    ['', 2, ''],
    ['0.00012345', 8, '0.00012345'],
  ])('should accept %j with %i decimals as %j', (raw, decimals, expected) => {
    expect(sanitizeAmountInput(raw, decimals)).toBe(expected);
  });

  it.each([
    ['12.345', 2],
    ['1e5', 2],
    ['-3', 2],
    ['1.2.3', 2],
    ['abc', 2],
    ['12.5', 0],
    ['1234567890123456', 2],
  ])('should refuse %j with %i decimals', (raw, decimals) => {
    expect(sanitizeAmountInput(raw, decimals)).toBeNull();
  });
});

describe('toDecimalOperand', () => {
  it('should read blank, a lone point, "12." and ".5"', () => {
    expect(toDecimalOperand('')).toBe('0');
    expect(toDecimalOperand('.')).toBe('0');
    expect(toDecimalOperand('12.')).toBe('12');
    expect(toDecimalOperand('.5')).toBe('0.5');
  });
});

describe('deriveTradeAmounts', () => {
  it('should convert fiat to crypto exactly, rounding down to the base unit', () => {
    // 100 / 85544.85 = 0.001168978... -> 0.00116897 (down, not 0.00116898).
    const amounts = deriveTradeAmounts({ ...base, side: 'fiat', text: '100' });
    expect(amounts).toEqual({
      side: 'fiat',
      fiatText: '100',
      cryptoText: '0.00116897',
      fiatAmount: '100.00',
      cryptoAmount: '0.00116897',
      clamped: false,
    });
  });

  it('should convert crypto to fiat half-up at the currency precision and say what the trade buys', () => {
    // 0.001 x 85544.85 = 85.54485 -> 85.54; the trade is started with 85.54, which buys 0.00099994.
    const amounts = deriveTradeAmounts({ ...base, side: 'crypto', text: '0.001' });
    expect(amounts.fiatText).toBe('85.54');
    expect(amounts.cryptoText).toBe('0.001');
    expect(amounts.fiatAmount).toBe('85.54');
    expect(amounts.cryptoAmount).toBe('0.00099994');
  });

  it('should keep 18 decimals exact for coins like ETH', () => {
    const amounts = deriveTradeAmounts({
      side: 'fiat',
      text: '10',
      price: '3000.00',
      fiatPrecision: 2,
      cryptoDecimals: 18,
      max: '1000',
    });
    expect(amounts.cryptoAmount).toBe('0.003333333333333333');
  });

  it('should clamp a fiat amount above the maximum to the maximum', () => {
    const amounts = deriveTradeAmounts({ ...base, side: 'fiat', text: '500' });
    expect(amounts).toMatchObject({ side: 'fiat', fiatText: '171.00', fiatAmount: '171.00', clamped: true });
    expect(amounts.cryptoAmount).toBe('0.00199895');
  });

  it('should clamp a crypto amount worth more than the maximum and derive the crypto from the maximum', () => {
    const amounts = deriveTradeAmounts({ ...base, side: 'crypto', text: '1' });
    expect(amounts).toMatchObject({
      side: 'fiat',
      fiatText: '171.00',
      cryptoText: '0.00199895',
      fiatAmount: '171.00',
      clamped: true,
    });
  });

  it('should not clamp exactly the maximum', () => {
    expect(deriveTradeAmounts({ ...base, side: 'fiat', text: '171' }).clamped).toBe(false);
  });

  it('should leave both amounts empty while the input is blank or there is no price', () => {
    expect(deriveTradeAmounts({ ...base, side: 'fiat', text: '' })).toMatchObject({
      fiatAmount: null,
      cryptoAmount: null,
      cryptoText: '',
    });
    expect(deriveTradeAmounts({ ...base, price: '0', side: 'fiat', text: '50' }).cryptoAmount).toBeNull();
  });
});

describe('amountProblem', () => {
  const limits = { min: '85.00', predefined: [] };
  it('should ask for an amount, then the minimum, then enough for a base unit', () => {
    expect(amountProblem({ fiatAmount: null, cryptoAmount: null }, limits)).toBe('required');
    expect(amountProblem({ fiatAmount: '0.00', cryptoAmount: '0' }, limits)).toBe('required');
    expect(amountProblem({ fiatAmount: '84.99', cryptoAmount: '0.001' }, limits)).toBe('belowMin');
    expect(amountProblem({ fiatAmount: '90.00', cryptoAmount: '0.00000000' }, limits)).toBe('tooSmall');
    expect(amountProblem({ fiatAmount: '90.00', cryptoAmount: '0.00105' }, limits)).toBeNull();
  });

  it('should only accept one of the predefined amounts', () => {
    const predefined = { min: '20.00', predefined: ['20.00', '50.00'] };
    expect(amountProblem({ fiatAmount: '30.00', cryptoAmount: '0.1' }, predefined)).toBe('notPredefined');
    expect(amountProblem({ fiatAmount: '50.00', cryptoAmount: '0.1' }, predefined)).toBeNull();
  });
});

describe('minDecimal', () => {
  it('should pick the smallest and ignore missing values', () => {
    expect(minDecimal('171.00', null, '100', undefined)).toBe('100');
    expect(minDecimal('171.00', null)).toBe('171.00');
  });
});
