import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/platform/config.js';
import { openDatabase } from '../src/platform/db/client.js';
import { runSeeds } from '../src/seeds/index.js';
import { catalogueCase } from './cases/catalogue.js';
import { shellCase } from './cases/shell.js';
import { readsCase } from './cases/reads.js';
import { coinCase } from './cases/coin.js';
import { runLedgerBench } from './cases/ledger.js';
import { runChatBench } from './cases/chat.js';
import { runTradesBench } from './cases/trades.js';
import { runStaffMessagesBench } from './cases/staff-messages.js';
import { runChainBench } from './cases/chain.js';
import { bareQuery, captureSearchStatement, FILTERED, latencyOf, offersCase } from './cases/offers.js';
import {
  formatTable,
  meanResult,
  measure,
  warmUp,
  type BenchCase,
  type BenchOptions,
  type BenchResult,
} from './lib.js';

/**
 * `npm run bench`: builds the real app on a seeded database (PGlite in memory, or PostgreSQL with
 * BENCH_DATABASE_URL), listens on 127.0.0.1 on a random port, and measures each case's requests against
 * a trivial route of the same server, with the same connections and duration, in one run.
 *
 * BENCH_CASES=catalogue,... picks cases; BENCH_CONNECTIONS (20), BENCH_DURATION (10 s) and BENCH_WARMUP
 * (2 s) tune the load. Loopback only, bounded durations.
 */

function intFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer`);
  return value;
}

async function main(): Promise<void> {
  const options: BenchOptions = {
    connections: intFromEnv('BENCH_CONNECTIONS', 20),
    durationSeconds: Math.min(intFromEnv('BENCH_DURATION', 10), 120),
    warmupSeconds: Math.min(intFromEnv('BENCH_WARMUP', 2), 30),
  };
  const wanted = process.env.BENCH_CASES?.split(',').map((name) => name.trim());

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2p-bench-'));
  const url = process.env.BENCH_DATABASE_URL;
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    // Anonymous marketplace searches share answers for this long (production default 2000 ms);
    // OFFER_SEARCH_CACHE_MS=0 measures every search computed, as logged-in searches always are.
    OFFER_SEARCH_CACHE_MS: process.env.OFFER_SEARCH_CACHE_MS ?? '2000',
    // Every request comes from 127.0.0.1: the limits run (their cost is part of each route) but never
    // refuse. RATE_LIMIT_SEARCH_PER_MINUTE=0 measures a search without its limiter.
    RATE_LIMIT_REGISTER_PER_HOUR: '1000000',
    RATE_LIMIT_CHAT_PER_MINUTE: '1000000',
    RATE_LIMIT_CHAT_PER_TRADE_PER_MINUTE: '1000000',
    RATE_LIMIT_UPLOADS_PER_HOUR: '1000000',
    RATE_LIMIT_SEARCH_PER_MINUTE: process.env.RATE_LIMIT_SEARCH_PER_MINUTE ?? '1000000',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...(url ? { DATABASE_URL: url } : {}),
  });
  const database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite' });
  await database.migrate();
  await runSeeds(database.db, config);
  const offers = offersCase(config, database.db);
  const allCases: BenchCase[] = [
    catalogueCase,
    offers,
    shellCase(database.db),
    readsCase(database),
    coinCase(database, config),
  ];
  const cases = allCases.filter((c) => !wanted || wanted.includes(c.name));
  const app = await buildApp({ config, database, logger: false });
  // The yardstick: the same server, plugins and hooks, with a handler that does nothing.
  app.get('/bench/trivial', async () => ({ data: { ok: true } }));
  // The chat case's control: a logged-in write that does nothing (the session read and CSRF check run).
  app.post('/bench/trivial', async () => ({ data: { ok: true } }));
  // The control: a route's captured answer (same bytes, same encoding) replayed by a handler with no
  // logic. route / replay is what the route's own code costs; replay / trivial is what its bytes cost.
  const replays: { body: Buffer; headers: Record<string, string> }[] = [];
  app.get<{ Params: { n: string } }>('/bench/replay/:n', async (request, reply) => {
    const replay = replays[Number(request.params.n)];
    if (!replay) return reply.code(404).send();
    return reply.headers(replay.headers).send(replay.body);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  try {
    console.log(
      `bench: node ${process.version}, ${os.cpus().length} CPUs, database ${database.kind}, ` +
        `${options.connections} connections, ${options.durationSeconds} s per route (+${options.warmupSeconds} s warm-up)`,
    );
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    for (const benchCase of cases) {
      await benchCase.setup?.(app);
      // Warm every route first, then measure the trivial route before and after the case's routes and
      // compare with the mean: a machine that slows down during the run slows both sides alike.
      await warmUp(base, '/bench/trivial', options, browser);
      for (const request of benchCase.requests) await warmUp(base, request.path, options, request.headers);
      const before = await measure(base, 'trivial', '/bench/trivial', options, browser);
      const results: BenchResult[] = [];
      for (const request of benchCase.requests) {
        results.push(await measure(base, request.title, request.path, options, request.headers));
        const captured = await app.inject({
          method: 'GET',
          url: request.path,
          headers: request.headers ?? {},
        });
        const headers: Record<string, string> = { 'content-type': String(captured.headers['content-type']) };
        if (captured.headers['content-encoding']) {
          headers['content-encoding'] = String(captured.headers['content-encoding']);
        }
        replays.push({ body: captured.rawPayload, headers });
        const replayPath = `/bench/replay/${replays.length - 1}`;
        await warmUp(base, replayPath, options);
        results.push(await measure(base, '  same bytes, no logic', replayPath, options));
      }
      const after = await measure(base, 'trivial', '/bench/trivial', options, browser);
      const baseline = meanResult(before, after);
      console.log(
        `\n[${benchCase.name}] trivial before ${before.requestsPerSecond.toFixed(0)} req/s, after ${after.requestsPerSecond.toFixed(0)} req/s`,
      );
      console.log(formatTable(baseline, results));
    }
    if (!wanted || wanted.includes('offers')) {
      // The typical search's SQL as the driver receives it, run bare at the same concurrency as the route.
      const concurrency = database.kind === 'postgres' ? options.connections : 1;
      // Past the shared pages' window, so the capture's request runs its SQL.
      await new Promise((resolve) => setTimeout(resolve, config.offers.searchCacheMs + 100));
      const statement = await captureSearchStatement(database, async () => {
        await app.inject({ method: 'GET', url: FILTERED, headers: offers.viewerHeaders });
      });
      const bare = bareQuery(database, url);
      try {
        const seconds = options.durationSeconds;
        await latencyOf(options.warmupSeconds, concurrency, () =>
          bare.query(statement.text, statement.values),
        );
        const sqlRun = await latencyOf(seconds, concurrency, () =>
          bare.query(statement.text, statement.values),
        );
        const route = await measure(
          base,
          'search, method + currency + amount (50)',
          FILTERED,
          { ...options, connections: concurrency },
          offers.viewerHeaders,
        );
        // The target's operating point: half of the rate the route saturates at, as an open load.
        const halfRate = Math.max(1, Math.floor(route.requestsPerSecond / 2));
        const half = await measure(
          base,
          'at half saturation',
          FILTERED,
          options,
          offers.viewerHeaders,
          halfRate,
        );
        console.log(
          `\n[offers] method + currency + amount search (logged-in trader) vs its bare SQL, ${concurrency} concurrent, ${seconds} s each`,
        );
        console.log(
          `  route      ${route.requestsPerSecond.toFixed(0)} req/s, p50 ${route.latencyP50Ms.toFixed(1)} ms, p99 ${route.latencyP99Ms.toFixed(1)} ms`,
        );
        console.log(
          `  bare SQL   ${sqlRun.perSecond.toFixed(0)} queries/s, p50 ${sqlRun.p50.toFixed(1)} ms, p99 ${sqlRun.p99.toFixed(1)} ms`,
        );
        console.log(
          `  ratio      ${(route.requestsPerSecond / sqlRun.perSecond).toFixed(2)} (route / bare SQL)`,
        );
        console.log(
          `  route at half saturation (${halfRate} req/s offered): p50 ${half.latencyP50Ms.toFixed(1)} ms, p99 ${half.latencyP99Ms.toFixed(1)} ms (target p99 < 50 ms)`,
        );
      } finally {
        await bare.close();
      }
    }
    if (!wanted || wanted.includes('chat')) {
      // Not an HTTP-rate case: chat delivery latency, POST to the other party's WebSocket (docs/benchmarks.md).
      const clients = intFromEnv('BENCH_CHAT_CLIENTS', 500);
      const senders = intFromEnv('BENCH_CHAT_SENDERS', 10);
      const chat = await runChatBench(app, database, base, {
        clients,
        senders,
        durationSeconds: options.durationSeconds,
      });
      const ms = (value: number) => `${value.toFixed(1)} ms`;
      console.log(
        `\n[chat] ${database.kind}, ${chat.clients} WebSocket clients on ${chat.trades} trades, ${senders} senders, ` +
          `${options.durationSeconds} s (setup ${chat.setupSeconds.toFixed(0)} s)`,
      );
      console.log(
        `  messages          ${chat.messages} delivered (${chat.perSecond.toFixed(0)}/s), ${chat.lost} lost`,
      );
      console.log(
        `  delivery          p50 ${ms(chat.delivery.p50)}, p90 ${ms(chat.delivery.p90)}, p99 ${ms(chat.delivery.p99)}, max ${ms(chat.delivery.max)}`,
      );
      console.log(`  POST answered     p50 ${ms(chat.post.p50)}, p99 ${ms(chat.post.p99)}`);
      console.log(`  bus -> socket     p50 ${ms(chat.fanOut.p50)}, p99 ${ms(chat.fanOut.p99)}`);
      console.log(
        `  trivial POST      ${chat.control.perSecond.toFixed(0)}/s, p99 ${ms(chat.control.p99)} (same senders, session + CSRF, no work): ` +
          `chat = ${(chat.perSecond / chat.control.perSecond).toFixed(2)} of it`,
      );
      if (chat.lost > 0) process.exitCode = 1;
    }
    if (!wanted || wanted.includes('staff-messages')) {
      // Not a GET case: a moderator's messages to the parties through the console (decision 0052).
      const disputes = intFromEnv('BENCH_STAFF_DISPUTES', 10);
      const result = await runStaffMessagesBench(database, base, {
        disputes,
        durationSeconds: options.durationSeconds,
      });
      const ms = (value: number) => `${value.toFixed(1)} ms`;
      console.log(
        `\n[staff-messages] ${database.kind}, one moderator writing to ${disputes} disputes at once, ` +
          `${options.durationSeconds} s (setup ${result.setupSeconds.toFixed(0)} s)`,
      );
      const line = (name: string, run: typeof result.staff) =>
        `  ${name} ${run.perSecond.toFixed(0)}/s, p50 ${ms(run.p50)}, p99 ${ms(run.p99)} (${run.failed} failed${run.firstError ? `: ${run.firstError}` : ''})`;
      console.log(line('staff message', result.staff));
      console.log(line('trivial POST ', result.control));
      console.log(
        `  ratio         ${(result.staff.perSecond / result.control.perSecond).toFixed(2)} (staff / trivial)`,
      );
      if (result.staff.failed > 0) process.exitCode = 1;
    }
    if (!wanted || wanted.includes('ledger')) {
      // Not an HTTP case: ledger.transfer against the same transaction as bare SQL (docs/benchmarks.md).
      const concurrency = intFromEnv('BENCH_LEDGER_CONCURRENCY', database.kind === 'postgres' ? 8 : 1);
      const result = await runLedgerBench(database, url, {
        durationSeconds: options.durationSeconds,
        concurrency,
        accounts: 50,
      });
      console.log(
        `\n[ledger] ${database.kind}, ${concurrency} concurrent writers, 50 accounts, ${options.durationSeconds} s each`,
      );
      console.log(
        `  ledger.transfer   ${result.ours.perSecond.toFixed(0)} transfers/s (${result.ours.failed} failed)`,
      );
      console.log(
        `  bare SQL          ${result.bareSql.perSecond.toFixed(0)} transfers/s (${result.bareSql.failed} failed)`,
      );
      console.log(`  ratio             ${result.ratio.toFixed(2)} (target >= 0.5)`);
      console.log(`  ledger:check      ${result.checkOk ? 'OK' : 'FAILED'} (${result.check})`);
      if (!result.checkOk) process.exitCode = 1;
    }
    if (!wanted || wanted.includes('trades')) {
      // Not an HTTP case: complete trades (start, paid, release) through the service vs bare SQL.
      const concurrency = intFromEnv('BENCH_LEDGER_CONCURRENCY', database.kind === 'postgres' ? 8 : 1);
      const slices = Math.max(1, intFromEnv('BENCH_TRADES_SLICES', 5));
      const result = await runTradesBench(app, database, url, {
        durationSeconds: options.durationSeconds,
        concurrency,
        slices,
      });
      console.log(
        `\n[trades] ${database.kind}, ${concurrency} concurrent workers (own seller, offer, buyer), ${options.durationSeconds} s each, in ${slices} alternating slices`,
      );
      const line = (name: string, run: typeof result.ours) =>
        `  ${name} ${run.perSecond.toFixed(1)} complete trades/s (${run.failed} failed${run.firstError ? `: ${run.firstError}` : ''})`;
      console.log(line('trades service', result.ours));
      console.log(line('bare SQL      ', result.bareSql));
      console.log(`  ratio          ${result.ratio.toFixed(2)} (service / bare SQL)`);
      if (result.statements) {
        const { start, paid, release, texts } = result.statements;
        console.log(
          `  statements     start ${start}, paid ${paid}, release ${release} (bare SQL: 9, 4, 10 with BEGIN/COMMIT)`,
        );
        if (process.env.BENCH_TRACE === '1') {
          for (const text of texts) console.log(`    ${text.replace(/\s+/g, ' ').slice(0, 160)}`);
        }
      }
      console.log(`  ledger:check   ${result.checkOk ? 'OK' : 'FAILED'} (${result.check})`);
      if (!result.checkOk || result.ours.failed > 0 || result.bareSql.failed > 0) process.exitCode = 1;
    }
    if (!wanted || wanted.includes('chain')) {
      // Not an HTTP case, and last: its 100,000 watched addresses are 100,000 users (decision 0055).
      const result = await runChainBench(database, {
        watched: intFromEnv('BENCH_CHAIN_ADDRESSES', 100_000),
        transactions: intFromEnv('BENCH_CHAIN_TRANSACTIONS', 3_000),
        rounds: Math.max(1, intFromEnv('BENCH_CHAIN_ROUNDS', 3)),
      });
      console.log(
        `\n[chain] ${database.kind}, ${result.watched} watched addresses (setup ${result.setupSeconds.toFixed(0)} s, ` +
          `first pass loading them ${result.watchLoadMs.toFixed(0)} ms)`,
      );
      for (const block of result.blocks) {
        console.log(
          `  block of ${block.transactions} transactions, ${block.ours} to watched addresses: ` +
            `${block.ms.toFixed(0)} ms per follower pass (${block.recorded} deposits recorded, ${block.credited} credited; target < 1000 ms)`,
        );
      }
      const { batch } = result;
      console.log(
        `  200 withdrawals built and signed: ${batch.ms.toFixed(0)} ms (${batch.inputs} inputs, ${batch.outputs} outputs, ` +
          `${batch.vsize} vB, fee ${batch.fee} sat; target < 2000 ms)`,
      );
    }
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
