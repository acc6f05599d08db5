import fs from 'node:fs';
import net from 'node:net';
import { loadConfig } from '../platform/config.js';
import { databaseOptionsFromConfig, openDatabase } from '../platform/db/client.js';
import { adminSocketPath, type AdminResponse } from '../platform/admin-socket/protocol.js';
import { claimDataDir } from '../platform/admin-socket/server.js';
import { restrictNewFileModes } from '../platform/data-dir/permissions.js';
import {
  adminHelpText,
  isNodeCommand,
  runAdminCommand,
  runNodeCommand,
  type AdminResult,
} from './commands.js';

/** Sends the command to a running server; undefined when none listens on the socket. */
function viaSocket(socketPath: string, argv: string[]): Promise<AdminResult | undefined> {
  return new Promise((resolve, reject) => {
    if (!fs.existsSync(socketPath)) return resolve(undefined);
    const socket = net.connect(socketPath);
    let buffer = '';
    let connected = false;
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
      socket.write(JSON.stringify({ argv }) + '\n');
    });
    socket.on('data', (chunk: string) => (buffer += chunk));
    socket.on('end', () => {
      try {
        resolve(JSON.parse(buffer) as AdminResponse);
      } catch {
        reject(new Error('the running server sent a malformed answer'));
      }
    });
    socket.on('error', (error) => (connected ? reject(error) : resolve(undefined)));
  });
}

/**
 * `npm run admin -- <command>`: reads the same configuration as the server. With the embedded
 * database it goes through a running server's admin socket, or opens the data directory itself when
 * no server runs. With DATABASE_URL it connects to PostgreSQL directly.
 */
async function main(): Promise<number> {
  // Opening the data directory directly creates database files: owner-only, like the server's.
  restrictNewFileModes();
  const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') {
    // Help needs no database: answer it without touching the data directory.
    process.stdout.write(adminHelpText() + '\n');
    return argv.length === 0 ? 2 : 0;
  }
  if (isNodeCommand(argv[0])) {
    // A chain node's command: this process's settings, no data directory, no running server involved.
    const result = await runNodeCommand({ config }, argv);
    (result.exitCode === 0 ? process.stdout : process.stderr).write(result.output + '\n');
    return result.exitCode;
  }
  let result = config.databaseUrl ? undefined : await viaSocket(adminSocketPath(config.dataDir), argv);
  if (!result) {
    await claimDataDir(config);
    const database = await openDatabase(databaseOptionsFromConfig(config));
    try {
      await database.migrate();
      result = await runAdminCommand({ db: database.db, config }, argv);
    } finally {
      await database.close();
    }
  }
  (result.exitCode === 0 ? process.stdout : process.stderr).write(result.output + '\n');
  return result.exitCode;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`admin: ${(error as Error).message}\n`);
    process.exit(1);
  },
);
