import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../platform/db/client.js';
import { onPostgres } from '../../../test/db.js';
import { checkLedger } from './check.js';

const serverDir = fileURLToPath(new URL('../../..', import.meta.url));

/** Crash test: a process killed with SIGKILL in the middle of a batch of transfers loses nothing. */
describe.skipIf(onPostgres())('ledger after a crash (PGlite data directory)', () => {
  it('should pass ledger:check after the writer is killed mid-batch, twice', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2p-crash-'));
    try {
      for (let round = 0; round < 2; round += 1) {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', 'test/fixtures/transfer-loop.ts', dataDir],
          { cwd: serverDir },
        );
        await new Promise<void>((resolve, reject) => {
          child.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
          child.on('exit', (code) => reject(new Error(`worker exited early (${code})`)));
        });
        await new Promise((r) => setTimeout(r, 700 + round * 400));
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGKILL');
        await exited;
        const database = await openDatabase({ kind: 'pglite', dataDir });
        try {
          const report = await checkLedger(database.db);
          expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
          expect(report.counts.transactions).toBeGreaterThan(4);
        } finally {
          await database.close();
        }
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
