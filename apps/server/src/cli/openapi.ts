import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../platform/config.js';
import { openDatabase } from '../platform/db/client.js';

/**
 * `npm run openapi -- [file]`: writes the OpenAPI document the server serves at /docs/json, without a
 * running server or a configured database (an in-memory PGlite, a throwaway DATA_DIR). The typed client
 * (packages/client) and the document's lint are built from this file.
 */
const target = process.argv[2];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2p-openapi-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DEMO_DATA: 'false',
  DATA_DIR: dataDir,
  WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  DATABASE_URL: '',
});
const database = await openDatabase({ kind: 'pglite' });
try {
  await database.migrate();
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const text = `${JSON.stringify(app.swagger(), null, 2)}\n`;
  await app.close();
  if (target) fs.writeFileSync(target, text);
  else process.stdout.write(text);
} finally {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
