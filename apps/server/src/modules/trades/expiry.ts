import { startPeriodicSweep } from '../../platform/jobs/index.js';

/**
 * The durable expiry job: unpaid trades past their payment window are cancelled by the system with a
 * refund. Each sweep selects the due trades from the table (`FOR UPDATE SKIP LOCKED`), so a restart
 * loses nothing (the first sweep runs at start) and several instances never expire one trade twice.
 */
export function startTradeExpiry(
  trades: { expireDue(): Promise<number> },
  intervalSeconds: number,
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void },
) {
  return startPeriodicSweep({
    sweep: () => trades.expireDue(),
    intervalSeconds,
    log,
    done: 'trades expired',
    failed: 'trade expiry sweep failed',
  });
}
