/**
 * When a failed delivery is tried again: the Standard Webhooks reference schedule (5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h, 10 h after the first attempt's failure and each one after), eight attempts over
 * about 27 hours. After the last, the delivery has failed and the webhook is turned off (decision 0043).
 */
export const RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3_600, 5 * 3_600, 10 * 3_600, 10 * 3_600];

/** Attempts a delivery gets before it fails: the first and one per delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/** The window the notice names, in hours (rounded). */
export const RETRY_WINDOW_HOURS = Math.round(RETRY_DELAYS_SECONDS.reduce((a, b) => a + b, 0) / 3_600);

/** Seconds until the next attempt after `failures` failed ones, or null when none is left. */
export function nextRetryDelaySeconds(failures: number): number | null {
  if (failures < 1) return 0;
  return RETRY_DELAYS_SECONDS[failures - 1] ?? null;
}
