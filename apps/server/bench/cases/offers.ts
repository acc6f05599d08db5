import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Database } from '../../src/platform/db/client.js';
import type { Config } from '../../src/platform/config.js';
import { seedOffers } from '../../src/modules/offers/seed.js';
import type { BenchCase } from '../lib.js';
import { benchSession } from '../sessions.js';
import { sql } from 'drizzle-orm';

/** The marketplace a busy instance would hold (issue "Offers": 100,000 offers); BENCH_OFFERS changes it. */
export const BENCH_OFFERS = Number(process.env.BENCH_OFFERS ?? 100_000);

const FIRST_PAGE = '/rest/v1/offers?type=buy&currency=USD&limit=20';
/** The typical query: method + currency + amount, sorted by price, 50 per page. */
export const FILTERED =
  '/rest/v1/offers?type=buy&currency=USD&payment-method=bank-transfer&fiat-min=100&sort=crypto_usd_price_asc&limit=50';

/** The release-time order of the first page's market. */
const RELEASE_ORDER = `${FIRST_PAGE}&sort=release_time_asc`;

type SearchPage = {
  data: {
    searchId: string;
    nextPageId: string | null;
    offers: { hash: string; owner: { username: string } }[];
  };
};

/**
 * Marketplace search on the benchmark market at a fixed rate (the rates ticker does not run in the
 * bench, so every request prices with the same rates version), as a visitor and as logged-in traders:
 * `trader` (a plain account in the US), and `overlay` (a favourite and a blocked owner on the first
 * page, so its answer is assembled for it). The requests are filled in by `setup`: the later pages need
 * a cursor that only a first page can give. `viewerHeaders` is the trader's session for run.ts.
 */
export function offersCase(
  config: Config,
  db: Database['db'],
): BenchCase & { viewerHeaders: Record<string, string> } {
  const requests: BenchCase['requests'] = [];
  const viewerHeaders: Record<string, string> = {};
  return {
    name: 'offers',
    requests,
    viewerHeaders,
    async setup(app: FastifyInstance) {
      const started = Date.now();
      const seeded = await seedOffers(db, {
        offers: BENCH_OFFERS,
        users: Math.max(200, Math.round(BENCH_OFFERS / 50)),
        prefix: 'bench_',
        bond: config.wallet.bond,
      });
      console.log(
        `[offers] seeded ${seeded.offers} offers for ${seeded.users} users in ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
      const trader = await benchSession(db, 'bench_trader');
      const overlay = await benchSession(db, 'bench_overlay');
      await db.execute(
        sql`UPDATE users SET country_iso = 'US' WHERE id IN (${trader.userId}, ${overlay.userId})`,
      );
      Object.assign(viewerHeaders, { cookie: trader.cookie });
      const first = await app.inject({ method: 'GET', url: FIRST_PAGE, headers: viewerHeaders });
      const page = first.json<SearchPage>();
      if (first.statusCode !== 200 || page.data.offers.length < 2 || !page.data.nextPageId) {
        throw new Error(`offers bench: the first page is empty or failed (${first.statusCode})`);
      }
      const [favourite, blocked] = page.data.offers as [
        SearchPage['data']['offers'][0],
        SearchPage['data']['offers'][0],
      ];
      await db.execute(sql`INSERT INTO offer_favorites (user_id, offer_id)
        SELECT ${overlay.userId}, id FROM offers WHERE hash = ${favourite.hash}`);
      await db.execute(sql`INSERT INTO user_relations (user_id, target_user_id, kind)
        SELECT ${overlay.userId}, id, 'blocked' FROM users WHERE username = ${blocked.owner.username}`);
      const next = `${FIRST_PAGE}&searchId=${page.data.searchId}&page_id=${encodeURIComponent(page.data.nextPageId)}`;
      const offer = `/rest/v1/offers/${favourite.hash}`;
      const asTrader = { cookie: trader.cookie };
      requests.push(
        { title: 'trivial, logged in (session lookup)', path: '/bench/trivial', headers: asTrader },
        { title: 'search, first page, visitor', path: FIRST_PAGE },
        { title: 'search, first page, trader', path: FIRST_PAGE, headers: asTrader },
        {
          title: 'search, first page, trader with overlay',
          path: FIRST_PAGE,
          headers: { cookie: overlay.cookie },
        },
        { title: 'search, method + currency + amount (50), visitor', path: FILTERED },
        { title: 'search, method + currency + amount (50), trader', path: FILTERED, headers: asTrader },
        { title: 'search, next page (cursor), trader', path: next, headers: asTrader },
        // The owners' 30-day release time first (decision 0050): the bench market has no trade history,
        // so this measures what the release order adds (every candidate's owner probed) over the price order.
        { title: 'search, fastest release first, trader', path: RELEASE_ORDER, headers: asTrader },
        { title: 'offer page, visitor', path: offer },
        { title: 'offer page, trader', path: offer, headers: asTrader },
        {
          // The offer page's "ID not verified" notice: the trade limits in the offer's currency.
          title: 'trade limits in EUR, trader',
          path: '/rest/v1/limits/trade-level-limitations?fiatCurrencyCode=EUR',
          headers: asTrader,
        },
      );
    },
  };
}

type Statement = { text: string; values: unknown[] };
type QueryFn = (text: string, values: unknown[]) => Promise<unknown>;

/**
 * Captures the marketplace's SQL statement as the driver receives it (text and parameters), by
 * wrapping the driver's `query` while one request runs. Bench-only: the application code is unchanged.
 */
export async function captureSearchStatement(
  database: Database,
  run: () => Promise<void>,
): Promise<Statement> {
  let captured: Statement | undefined;
  const isSearch = (text: string) => text.includes('FROM offers o JOIN users u') && text.includes('LIMIT');
  const proto = (database.kind === 'postgres' ? pg.Client.prototype : PGlite.prototype) as unknown as {
    query: (...args: unknown[]) => Promise<unknown>;
  };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
    // pg: query(text, values) or query({ text, values? }, values); PGlite: query(text, values, options).
    const values =
      typeof first === 'string' || Array.isArray(second)
        ? (second as unknown[] | undefined)
        : (first as { values?: unknown[] } | undefined)?.values;
    if (text && isSearch(text)) captured = { text, values: values ?? [] };
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    proto.query = original;
  }
  if (!captured) throw new Error('offers bench: the search statement was not captured');
  return captured;
}

/** Runs the captured statement straight on the driver: no HTTP, no ORM, no presentation. */
export function bareQuery(
  database: Database,
  url: string | undefined,
): { query: QueryFn; close(): Promise<void> } {
  if (database.kind === 'postgres' && url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return { query: (text, values) => pool.query(text, values), close: () => pool.end() };
  }
  if (!database.pglite) throw new Error('offers bench: no PGlite handle');
  const lite = database.pglite;
  return { query: (text, values) => lite.query(text, values), close: async () => {} };
}

/** Latency percentiles of `work` run from `concurrency` loops for `seconds`. */
export async function latencyOf(seconds: number, concurrency: number, work: () => Promise<unknown>) {
  const samples: number[] = [];
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const start = process.hrtime.bigint();
        await work();
        samples.push(Number(process.hrtime.bigint() - start) / 1e6);
      }
    }),
  );
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
  return { count: samples.length, perSecond: samples.length / seconds, p50: at(0.5), p99: at(0.99) };
}
