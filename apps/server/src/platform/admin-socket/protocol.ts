import path from 'node:path';

/**
 * The admin socket: a Unix socket in DATA_DIR through which `npm run admin` reaches a running server.
 * PGlite lets only one process open a data directory, so while the server runs, the command line hands
 * its command to the server instead of opening the database itself. The socket file is mode 0600: only
 * the operator's own account (who could read the data directory anyway) can connect.
 * One JSON line in (`AdminRequest`), one JSON line out (`AdminResponse`).
 */
export type AdminRequest = { argv: string[] };
export type AdminResponse = { exitCode: number; output: string };

export const adminSocketPath = (dataDir: string): string => path.join(dataDir, 'admin.sock');
