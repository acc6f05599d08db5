import { describe, expect, it } from 'vitest';
import {
  isAmountInput,
  isDigitsOnly,
  mergeOpeningHours,
  offerBodySchema,
  offerFiatPrice,
  type OpeningHour,
} from '@app/contract';
import { CRYPTO_CURRENCIES } from '../catalogue/data/crypto-currencies.js';
import { isValidTimezone, newOfferHash } from './service.js';

const h = (day: number, start_time: string, end_time: string, active = true): OpeningHour => ({
  day,
  start_time,
  end_time,
  active,
});

describe('offer pricing', () => {
  it('should apply the margin exactly and round half-up to the fiat precision', () => {
    expect(
      offerFiatPrice({ market: '50000.12345678', margin: '2.5', fixedPrice: null, fiatPrecision: 2 }),
    ).toBe('51250.13');
    expect(offerFiatPrice({ market: '100', margin: '-3.3333', fixedPrice: null, fiatPrecision: 2 })).toBe(
      '96.67',
    );
    expect(offerFiatPrice({ market: '100', margin: '0', fixedPrice: null, fiatPrecision: 0 })).toBe('100');
    expect(offerFiatPrice({ market: '0.1', margin: '10', fixedPrice: null, fiatPrecision: 3 })).toBe('0.110');
  });

  it('should use a fixed price as it is, at the currency precision', () => {
    expect(offerFiatPrice({ market: '1', margin: null, fixedPrice: '61000.5', fiatPrecision: 2 })).toBe(
      '61000.50',
    );
    expect(offerFiatPrice({ market: '1', margin: null, fixedPrice: '61000', fiatPrecision: 0 })).toBe(
      '61000',
    );
  });

  it('should price every crypto precision without floats', () => {
    for (const crypto of CRYPTO_CURRENCIES) {
      // A market price with as many decimals as the coin has: the product stays exact.
      const market = `1234.${'9'.repeat(crypto.decimals)}`;
      const price = offerFiatPrice({ market, margin: '1', fixedPrice: null, fiatPrecision: 8 });
      // Expected by integer arithmetic: market x 101 / 100, half-up at 8 decimals.
      const exact = BigInt(market.replace('.', '')) * 101n; // scale decimals + 2
      const shift = 10n ** BigInt(crypto.decimals + 2 - 8);
      const rounded =
        crypto.decimals + 2 > 8
          ? (exact + shift / 2n) / shift
          : exact * 10n ** BigInt(8 - crypto.decimals - 2);
      const text = rounded.toString().padStart(9, '0');
      expect(price, crypto.code).toBe(`${text.slice(0, -8)}.${text.slice(-8)}`);
    }
  });
});

describe('opening hours merging', () => {
  it('should sort by day and start time', () => {
    expect(
      mergeOpeningHours([h(2, '09:00', '10:00'), h(1, '12:00', '13:00'), h(1, '08:00', '09:00')]),
    ).toEqual([h(1, '08:00', '09:00'), h(1, '12:00', '13:00'), h(2, '09:00', '10:00')]);
  });

  it('should merge adjacent ranges with the same activity', () => {
    expect(mergeOpeningHours([h(1, '09:00', '12:00'), h(1, '12:00', '18:00')])).toEqual([
      h(1, '09:00', '18:00'),
    ]);
    expect(mergeOpeningHours([h(3, '09:00', '12:00', false), h(3, '12:00', '13:00', false)])).toEqual([
      h(3, '09:00', '13:00', false),
    ]);
  });

  it('should merge overlapping ranges and keep the later end', () => {
    expect(mergeOpeningHours([h(1, '09:00', '17:00'), h(1, '10:00', '12:00')])).toEqual([
      h(1, '09:00', '17:00'),
    ]);
  });

  it('should keep a non-adjacent range as a second range', () => {
    expect(mergeOpeningHours([h(1, '09:00', '11:00'), h(1, '13:00', '15:00')])).toEqual([
      h(1, '09:00', '11:00'),
      h(1, '13:00', '15:00'),
    ]);
  });

  it('should let the active one win when activity differs', () => {
    expect(mergeOpeningHours([h(1, '09:00', '12:00', false), h(1, '12:00', '14:00', true)])).toEqual([
      h(1, '09:00', '14:00', true),
    ]);
    expect(mergeOpeningHours([h(1, '09:00', '12:00', true), h(1, '11:00', '14:00', false)])).toEqual([
      h(1, '09:00', '14:00', true),
    ]);
  });

  it('should never merge across days', () => {
    expect(mergeOpeningHours([h(1, '20:00', '24:00'), h(2, '00:00', '02:00')])).toHaveLength(2);
  });
});

describe('amount input rules', () => {
  it('should accept digits with one optional decimal point, or nothing', () => {
    for (const ok of ['', '1', '10.5', '.5', '5.', '0.00000001']) expect(isAmountInput(ok), ok).toBe(true);
    for (const bad of ['1.2.3', '-1', '1e5', '1,5', 'abc', ' 1']) expect(isAmountInput(bad), bad).toBe(false);
  });

  it('should accept digits only where counts are typed', () => {
    expect(isDigitsOnly('12')).toBe(true);
    expect(isDigitsOnly('1.2')).toBe(false);
  });

  it('should refuse bad editor fields in the body schema', () => {
    const base = {
      type: 'sell',
      crypto_currency_code: 'BTC',
      fiat_currency_code: 'USD',
      payment_method: 'paypal',
    };
    expect(offerBodySchema.safeParse({ ...base, payment_window: 29 }).success).toBe(false);
    expect(offerBodySchema.safeParse({ ...base, payment_window: 43_201 }).success).toBe(false);
    expect(offerBodySchema.safeParse({ ...base, offer_terms: 'x'.repeat(2501) }).success).toBe(false);
    expect(offerBodySchema.safeParse({ ...base, range_min: '-5' }).success).toBe(false);
    expect(offerBodySchema.safeParse({ ...base, margin: '1e3' }).success).toBe(false);
    expect(
      offerBodySchema.safeParse({ ...base, margin: '-2.5', range_min: '10', range_max: 20 }).success,
    ).toBe(true);
  });
});

describe('offer ids and time zones', () => {
  it('should make opaque base62 hashes', () => {
    const hashes = new Set(Array.from({ length: 1000 }, newOfferHash));
    expect(hashes.size).toBe(1000);
    for (const hash of hashes) expect(hash).toMatch(/^[0-9A-Za-z]{12}$/);
  });

  it('should know IANA zones', () => {
    expect(isValidTimezone('Europe/Madrid')).toBe(true);
    expect(isValidTimezone('Mars/Olympus')).toBe(false);
  });
});
