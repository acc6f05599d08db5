import { loadConfig } from '../platform/config.js';
import { databaseOptionsFromConfig, openDatabase } from '../platform/db/client.js';
import { claimDataDir } from '../platform/admin-socket/server.js';
import { restrictNewFileModes } from '../platform/data-dir/permissions.js';

/** `npm run db:migrate`: applies pending migrations to the configured database, then exits. */
restrictNewFileModes();
const config = loadConfig();
await claimDataDir(config);
const database = await openDatabase(databaseOptionsFromConfig(config));
try {
  await database.migrate();
  console.log(`migrations applied (${database.kind})`);
} finally {
  await database.close();
}
