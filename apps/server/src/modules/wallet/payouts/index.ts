import type { Config } from '../../../platform/config.js';
import type { PayoutSettings } from './service.js';

export { createBitcoinPayouts, classifyRefusal } from './service.js';
export type { BitcoinPayouts, BatchOutcome, PayoutSettings, WaitReason } from './service.js';
export { startPayoutBatcher } from './batcher.js';
export { buildPayout, bumpPayout, type HotWalletKey, type SpendableOutput } from './build.js';
export { CHAIN_PARAMS, type ChainParams } from './networks.js';
export { verifyP2wpkhSpend } from './verify.js';
export { buildBenchmarkBatch } from './bench.js';

/** A network's payout settings from the configuration (BTC_* / LTC_*), with its confirmations. */
export function payoutSettingsFromConfig(
  config: Pick<Config, 'payouts'>,
  network: 'BTC' | 'LTC',
  requiredConfirmations: number,
): PayoutSettings {
  const { maxPerTx, maxPerDay, rbfAfterSeconds } = config.payouts[network];
  return { maxPerTx, maxPerDay, rbfAfterSeconds, requiredConfirmations };
}
