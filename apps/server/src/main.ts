import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { loadConfig } from './platform/config.js';
import { databaseOptionsFromConfig, openDatabase } from './platform/db/client.js';
import { runSeeds } from './seeds/index.js';
import { claimDataDir, startAdminSocket } from './platform/admin-socket/server.js';
import { runAdminCommand } from './cli/commands.js';
import { DEMO_LOGINS } from './seeds/demo-users.js';
import { startHousekeeping } from './platform/housekeeping/index.js';
import { startChainMiner } from './modules/wallet/index.js';
import { startTradeExpiry } from './modules/trades/index.js';
import { restrictNewFileModes } from './platform/data-dir/permissions.js';
import { checkProductionDatabase, FIRST_ADMIN_HINT } from './seeds/production-check.js';

/**
 * Process entry: configuration, database (migrated), seeds, HTTP server, the local admin socket, and
 * a graceful stop on SIGTERM/SIGINT (stop accepting, finish in-flight requests, close the database).
 */
async function main() {
  // Before anything writes: database files, uploads and the socket are the operator's alone.
  restrictNewFileModes();
  const config = loadConfig();
  await claimDataDir(config);
  const database = await openDatabase(databaseOptionsFromConfig(config));
  await database.migrate();
  // Demo logins with a published password never become reachable in production: refuse before serving.
  const production = await checkProductionDatabase(database.db, config).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  await runSeeds(database.db, config);
  const adminSocket = await startAdminSocket(config, database, runAdminCommand);

  const app = await buildApp({ config, database });
  // Commands run through the socket publish on this server's bus (e.g. dispute:award reaches the pages).
  adminSocket.provide({ events: app.events });
  app.rates.start();
  // Mail and SMS waiting from before a restart go out now; new ones as they are written.
  app.outbox.start();
  // Webhook deliveries due from before a restart go out now; new ones as they are queued (0043).
  app.webhookDeliveries.start();
  const housekeeping = startHousekeeping(database.db, config, app.log);
  const miner = startChainMiner(app.wallet, config.wallet.blockSeconds, app.log);
  // Runs a sweep at once: trades whose window ended while the server was down are expired now.
  const tradeExpiry = startTradeExpiry(app.trades, config.trades.expirySweepSeconds, app.log);
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
    await tradeExpiry.stop();
    await app.rates.stop();
    await app.close();
    await adminSocket.close();
    await database.close();
  });

  await app.listen({ host: config.host, port: config.port });
  const url = `http://${config.host}:${config.port}`;
  const lines = [
    '',
    `  P2P Market is running at ${url}`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  API documentation: ${url}/docs`,
  ];
  if (config.demoData) {
    lines.push('  Demo logins (username / password):');
    for (const login of DEMO_LOGINS) {
      lines.push(`    ${login.username.padEnd(10)} ${login.password}   (${login.role})`);
    }
  }
  if (production.needsFirstAdmin) lines.push(`  ${FIRST_ADMIN_HINT}`);
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
