import { startPeriodicSweep } from '../../platform/jobs/index.js';

/**
 * The durable release of held awards (decision 0048): every `intervalSeconds` (TRADE_EXPIRY_SWEEP_SECONDS,
 * beside the trade expiry) and once at start, holds whose appeal window has ended and that nobody appealed
 * move to their owners' available balances. The holds are read from the table each time (`FOR UPDATE SKIP
 * LOCKED`), so a restart loses nothing and several instances never release one hold twice.
 */
export function startHoldRelease(
  wallet: { releaseDueHolds(): Promise<number> },
  intervalSeconds: number,
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void },
) {
  return startPeriodicSweep({
    sweep: () => wallet.releaseDueHolds(),
    intervalSeconds,
    log,
    done: 'held awards released',
    failed: 'held award release failed',
  });
}
