import { describe, expect, it } from 'vitest';
import { previewPrice, sanitizeAmountInput, sanitizeMarginInput } from './price';

const market = '81177.12345678';

describe('previewPrice', () => {
  it('should price a margin offer exactly like the server (half-up to the currency precision)', () => {
    // 81177.12345678 x 1.02 = 82800.6659259156 -> 82800.67
    expect(
      previewPrice({ market, priceMode: 'margin', margin: '2', fixedPrice: '', fiatPrecision: 2 }),
    ).toEqual({
      price: '82800.67',
      marginPercent: '2',
    });
    expect(
      previewPrice({ market, priceMode: 'margin', margin: '-1.50', fixedPrice: '', fiatPrecision: 0 }),
    ).toEqual({ price: '79959', marginPercent: '-1.5' });
  });

  it('should show a fixed price as typed and its distance from the market', () => {
    expect(
      previewPrice({ market, priceMode: 'fixed', margin: '', fixedPrice: '85000', fiatPrecision: 2 }),
    ).toEqual({
      price: '85000.00',
      marginPercent: '4.71',
    });
    expect(
      previewPrice({ market: null, priceMode: 'fixed', margin: '', fixedPrice: '85000', fiatPrecision: 2 }),
    ).toEqual({
      price: '85000.00',
      marginPercent: null,
    });
  });

  it('should show nothing for input that is not a price yet, or without a market rate', () => {
    const none = { price: null, marginPercent: null };
    expect(
      previewPrice({ market, priceMode: 'margin', margin: '-', fixedPrice: '', fiatPrecision: 2 }),
    ).toEqual(none);
    expect(
      previewPrice({ market: null, priceMode: 'margin', margin: '2', fixedPrice: '', fiatPrecision: 2 }),
    ).toEqual(none);
    expect(
      previewPrice({ market, priceMode: 'fixed', margin: '', fixedPrice: '1.234', fiatPrecision: 2 }),
    ).toEqual(none);
    expect(
      previewPrice({ market, priceMode: 'fixed', margin: '', fixedPrice: '0', fiatPrecision: 2 }),
    ).toEqual(none);
  });
});

describe('amount inputs', () => {
  it('should take digits and one decimal point, reading a comma as the point', () => {
    expect(sanitizeAmountInput('12.5')).toBe('12.5');
    expect(sanitizeAmountInput('12,5')).toBe('12.5');
    expect(sanitizeAmountInput('')).toBe('');
    expect(sanitizeAmountInput('1.2.3')).toBeNull();
    expect(sanitizeAmountInput('-3')).toBeNull();
    expect(sanitizeAmountInput('1e5')).toBeNull();
  });

  it('should let a margin start with a minus sign', () => {
    expect(sanitizeMarginInput('-')).toBe('-');
    expect(sanitizeMarginInput('-2,5')).toBe('-2.5');
    expect(sanitizeMarginInput('2-')).toBeNull();
  });
});
