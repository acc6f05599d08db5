import { describe, expect, it } from 'vitest';
import { formatBaseUnits, formatBaseUnitsTrimmed, parseAmount } from './money.js';

describe('amount codec', () => {
  it.each([
    ['0.5', 8, 50_000_000n],
    ['1', 8, 100_000_000n],
    ['0.00000001', 8, 1n],
    ['21000000.00000000', 8, 2_100_000_000_000_000n],
    ['1.000000000000000001', 18, 1_000_000_000_000_000_001n],
    ['0.000001', 6, 1n],
    ['12.3400', 2, 1234n],
    ['007.5', 1, 75n],
  ])('should read %s with %i decimals as %s base units', (text, decimals, units) => {
    expect(parseAmount(text, decimals)).toEqual({ ok: true, units });
  });

  it.each([
    ['0.000000001', 8, 'too_many_decimals'],
    ['0.0000001', 6, 'too_many_decimals'],
    ['1.5', 0, 'too_many_decimals'],
    ['0', 8, 'not_positive'],
    ['0.00000000', 8, 'not_positive'],
    ['-1', 8, 'not_a_number'],
    ['1e5', 8, 'not_a_number'],
    ['abc', 8, 'not_a_number'],
    ['', 8, 'not_a_number'],
    ['.5', 8, 'not_a_number'],
    ['1.', 8, 'not_a_number'],
    ['1,5', 8, 'not_a_number'],
    ['Infinity', 8, 'not_a_number'],
    ['9'.repeat(70), 8, 'too_large'],
  ])('should refuse %j with %i decimals (%s), never round', (text, decimals, code) => {
    expect(parseAmount(text, decimals)).toMatchObject({ ok: false, code });
  });

  it('should format base units with the coin precision and round-trip', () => {
    expect(formatBaseUnits(50_000_000n, 8)).toBe('0.50000000');
    expect(formatBaseUnits(1n, 18)).toBe('0.000000000000000001');
    expect(formatBaseUnits(-150n, 2)).toBe('-1.50');
    expect(formatBaseUnits(7n, 0)).toBe('7');
    expect(formatBaseUnitsTrimmed(50_000_000n, 8)).toBe('0.5');
    expect(formatBaseUnitsTrimmed(100_000_000n, 8)).toBe('1');
    for (const units of [1n, 99n, 123_456_789n, 10n ** 30n + 7n]) {
      for (const decimals of [0, 6, 8, 18]) {
        expect(parseAmount(formatBaseUnits(units, decimals), decimals)).toEqual({ ok: true, units });
      }
    }
  });
});
