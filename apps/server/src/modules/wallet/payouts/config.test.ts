import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../platform/config.js';
import { payoutSettingsFromConfig } from './index.js';

describe('payout settings', () => {
  it('should read the hot wallet limits in coin units as base units', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      BTC_HOT_MAX_PER_TX: '0.25',
      BTC_HOT_MAX_PER_DAY: '3',
      LTC_BATCH_SECONDS: '120',
    });
    expect(config.payouts.BTC).toMatchObject({ maxPerTx: 25_000_000n, maxPerDay: 300_000_000n });
    expect(config.payouts.LTC).toMatchObject({ batchSeconds: 120, maxPerTx: 5_000_000_000n });
    expect(payoutSettingsFromConfig(config, 'BTC', 2)).toEqual({
      maxPerTx: 25_000_000n,
      maxPerDay: 300_000_000n,
      rbfAfterSeconds: 3600,
      requiredConfirmations: 2,
    });
  });

  it('should refuse an amount with more decimals than the coin has', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', BTC_HOT_MAX_PER_TX: '0.123456789' })).toThrow(
      /BTC_HOT_MAX_PER_TX/,
    );
  });
});
