export { createBitcoinPayouts, classifyRefusal } from './service.js';
export type { BitcoinPayouts, BatchOutcome, PayoutSettings, WaitReason } from './service.js';
export { startPayoutBatcher } from './batcher.js';
export { buildPayout, bumpPayout, type HotWalletKey, type SpendableOutput } from './build.js';
export { CHAIN_PARAMS, type ChainParams } from './networks.js';
export { verifyP2wpkhSpend } from './verify.js';
export { buildBenchmarkBatch } from './bench.js';
export { bitcoinPayoutsFromConfig, payoutSettingsFromConfig, startConfiguredPayouts } from './from-config.js';
