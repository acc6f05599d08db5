import { formatDecimal, multiply, parseDecimal, rescale } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { ResponseCache } from '../catalogue/index.js';
import { bucketStart, DAY_MS, fillGap, HOURLY_RETENTION_DAYS, type Granularity } from './history.js';
import { pairKey, type RatesProvider, type StoredRate } from './provider.js';
import { ratesRepository, type HistoryRow } from './repository.js';

/** The rates in memory: one consistent version of the stored market. */
export type RatesView = {
  version: number;
  /** When the last tick was applied. */
  updatedAt: Date;
  /** USD price of one coin, by coin code. */
  cryptoUsd: ReadonlyMap<string, string>;
  /** Units of fiat for one USD, by fiat code (USD itself is 1). */
  usdFiat: ReadonlyMap<string, string>;
  /** USD price of one coin 24 hours ago (hourly bucket), when history has it. */
  cryptoUsd24hAgo: ReadonlyMap<string, string>;
};

type Logger = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

export type RatesServiceOptions = {
  db: Db;
  provider: RatesProvider;
  /** Seconds between ticks (RATES_TICK_SECONDS). */
  tickSeconds: number;
  /** How often an instance asks PostgreSQL for a newer version (ms). */
  refreshMs?: number;
  now?: () => Date;
  log?: Logger;
};

/** Hourly gaps are filled for at most the retention window; older gaps only exist in the daily series. */
const MAX_HOURLY_FILL = HOURLY_RETENTION_DAYS * 24;
const MAX_DAILY_FILL = 366 * 2;

/**
 * Rates: stored in PostgreSQL, cached in memory, moved by a ticker.
 * - Every instance reads the same rows; the in-memory copy is reloaded when `rates_state.version`
 *   changes (checked at most every `refreshMs`, without making a request wait).
 * - The ticker runs on every instance, but a tick is applied by exactly one of them: the one whose
 *   conditional UPDATE of `rates_state.last_tick_at` succeeds. The provider is asked outside any
 *   transaction (it may do HTTP); the writes then happen in one short transaction.
 */
export function createRatesService(options: RatesServiceOptions) {
  const { db, provider } = options;
  const tickMs = options.tickSeconds * 1000;
  const refreshMs = options.refreshMs ?? Math.min(5_000, tickMs);
  const now = options.now ?? (() => new Date());
  const responses = new ResponseCache();
  let current: RatesView | undefined;
  let loading: Promise<RatesView> | undefined;
  let checkedAt = 0;
  let checking: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  async function load(): Promise<RatesView> {
    const at = now();
    const [rows, state, dayAgo] = await Promise.all([
      ratesRepository.loadCurrent(db),
      ratesRepository.state(db),
      ratesRepository.ratesAt(db, 'hour', bucketStart(new Date(at.getTime() - DAY_MS), 'hour')),
    ]);
    const cryptoUsd = new Map<string, string>();
    const usdFiat = new Map<string, string>([['USD', '1']]);
    for (const row of rows) {
      if (row.quote === 'USD' && row.base !== 'USD') cryptoUsd.set(row.base, row.rate);
      else if (row.base === 'USD') usdFiat.set(row.quote, row.rate);
    }
    const cryptoUsd24hAgo = new Map<string, string>();
    for (const row of dayAgo) if (row.quote === 'USD') cryptoUsd24hAgo.set(row.base, row.rate);
    const view: RatesView = {
      version: state?.version ?? 0,
      updatedAt: state?.lastTickAt ?? at,
      cryptoUsd,
      usdFiat,
      cryptoUsd24hAgo,
    };
    if (view.version !== current?.version) responses.clear();
    current = view;
    checkedAt = Date.now();
    return view;
  }

  async function checkVersion(): Promise<void> {
    try {
      const state = await ratesRepository.state(db);
      checkedAt = Date.now();
      if ((state?.version ?? 0) !== current?.version) await load();
    } catch (error) {
      checkedAt = Date.now();
      options.log?.warn({ err: error }, 'rates: version check failed; serving the cached rates');
    }
  }

  /** History rows for one tick: the current hour and day buckets, plus any gap since the last stored ones. */
  async function historyRowsFor(
    quotes: { base: string; quote: string; rate: string }[],
    at: Date,
  ): Promise<HistoryRow[]> {
    const crypto = quotes.filter((q) => q.quote === 'USD' && q.base !== 'USD');
    const rows: HistoryRow[] = [];
    for (const granularity of ['hour', 'day'] as const satisfies Granularity[]) {
      const latest = new Map(
        (await ratesRepository.latestBuckets(db, granularity)).map((r) => [pairKey(r.base, r.quote), r]),
      );
      const bucket = bucketStart(at, granularity);
      for (const q of crypto) {
        const last = latest.get(pairKey(q.base, q.quote));
        if (last && last.bucket.getTime() < bucket.getTime()) {
          const gap = fillGap(
            granularity,
            last.bucket,
            last.rate,
            bucket,
            q.rate,
            granularity === 'hour' ? MAX_HOURLY_FILL : MAX_DAILY_FILL,
          );
          for (const p of gap) {
            rows.push({ base: q.base, quote: q.quote, granularity, bucket: p.bucket, rate: p.rate });
          }
        }
        rows.push({ base: q.base, quote: q.quote, granularity, bucket, rate: q.rate });
      }
    }
    return rows;
  }

  async function tick(tickOptions: { force?: boolean } = {}): Promise<boolean> {
    const at = now();
    // A little slack: timers on two instances drift, and a tick 10 % early is still "one per interval".
    const claimed = await ratesRepository.claimTick(
      db,
      at,
      tickOptions.force ? 0 : tickMs * 0.9,
      provider.name,
    );
    if (!claimed) return false;
    const rows = await ratesRepository.loadCurrent(db);
    const previous = new Map<string, StoredRate>(
      rows.map((r) => [pairKey(r.base, r.quote), { rate: r.rate, anchor: r.anchor, updatedAt: r.updatedAt }]),
    );
    const quotes = (await provider.fetchSnapshot({ previous, now: at })).filter((q) =>
      previous.has(pairKey(q.base, q.quote)),
    );
    const history = await historyRowsFor(quotes, at);
    await db.transaction(async (tx) => {
      await ratesRepository.updateCurrent(tx, quotes, at);
      await ratesRepository.upsertHistory(tx, history);
      await ratesRepository.pruneHourly(tx, new Date(at.getTime() - HOURLY_RETENTION_DAYS * DAY_MS));
      await ratesRepository.bumpVersion(tx);
    });
    await load();
    return true;
  }

  function schedule(delayMs: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick()
        .catch((error: unknown) =>
          options.log?.warn({ err: error }, 'rates: tick failed; keeping the last rates'),
        )
        .finally(() => {
          running = undefined;
          schedule(tickMs);
        });
    }, delayMs);
    // The ticker alone must not keep a process alive (CLI commands, tests).
    timer.unref();
  }

  return {
    /** Answers built from the current rates; cleared whenever the rates version changes. */
    responses,

    /** The rates in memory, loading them on first use and checking for a newer version when due. */
    async view(): Promise<RatesView> {
      if (!current) {
        loading ??= load().finally(() => {
          loading = undefined;
        });
        return loading;
      }
      if (Date.now() - checkedAt >= refreshMs && !checking) {
        checking = checkVersion().finally(() => {
          checking = undefined;
        });
      }
      return current;
    },

    /** Reloads from PostgreSQL now. */
    reload: load,

    /**
     * Applies one tick if this instance wins it (or always with `force`). Returns whether it applied.
     * Exposed for the admin command and the tests; the ticker calls it on its schedule.
     */
    tick,

    /** Starts the ticker (every RATES_TICK_SECONDS). */
    start(): void {
      if (!stopped) return;
      stopped = false;
      options.log?.info(
        { provider: provider.name, tickSeconds: options.tickSeconds },
        'rates ticker started',
      );
      // Try a tick right away: after downtime it closes the history gap at once (and it is a no-op when
      // another instance ticked recently).
      schedule(0);
    },

    /** Stops the ticker and waits for a tick in progress. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },

    /** Stored closes of `<coin>/USD` since `since`, oldest first. */
    history(coin: string, granularity: Granularity, since: Date) {
      return ratesRepository.history(db, coin, 'USD', granularity, since);
    },

    now,
  };
}

export type RatesService = ReturnType<typeof createRatesService>;

/**
 * Units of `fiat` for one `coin` (`BTC` in `EUR`): BTC/USD x USD/EUR, exact, then rounded half-up to
 * 8 decimals. Undefined when either leg is missing. `coin` may be `USD` (then it is just USD/fiat).
 */
export function fiatPerUnit(view: RatesView, coin: string, fiat: string): string | undefined {
  const usdFiat = view.usdFiat.get(fiat);
  const coinUsd = coin === 'USD' ? '1' : view.cryptoUsd.get(coin);
  if (usdFiat === undefined || coinUsd === undefined) return undefined;
  return formatDecimal(rescale(multiply(parseDecimal(coinUsd), parseDecimal(usdFiat)), 8, 'half-up'));
}
