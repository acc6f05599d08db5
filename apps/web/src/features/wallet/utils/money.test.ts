import { formatDecimal } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { fiatValue, sumDecimals, toUnits, trimAmount } from './money';

describe('wallet money helpers', () => {
  it('should value a balance exactly and round half-up only at the fiat precision', () => {
    // 0.1 × 3 in floats is 0.30000000000000004; here it is exact.
    expect(formatDecimal(fiatValue('0.10000000', '3', 2))).toBe('0.30');
    expect(formatDecimal(fiatValue('0.00000001', '95000.00', 2))).toBe('0.00');
    expect(formatDecimal(fiatValue('0.50000000', '95000.12345678', 2))).toBe('47500.06');
    expect(formatDecimal(fiatValue('0.00000005', '100000', 2))).toBe('0.01'); // 0.005 rounds up
    expect(formatDecimal(fiatValue('123456789.123456789012345678', '1', 0))).toBe('123456789');
  });

  it('should add fiat values without losing a cent', () => {
    const values = ['0.10', '0.20', '0.30'].map((amount) => fiatValue(amount, '1', 2));
    expect(formatDecimal(sumDecimals(values, 2))).toBe('0.60');
  });

  it('should read server amounts into base units and trim them for inputs', () => {
    expect(toUnits('0.49995000', 8)).toBe(49_995_000n);
    expect(trimAmount('0.49995000')).toBe('0.49995');
    expect(trimAmount('150.000000')).toBe('150');
  });
});
