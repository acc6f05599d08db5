/**
 * Rates move once a minute (the server's RATES_TICK_SECONDS, default 60) and are served with
 * `max-age=5` and an ETag: the page keeps a copy for 30 s and asks again every minute while open.
 */
export const RATES_STALE_TIME = 30_000;
export const RATES_REFETCH_INTERVAL = 60_000;
