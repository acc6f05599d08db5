import { startRepeatingPass } from '../../../platform/jobs/index.js';
import type { BitcoinPayouts } from './service.js';

/**
 * Runs a network's payouts every `batchSeconds` (BTC_BATCH_SECONDS, LTC_BATCH_SECONDS): follows the open
 * payouts and sends a new batch. Every instance runs one; the network's lock lets one of them build each
 * batch (the others skip), and the settlement is idempotent per withdrawal.
 */
export function startPayoutBatcher(
  payouts: Pick<BitcoinPayouts, 'pass' | 'network'>,
  batchSeconds: number,
  log: { warn(obj: object, msg: string): void },
) {
  return startRepeatingPass({
    pass: () => payouts.pass(),
    intervalSeconds: batchSeconds,
    failed: (err) => log.warn({ err, network: payouts.network }, 'payouts: pass failed'),
  });
}
