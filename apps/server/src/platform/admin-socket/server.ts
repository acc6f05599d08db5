import fs from 'node:fs';
import net from 'node:net';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { AdminContext, AdminResult } from '../admin/index.js';
import { adminSocketPath, type AdminRequest, type AdminResponse } from './protocol.js';
import { secureDataDir } from '../data-dir/permissions.js';

export class DataDirInUseError extends Error {}

const canConnect = (socketPath: string) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * Fails when another server already holds this data directory (its socket answers), and removes a
 * stale socket left by a killed process. Call before opening PGlite: two processes on one data
 * directory would corrupt it. The tree is made private to this account first (uploads live there
 * with PostgreSQL too).
 */
export async function claimDataDir(config: Config): Promise<void> {
  if (config.databaseUrl) {
    if (fs.existsSync(config.dataDir)) secureDataDir(config.dataDir);
    return;
  }
  secureDataDir(config.dataDir);
  const socketPath = adminSocketPath(config.dataDir);
  if (!fs.existsSync(socketPath)) return;
  if (await canConnect(socketPath)) {
    throw new DataDirInUseError(`Another server is already running on ${config.dataDir}. Stop it first.`);
  }
  fs.rmSync(socketPath, { force: true });
}

export type AdminSocket = {
  /**
   * Hands the commands what the application built after the socket opened (its event bus). The socket
   * opens before the application so that no CLI process opens the data directory meanwhile.
   */
  provide(extra: Omit<AdminContext, 'db' | 'config'>): void;
  close(): Promise<void>;
};

/**
 * Serves operator commands to `npm run admin` on the socket, against this process's open database. `run` is the
 * command runner (`cli/commands.ts`'s `runAdminCommand`), passed in so the platform never imports the CLI.
 */
export async function startAdminSocket(
  config: Config,
  database: Database,
  run: (ctx: AdminContext, argv: string[]) => Promise<AdminResult>,
): Promise<AdminSocket> {
  let extra: Omit<AdminContext, 'db' | 'config'> = {};
  const provide = (more: Omit<AdminContext, 'db' | 'config'>) => {
    extra = { ...extra, ...more };
  };
  if (config.databaseUrl) return { provide, close: async () => {} };
  const socketPath = adminSocketPath(config.dataDir);
  const server = net.createServer((socket) => {
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      if (buffer.length > 65_536) socket.destroy();
      const newline = buffer.indexOf('\n');
      if (newline === -1) return;
      const line = buffer.slice(0, newline);
      void (async () => {
        let response: AdminResponse;
        try {
          const request = JSON.parse(line) as AdminRequest;
          if (!Array.isArray(request.argv) || !request.argv.every((a) => typeof a === 'string')) {
            throw new Error('malformed request');
          }
          response = await run({ ...extra, db: database.db, config }, request.argv);
        } catch (error) {
          response = { exitCode: 1, output: `admin: ${(error as Error).message}` };
        }
        socket.end(JSON.stringify(response) + '\n');
      })();
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  return {
    provide,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }),
  };
}
