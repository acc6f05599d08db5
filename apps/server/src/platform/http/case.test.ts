import { describe, expect, it } from 'vitest';
import { snakeCaseKeys } from './case.js';

describe('snakeCaseKeys', () => {
  it('should convert camelCase keys at every depth and leave data keys alone', () => {
    expect(
      snakeCaseKeys({
        fiatRate: '1',
        isBinCodeEnabled: true,
        nested: [{ cryptoCurrencyCode: 'BTC', rate: { USD: '1', usdt: '2' } }],
        createdAt: new Date(0),
        id2Fa: 1,
      }),
    ).toEqual({
      fiat_rate: '1',
      is_bin_code_enabled: true,
      nested: [{ crypto_currency_code: 'BTC', rate: { USD: '1', usdt: '2' } }],
      created_at: new Date(0),
      id2_fa: 1,
    });
  });
});
