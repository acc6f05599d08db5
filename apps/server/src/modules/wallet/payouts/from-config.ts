import type { Config } from '../../../platform/config.js';
import type { Db } from '../../../platform/db/client.js';
import { createLedger } from '../../ledger/index.js';
import { bitcoinSetupOf } from '../chain/networks.js';
import { startPayoutBatcher } from './batcher.js';
import { CHAIN_PARAMS } from './networks.js';
import { createBitcoinPayouts, type BitcoinPayouts, type PayoutSettings } from './service.js';

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/** A network's payout settings from the configuration (BTC_* / LTC_*), with its confirmations. */
export function payoutSettingsFromConfig(
  config: Pick<Config, 'payouts'>,
  network: 'BTC' | 'LTC',
  requiredConfirmations: number,
): PayoutSettings {
  const { maxPerTx, maxPerDay, rbfAfterSeconds } = config.payouts[network];
  return { maxPerTx, maxPerDay, rbfAfterSeconds, requiredConfirmations };
}

/**
 * The hot wallet's payouts of each Bitcoin-family coin on a real network (CHAIN_BTC / CHAIN_LTC=esplora),
 * over the same setup as its adapter and follower: the Esplora client is the node, the configured key
 * signs. A coin without a hot wallet key (watch-only, allowed outside production) has none: its
 * withdrawals wait. Nothing is read or sent here.
 */
export function bitcoinPayoutsFromConfig(
  db: Db,
  config: Pick<Config, 'chain' | 'wallet' | 'production' | 'payouts'>,
  log?: Log,
): BitcoinPayouts[] {
  const setup = bitcoinSetupOf(config);
  const ledger = createLedger(db);
  const payouts: BitcoinPayouts[] = [];
  for (const [coin, runtime] of Object.entries(setup.coins) as [
    'BTC' | 'LTC',
    NonNullable<(typeof setup.coins)['BTC']>,
  ][]) {
    if (!runtime.hotWallet) continue;
    const confirmations = setup.adapter!.requiredConfirmations(coin);
    payouts.push(
      createBitcoinPayouts({
        db,
        ledger,
        node: runtime.client,
        key: runtime.hotWallet,
        params: CHAIN_PARAMS[coin][runtime.network.name],
        settings: payoutSettingsFromConfig(config, coin, confirmations),
        log,
      }),
    );
  }
  return payouts;
}

/**
 * main.ts: one batcher per configured coin, each every `<COIN>_BATCH_SECONDS`; none on the simulated
 * chain. `stop()` waits for the passes running.
 */
export function startConfiguredPayouts(
  db: Db,
  config: Pick<Config, 'chain' | 'wallet' | 'production' | 'payouts'>,
  log: Log,
) {
  const batchers = bitcoinPayoutsFromConfig(db, config, log).map((payouts) =>
    startPayoutBatcher(payouts, config.payouts[payouts.network as 'BTC' | 'LTC'].batchSeconds, log),
  );
  // Coins on a real network without a hot wallet key: main.ts says their withdrawals wait.
  const watchOnly = Object.entries(bitcoinSetupOf(config).coins)
    .filter(([, runtime]) => !runtime.hotWallet)
    .map(([coin]) => coin);
  return {
    watchOnly,
    async stop() {
      await Promise.all(batchers.map((batcher) => batcher.stop()));
    },
  };
}
