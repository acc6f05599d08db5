import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/platform/config.js';
import { openDatabase } from '../src/platform/db/client.js';
import { runSeeds } from '../src/seeds/index.js';
import { seedOffers } from '../src/modules/offers/seed.js';

/**
 * What the search rate limit costs (docs/benchmarks.md, "rate limits"): the cached anonymous search with
 * the limiter off and on, visitors told apart by X-Forwarded-For, each row against the trivial route.
 * `node --import tsx bench/search-limiter.ts` in apps/server; BENCH_DATABASE_URL for PostgreSQL (a
 * throwaway database), BENCH_DURATION seconds per row (6).
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2p-limiter-bench-'));
const url = process.env.BENCH_DATABASE_URL;
const duration = Math.min(Number(process.env.BENCH_DURATION ?? 6), 60);
const base = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DEMO_DATA: 'false',
  TRUST_PROXY: 'true',
  OFFER_SEARCH_CACHE_MS: '2000',
  DATA_DIR: dataDir,
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  ...(url ? { DATABASE_URL: url } : {}),
};
const database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite' });
await database.migrate();
await runSeeds(database.db, loadConfig(base));
await seedOffers(database.db, {
  users: 300,
  offers: 5_000,
  prefix: `lb${Date.now().toString(36)}_`,
  bond: { amounts: {}, paymentGroups: [] },
});
// Two instances on one database: the limiter off, and on at its default.
const off = await buildApp({
  config: loadConfig({ ...base, RATE_LIMIT_SEARCH_PER_MINUTE: '0' }),
  database,
  logger: false,
});
const on = await buildApp({ config: loadConfig(base), database, logger: false });
for (const app of [off, on]) {
  app.get('/bench/trivial', async () => ({ data: { ok: true } }));
  await app.listen({ host: '127.0.0.1', port: 0 });
}
const urlOf = (app: typeof off) => {
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
};

const SEARCH = '/rest/v1/offers?type=buy&currency=USD&limit=20';
let visitor = 0;

/** Requests per second on `target + route`, a new visitor address every `perVisitor` requests. */
async function rate(target: string, route: string, perVisitor: number): Promise<number> {
  let sent = 0;
  const result = await autocannon({
    url: target,
    connections: 20,
    duration,
    requests: [
      {
        method: 'GET',
        path: route,
        setupRequest: (request) => {
          if (sent++ % perVisitor === 0) visitor += 1;
          const address = `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
          return { ...request, headers: { ...request.headers, 'x-forwarded-for': address } };
        },
      },
    ],
  });
  if (result.non2xx > 0) console.log(`  (${result.non2xx} answers were not 2xx)`);
  return result.requests.average;
}

const rows = [
  ['limiter off, a new address per request', off, 1],
  ['limiter on, 10 searches per visitor', on, 10],
  ['limiter on, a new address per request', on, 1],
] as const;
for (const [title, app, perVisitor] of rows) {
  await rate(urlOf(app), SEARCH, perVisitor); // warm-up
  const search = await rate(urlOf(app), SEARCH, perVisitor);
  const trivial = await rate(urlOf(app), '/bench/trivial', 1_000_000);
  console.log(
    `${title}: ${search.toFixed(0)} req/s, trivial ${trivial.toFixed(0)} req/s, ratio ${(search / trivial).toFixed(2)}`,
  );
}
await off.close();
await on.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
