import fs from 'node:fs';
import net from 'node:net';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { runAdminCommand } from '../../cli/commands.js';
import { adminSocketPath, type AdminRequest, type AdminResponse } from './protocol.js';

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
 * directory would corrupt it.
 */
export async function claimDataDir(config: Config): Promise<void> {
  if (config.databaseUrl) return;
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const socketPath = adminSocketPath(config.dataDir);
  if (!fs.existsSync(socketPath)) return;
  if (await canConnect(socketPath)) {
    throw new DataDirInUseError(`Another server is already running on ${config.dataDir}. Stop it first.`);
  }
  fs.rmSync(socketPath, { force: true });
}

/** Serves admin commands on the socket, against this process's open database. */
export async function startAdminSocket(
  config: Config,
  database: Database,
): Promise<{ close(): Promise<void> }> {
  if (config.databaseUrl) return { close: async () => {} };
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
          response = await runAdminCommand({ db: database.db, config }, request.argv);
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
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }),
  };
}
