import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run as runOrKill } from './server-process.js';

/**
 * The real process, as an operator runs it: `npm start`'s server on an embedded data directory, the
 * admin command line beside it, a second start refused, SIGTERM stopping cleanly, data kept.
 */
const serverDir = fileURLToPath(new URL('..', import.meta.url));

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

type Run = { code: number | null; stdout: string; stderr: string };

function run(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: serverDir,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

async function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env },
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d));
  child.stderr!.on('data', (d: Buffer) => (output += d));
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (output.includes('is running at')) return { child, output: () => output };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${output}`);
}

const stop = (child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });

// A fresh start seeds a year of rates (~10 s alone, more while other test files load the CPU).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'the server process on the embedded database',
  { timeout: 180_000 },
  () => {
    let dataDir: string;
    let env: Record<string, string>;
    let base: string;

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2p-proc-'));
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      env = {
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DEMO_DATA: 'true',
      };
      delete process.env.DATABASE_URL;
    });
    afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    it('should start, print the URL and demo logins, and refuse a second server on the same data', async () => {
      const server = await startServer(env);
      try {
        expect(server.output()).toContain(`running at ${base}`);
        expect(server.output()).toMatch(/alice\s+Demo-pass-1/);
        expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ status: 'ready', database: 'pglite' });

        const second = await run(['src/main.ts'], { ...env, PORT: '0' });
        expect(second.code).toBe(1);
        expect(second.stderr).toContain('Another server is already running');

        // The admin command line reaches the running server through its socket.
        const created = await run(
          [
            'src/cli/admin.ts',
            'user:create',
            '--username',
            'ops_mod',
            '--email',
            'ops@example.com',
            '--password',
            'Str0ng-pass!',
            '--role',
            'moderator',
          ],
          env,
        );
        expect(created.stderr).toBe('');
        expect(created.stdout).toMatch(/created user ops_mod \(id \d+, role moderator\)/);
        const invalid = await run(
          ['src/cli/admin.ts', 'user:set-state', '--username', 'ops_mod', '--state', 'sleepy'],
          env,
        );
        expect(invalid.code).toBe(1);
        expect(invalid.stderr).toContain('--state');

        const csrf = await fetch(`${base}/rest/v1/auth/csrf`);
        const cookie = csrf.headers.get('set-cookie')!.split(';')[0]!;
        const { data } = (await csrf.json()) as { data: { csrfToken: string } };
        const login = await fetch(`${base}/rest/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': data.csrfToken },
          body: JSON.stringify({ login: 'ops_mod', password: 'Str0ng-pass!' }),
        });
        expect(login.status).toBe(200);
        expect(((await login.json()) as { data: { isModerator: boolean } }).data.isModerator).toBe(true);
      } finally {
        expect(await stop(server.child)).toBe(0);
      }
      expect(fs.existsSync(path.join(dataDir, 'admin.sock'))).toBe(false);
    });

    it('should run admin commands directly on the data directory when no server runs', async () => {
      const result = await run(
        ['src/cli/admin.ts', 'user:set-state', '--username', 'ops_mod', '--state', 'frozen'],
        env,
      );
      expect(result.stdout.trim()).toBe('user ops_mod is now frozen');
      const unknown = await run(['src/cli/admin.ts', 'user:fly'], env);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain('Unknown command');
    });

    it('should reuse the data on the next start and survive a stale socket left by a killed server', async () => {
      // A killed server leaves its socket file behind; the next start must clean it up.
      const first = await startServer(env);
      await stop(first.child, 'SIGKILL');
      const server = await startServer(env);
      try {
        const users = await run(
          ['src/cli/admin.ts', 'user:set-state', '--username', 'alice', '--state', 'active'],
          env,
        );
        expect(users.stdout.trim()).toBe('user alice is now active');
      } finally {
        expect(await stop(server.child)).toBe(0);
      }
    });

    it('should refuse a production start on this data, which holds the demo accounts', async () => {
      // Decision 0015: demo logins with a published password must never be reachable in production.
      const result = await runOrKill(
        ['src/main.ts'],
        // On a staging server's word for the simulated chain (0047), so the demo accounts are what is refused.
        { ...env, NODE_ENV: 'production', DEMO_DATA: undefined, SIMULATED_CHAIN_IN_PRODUCTION: 'true' },
        60_000,
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/Refusing to start in production: this database holds \d+ demo account/);
    });
  },
);
