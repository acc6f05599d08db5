import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { makeTreePrivate } from '../data-dir/permissions.js';
import { trackCommittedChanges, type ChangeFeed } from './changes.js';

/**
 * One type for both drivers: modules never know which database they talk to. Tables live beside the
 * code that owns them (`platform/db/schema.ts`, `modules/<domain>/tables.ts`) and are imported directly.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle; repositories take it explicitly for every write. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations', import.meta.url));

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the migrations that have not run yet. */
  migrate(): Promise<void>;
  /** Checks the database answers (for /readyz). */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The PGlite instance, when embedded (tests dump and load data directories through it). */
  pglite?: PGlite;
  /** Which users' data each committed transaction changed (platform/db/changes.ts). */
  changes: ChangeFeed;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File };

// pg returns NUMERIC and BIGINT as strings by default, which is what money needs; timestamps stay Dates.

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client whose connection the server ends (restart, failover) emits 'error' on the pool;
    // without a listener that would crash the process. The pool replaces the client on next use.
    // pool.end() resolves before every socket has closed, so errors after close() are expected noise.
    let ending = false;
    pool.on('error', (error) => {
      if (!ending) console.error(`database: idle connection lost (${error.message})`);
    });
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      changes: trackCommittedChanges(db),
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR }),
      ping: async () => {
        await pool.query('SELECT 1');
      },
      close: () => {
        ending = true;
        return pool.end();
      },
    };
  }
  // The folders PGlite's directory sits in are owner-only too (only the entry points set the umask).
  if (options.dataDir) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true, mode: 0o700 });
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  // PGlite sets modes itself while it creates a database (its initial files come out 0666) and each
  // time it opens one (0644 relation caches), whatever the umask: narrow them once it is open.
  if (options.dataDir) makeTreePrivate(options.dataDir);
  const db = drizzlePglite(pglite) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    changes: trackCommittedChanges(db),
    pglite,
    migrate: () => migratePglite(drizzlePglite(pglite), { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await pglite.query('SELECT 1');
    },
    close: () => pglite.close(),
  };
}

/** The database the configuration names: a PostgreSQL server when `DATABASE_URL` is set, else PGlite. */
export function databaseOptionsFromConfig(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): DatabaseOptions {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') };
}
