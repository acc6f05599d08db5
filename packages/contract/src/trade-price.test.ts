import { describe, expect, it } from 'vitest';
import { TRADE_PRICE_TOLERANCE_PERCENT, priceMovedBeyondTolerance, tradeStartBodySchema } from './trades.js';

describe('the price-change rule at trade start', () => {
  it('should be 0.5 % (the number the confirmation states)', () => {
    expect(TRADE_PRICE_TOLERANCE_PERCENT).toBe('0.5');
  });

  it('should hold a price that moved at most the tolerance, either way, exactly at the edge', () => {
    // 0.5 % of 100,000.00 is 500.00.
    expect(priceMovedBeyondTolerance('100000.00', '100000.00')).toBe(false);
    expect(priceMovedBeyondTolerance('100000.00', '100500.00')).toBe(false);
    expect(priceMovedBeyondTolerance('100000.00', '99500.00')).toBe(false);
    expect(priceMovedBeyondTolerance('100000.00', '100500.01')).toBe(true);
    expect(priceMovedBeyondTolerance('100000.00', '99499.99')).toBe(true);
  });

  it("should judge the issue's move (96,372.01 -> 96,444.96, 0.076 %) within the tolerance", () => {
    expect(priceMovedBeyondTolerance('96372.01', '96444.96')).toBe(false);
    // The same move is beyond a tighter tolerance.
    expect(priceMovedBeyondTolerance('96372.01', '96444.96', '0.05')).toBe(true);
  });

  it('should compare prices of different scales and currencies without precision (JPY, 8 places)', () => {
    expect(priceMovedBeyondTolerance('15000000', '15075000')).toBe(false);
    expect(priceMovedBeyondTolerance('15000000', '15075001')).toBe(true);
    expect(priceMovedBeyondTolerance('1.00000000', '1.005')).toBe(false);
    expect(priceMovedBeyondTolerance('1.00000000', '0.99499999')).toBe(true);
  });

  it('should take expected_price as an optional positive decimal in the start body', () => {
    const base = { offer_hash: 'AbCdEf123456', fiat_amount: '100' };
    expect(tradeStartBodySchema.parse(base)).toEqual(base);
    expect(tradeStartBodySchema.parse({ ...base, expected_price: 96372.01 }).expected_price).toBe('96372.01');
    expect(tradeStartBodySchema.safeParse({ ...base, expected_price: '-1' }).success).toBe(false);
    expect(tradeStartBodySchema.safeParse({ ...base, expected_price: 'abc' }).success).toBe(false);
  });
});
