import type { AddressInfo } from 'node:net';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { loadConfig, type Config } from './platform/config.js';
import { databaseOptionsFromConfig, openDatabase, type Database } from './platform/db/client.js';
import { runSeeds } from './seeds/index.js';
import { claimDataDir, startAdminSocket } from './platform/admin-socket/server.js';
import { runAdminCommand } from './cli/commands.js';
import { DEMO_LOGINS } from './seeds/demo-users.js';
import { startHousekeeping } from './platform/housekeeping/index.js';
import {
  assertBitcoinReady,
  assertChainAllowed,
  assertEvmStartable,
  chainFromConfig,
  convertSimulatedAddressesToTestForm,
  custodyViewsFromConfig,
  startChainMiner,
  startConfiguredEvmHotWallet,
  startConfiguredFollowers,
  startConfiguredPayouts,
  startHoldRelease,
  type ChainAdapter,
} from './modules/wallet/index.js';
import { startTradeExpiry } from './modules/trades/index.js';
import { startReservesPublication } from './modules/reserves/index.js';
import { restrictNewFileModes } from './platform/data-dir/permissions.js';
import {
  checkProductionDatabase,
  FIRST_ADMIN_HINT,
  productionStartWarnings,
} from './seeds/production-check.js';

/**
 * Process entry: configuration, database (migrated), seeds, HTTP server, the local admin socket, and
 * a graceful stop on SIGTERM/SIGINT (stop accepting, finish in-flight requests, close the database).
 */
async function main() {
  // Before anything writes: database files, uploads and the socket are the operator's alone.
  restrictNewFileModes();
  const config = loadConfig();
  // Bitcoin and Litecoin on a real network (CHAIN_BTC=esplora): a missing or invalid descriptor, hot wallet
  // key or node stops the start with every reason (decision 0056); the simulated chain needs nothing.
  await assertBitcoinReady(config);
  // The simulated chain's addresses belong to nobody: production runs on it only when the operator says
  // so (decision 0047). Refused before the data directory is touched, as DEMO_DATA=true is.
  const chain = chainFromConfig(config);
  assertChainAllowed(config, chain);
  // A real EVM chain starts only with a valid key and the right node and factory (decision 0059).
  if (config.chain.evm.mode === 'rpc') await assertEvmStartable(config);
  await claimDataDir(config);
  const database = await openDatabase(databaseOptionsFromConfig(config));
  await database.migrate();
  // Deposit addresses handed out as mainnet look-alikes by earlier versions take their test form.
  const converted = await convertSimulatedAddressesToTestForm(database.db, chain).catch(
    async (error: unknown) => {
      await database.close();
      throw error;
    },
  );
  // Demo logins with a published password never become reachable in production: refuse before serving.
  const production = await checkProductionDatabase(database.db, config).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  await runSeeds(database.db, config);
  const adminSocket = await startAdminSocket(config, database, runAdminCommand);

  const app = await buildApp({
    config,
    database,
    // Outside production, log lines are written at once, in order with the start-up summary below.
    logger: config.production
      ? undefined
      : { level: config.logLevel, stream: pino.destination({ sync: true }) },
  });
  // Commands run through the socket publish on this server's bus (e.g. dispute:award reaches the pages).
  adminSocket.provide({ events: app.events });
  app.rates.start();
  // Mail and SMS waiting from before a restart go out now; new ones as they are written.
  app.outbox.start();
  // Webhook deliveries due from before a restart go out now; new ones as they are queued (0043).
  app.webhookDeliveries.start();
  const housekeeping = startHousekeeping(database.db, config, app.log);
  const miner = startChainMiner(app.wallet, config.wallet.blockSeconds, app.log);
  // Each real network's follower reads its node: deposits, confirmations, reorganisations (0055).
  const followers = startConfiguredFollowers(database.db, config, chain, app.log);
  // Bitcoin and Litecoin withdrawals: one batch per network every <COIN>_BATCH_SECONDS, from the hot
  // wallet, followed to settlement (decision 0057). None on the simulated chain, none without a key.
  const payouts = startConfiguredPayouts(database.db, config, app.log);
  // The EVM hot wallet: sweeps the users' forwarders, sends and settles withdrawals (decision 0059).
  const evmHotWallet = startConfiguredEvmHotWallet(database.db, config, app.log);
  // Runs a sweep at once: trades whose window ended while the server was down are expired now.
  const tradeExpiry = startTradeExpiry(app.trades, config.trades.expirySweepSeconds, app.log);
  // Dispute awards whose appeal window ended (also while the server was down) become available (0048).
  const holdRelease = startHoldRelease(app.wallet, config.trades.expirySweepSeconds, app.log);
  // Proof of reserves: a snapshot every RESERVES_PUBLISH_SECONDS, one instance at a time (decision 0060).
  const reservesPublication = startReservesPublication({
    db: database.db,
    views: custodyViewsFromConfig(config, database.db),
    intervalSeconds: config.reserves.publishSeconds,
    log: app.log,
  });
  // Verification requests left without documents expire; documents due for erasure go (decision 0038).
  const kycSweep = setInterval(() => {
    app.kycRequests.sweep().catch((err: unknown) => app.log.warn({ err }, 'verification sweep failed'));
  }, 10 * 60_000);
  kycSweep.unref();
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'stopping after an error');
    else app.log.info({ signal }, 'stopping');
    housekeeping.stop();
    clearInterval(kycSweep);
    await miner.stop();
    await followers.stop();
    await payouts.stop();
    await evmHotWallet.stop();
    await tradeExpiry.stop();
    await holdRelease.stop();
    await reservesPublication.stop();
    await app.rates.stop();
    await app.close();
    await adminSocket.close();
    await database.close();
  });

  if (production.needsFirstAdmin) app.log.warn(FIRST_ADMIN_HINT);
  for (const warning of productionStartWarnings(config)) app.log.warn(warning);
  if (payouts.watchOnly.length > 0) {
    app.log.warn(
      { coins: payouts.watchOnly },
      'no hot wallet key (<COIN>_HOT_WALLET_KEY): these coins are watch-only, their withdrawals wait',
    );
  }
  if (converted > 0) {
    app.log.info({ converted }, 'simulated chain: deposit addresses moved to their test-network form');
  }
  if (config.production && chain.simulatedCoins.length > 0) {
    // Allowed by SIMULATED_CHAIN_IN_PRODUCTION (a staging server): said at every start, for the log.
    app.log.warn(
      { simulatedCoins: chain.simulatedCoins },
      'running the simulated chain in production (SIMULATED_CHAIN_IN_PRODUCTION=true): demo money only',
    );
  }
  await app.listen({ host: config.host, port: config.port });
  const summary = startupSummary(config, database.kind, chain, app.server.address());
  // Production logs stay JSON lines for log shippers; a developer's terminal gets a block to read.
  if (config.production) {
    app.log.info(summary.fields, `P2P Market is running at ${summary.url}`);
  } else {
    console.log(summary.text);
  }
}

/**
 * What a person starting the server needs first: where to open it, which database and data folder it
 * uses, whether demo data and real mail are on, where the API documentation is. No secrets: the
 * database and mail server are named by host only.
 */
function startupSummary(
  config: Config,
  databaseKind: Database['kind'],
  chain: Pick<ChainAdapter, 'simulatedCoins'>,
  address: string | AddressInfo | null,
) {
  const port = address && typeof address === 'object' ? address.port : config.port;
  // 0.0.0.0 and :: listen everywhere; this machine reaches them on the loopback address.
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const database =
    databaseKind === 'pglite'
      ? `embedded PGlite in ${path.join(config.dataDir, 'pglite')}`
      : `PostgreSQL at ${hostOf(config.databaseUrl, { withPath: true })}`;
  const mail = config.mail.smtpUrl
    ? `sent through ${hostOf(config.mail.smtpUrl)}`
    : 'not sent: kept in the outbox (an admin reads it at /admin/outbox)';
  const sms = config.mail.smsHttp ? `sent through ${hostOf(config.mail.smsHttp.url)}` : 'kept in the outbox';
  const rows: [string, string][] = [
    ['Database', database],
    ['Data folder', config.dataDir],
    ['Demo data', config.demoData ? 'on (logins below)' : 'off'],
    [
      'Chain',
      chain.simulatedCoins.length > 0
        ? 'simulated: demo money, test-network addresses (fund with npm run admin -- wallet:deposit)'
        : 'real',
    ],
    ['Mail', mail],
    ['SMS', sms],
    ['API docs', `${url}/docs`],
    ['Request logs', config.requestLogs ? 'on' : 'off (REQUEST_LOGS=true to show them)'],
  ];
  const lines = ['', `  P2P Market is running at ${url}`, ''];
  for (const [label, value] of rows) lines.push(`    ${label.padEnd(13)}${value}`);
  if (config.demoData) {
    lines.push('', '  Demo logins (username / password):');
    for (const login of DEMO_LOGINS) {
      lines.push(`    ${login.username.padEnd(10)} ${login.password}   (${login.role})`);
    }
  }
  return {
    url,
    text: `${lines.join('\n')}\n`,
    fields: {
      url,
      database: databaseKind,
      dataDir: config.dataDir,
      demoData: config.demoData,
      simulatedChainCoins: chain.simulatedCoins,
      mail: config.mail.smtpUrl ? 'smtp' : 'outbox',
      sms: config.mail.smsHttp ? 'http' : 'outbox',
      docs: `${url}/docs`,
    },
  };
}

/** `host:port` (and the path: a database's name) of a URL, never its user, password or query. */
function hostOf(url: string | undefined, { withPath = false } = {}): string {
  if (!url) return 'an unknown address';
  try {
    const parsed = new URL(url);
    return withPath && parsed.pathname !== '/' ? `${parsed.host}${parsed.pathname}` : parsed.host;
  } catch {
    return 'an unreadable address';
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
