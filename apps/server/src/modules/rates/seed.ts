import { divide, formatDecimal, parseDecimal } from '@app/contract';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Seed } from '../../platform/db/seed.js';
import { CRYPTO_CURRENCIES } from '../catalogue/data/crypto-currencies.js';
import { CURRENCIES } from '../catalogue/data/currencies.js';
import { CRYPTO_USD, METAL_USD_PER_OUNCE, USD_FIAT } from './data/snapshot.js';
import { backfillPair } from './history.js';
import { ratesRepository } from './repository.js';

/** Days of daily history a fresh install starts with (the year chart has data from the first start). */
export const BACKFILL_DAYS = 365;

/** The starting market: every coin in USD and USD in every tradable currency (metals inverted). */
export function snapshotRows(
  now: Date,
): { base: string; quote: string; rate: string; anchor: string; updatedAt: Date }[] {
  const rows: { base: string; quote: string; rate: string; anchor: string; updatedAt: Date }[] = [];
  for (const coin of CRYPTO_CURRENCIES) {
    const price = CRYPTO_USD[coin.code];
    if (price === undefined) throw new Error(`rates snapshot: no USD price for ${coin.code}`);
    rows.push({ base: coin.code, quote: 'USD', rate: price, anchor: price, updatedAt: now });
  }
  for (const [, code, , , kind] of CURRENCIES) {
    if (kind === 'fiat') {
      const rate = USD_FIAT[code];
      if (rate === undefined) throw new Error(`rates snapshot: no USD rate for ${code}`);
      rows.push({ base: 'USD', quote: code, rate, anchor: rate, updatedAt: now });
    } else if (kind === 'metal') {
      const price = METAL_USD_PER_OUNCE[code];
      if (price === undefined) throw new Error(`rates snapshot: no USD price for ${code}`);
      const rate = formatDecimal(divide(parseDecimal('1'), parseDecimal(price), 18, 'half-up'));
      rows.push({ base: 'USD', quote: code, rate, anchor: rate, updatedAt: now });
    }
  }
  return rows;
}

/**
 * Seeds the market once: the snapshot for pairs not stored yet (a live market is never overwritten),
 * the state row, and a backfilled history for every coin (hourly for 30 days, daily for `days`), built
 * backwards from each coin's stored rate so the chart ends exactly on the live price.
 */
export async function seedRates(db: DbOrTx, now: Date, days: number = BACKFILL_DAYS): Promise<void> {
  await ratesRepository.insertMissingCurrent(db, snapshotRows(now));
  await ratesRepository.ensureState(db, now);
  const stored = await ratesRepository.loadCurrent(db);
  const history = stored
    .filter((r) => r.quote === 'USD' && r.base !== 'USD')
    .flatMap((r) => backfillPair(r.base, r.quote, r.rate, r.anchor, now, days));
  await ratesRepository.insertMissingHistory(db, history);
  await ratesRepository.bumpVersion(db);
}

/** Reference rates; bump the name to add pairs for newly listed currencies on the next start. */
export const ratesSeed: Seed = {
  name: 'rates-v1',
  demo: false,
  run: (db: Db) => seedRates(db, new Date()),
};
