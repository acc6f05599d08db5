import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { FIRST_ADMIN_HINT, NO_MAIL_SERVER_WARNING } from '../src/seeds/production-check.js';
import { openDatabase } from '../src/platform/db/client.js';
import { users } from '../src/platform/db/schema.js';
import { depositAddresses } from '../src/modules/wallet/tables.js';
import { BITCOIN_MAINNET_ADDRESS } from './addresses.js';
import { freePort, login, loginStatus, pathsOpenToOthers, run, startServer, stop } from './server-process.js';

/**
 * A production start as an operator runs it (decision 0015): no demo data on a fresh data directory,
 * the first administrator made with the admin command line, and a data directory nobody else can read,
 * even one created world-writable before the first start. The only chain is the simulated one, so the
 * start is refused until the operator says it is meant (decision 0047): a staging server.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'the server process in production',
  { timeout: 240_000 },
  () => {
    let scratch: string;
    let dataDir: string;
    let outsideFile: string;
    let env: Record<string, string>;
    let base: string;

    beforeAll(async () => {
      scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'p2p-prod-'));
      dataDir = path.join(scratch, 'data');
      // What an earlier version or a careless copy leaves: an open folder with readable files in it.
      fs.mkdirSync(path.join(dataDir, 'uploads', 'trades'), { recursive: true });
      fs.chmodSync(dataDir, 0o777);
      fs.chmodSync(path.join(dataDir, 'uploads'), 0o777);
      fs.chmodSync(path.join(dataDir, 'uploads', 'trades'), 0o755);
      fs.writeFileSync(path.join(dataDir, 'notes.txt'), 'operator notes');
      fs.chmodSync(path.join(dataDir, 'notes.txt'), 0o644);
      fs.writeFileSync(path.join(dataDir, 'uploads', 'trades', 'old-file'), 'x');
      fs.chmodSync(path.join(dataDir, 'uploads', 'trades', 'old-file'), 0o666);
      // A link out of the tree: its target is not the server's to change.
      outsideFile = path.join(scratch, 'outside.txt');
      fs.writeFileSync(outsideFile, 'not ours');
      fs.chmodSync(outsideFile, 0o644);
      fs.symlinkSync(outsideFile, path.join(dataDir, 'outside-link'));
      expect(pathsOpenToOthers(dataDir).length).toBeGreaterThan(0);

      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      env = {
        NODE_ENV: 'production',
        APP_ENV: 'production',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SIMULATED_CHAIN_IN_PRODUCTION: 'true',
      };
    });
    afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

    it('should refuse DEMO_DATA=true in production before touching the data directory', async () => {
      const result = await run(['src/main.ts'], { ...env, DEMO_DATA: 'true' }, 60_000);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('DEMO_DATA: must be false in production');
      expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    });

    it('should refuse the simulated chain in production unless the operator says so, before touching the data directory', async () => {
      for (const production of [{ NODE_ENV: 'production' }, { APP_ENV: 'production' }]) {
        const result = await run(
          ['src/main.ts'],
          {
            ...env,
            NODE_ENV: undefined,
            APP_ENV: undefined,
            ...production,
            SIMULATED_CHAIN_IN_PRODUCTION: undefined,
          },
          60_000,
        );
        expect(result.code).toBe(1);
        expect(result.stderr).toContain(
          'Refusing to run the simulated chain in production (BTC, LTC, ETH, USDT, USDC, XMR)',
        );
        expect(result.stderr).toContain('SIMULATED_CHAIN_IN_PRODUCTION=true');
        expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
      }
      // A value that means neither yes nor no is refused by name, not read as "no".
      const typo = await run(['src/main.ts'], { ...env, SIMULATED_CHAIN_IN_PRODUCTION: 'staging' }, 60_000);
      expect(typo.code).toBe(1);
      expect(typo.stderr).toContain('SIMULATED_CHAIN_IN_PRODUCTION');
      expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    });

    it('should start with no demo accounts, hint at the first administrator, and keep the data private', async () => {
      const server = await startServer(env);
      try {
        const output = server.output();
        // SIMULATED_CHAIN_IN_PRODUCTION=true: the server runs, says so in its log and to every page.
        expect(output).toContain('running the simulated chain in production');
        const state = (await (await fetch(`${base}/rest/v1/app/initial-state`)).json()) as {
          data: { chain: { simulated: boolean } };
        };
        expect(state.data.chain.simulated).toBe(true);
        expect(output).not.toContain('Demo logins');
        expect(output).not.toContain('Demo-pass-1');
        expect(output).toContain(FIRST_ADMIN_HINT);
        // No SMTP_URL: the codes nobody would receive are named in a warning line (level 40).
        expect(output).toMatch(new RegExp(`"level":40,.*"msg":"${NO_MAIL_SERVER_WARNING.split('.')[0]}`));
        expect(await loginStatus(base, 'root', 'Demo-pass-1')).toBe(401);
        expect(await loginStatus(base, 'alice', 'Demo-pass-1')).toBe(401);
        for (const username of ['root', 'mod', 'alice', 'bob', 'carol', 'trader0001']) {
          expect((await fetch(`${base}/rest/v1/users/${username}`)).status).toBe(404);
        }

        // The database files PGlite wrote, the old files, the socket: nothing open to others.
        expect(pathsOpenToOthers(dataDir)).toEqual([]);
        expect(fs.statSync(outsideFile).mode & 0o777).toBe(0o644);
        expect(fs.statSync(path.join(dataDir, 'admin.sock')).mode & 0o777).toBe(0o600);

        // The first administrator, through the running server's socket; the password rules apply.
        const adminArgs = (password: string) => [
          'src/cli/admin.ts',
          'user:create',
          '--username',
          'ops_admin',
          '--email',
          'ops@example.com',
          '--password',
          password,
          '--role',
          'admin',
        ];
        const weak = await run(adminArgs('password'), env);
        expect(weak.code).toBe(1);
        expect(weak.stderr).toContain('--password');
        const created = await run(adminArgs('Str0ng-pass!'), env);
        expect(created.stderr).toBe('');
        expect(created.stdout).toMatch(/created user ops_admin \(id \d+, role admin\)/);
        expect(await loginStatus(base, 'ops_admin', 'Str0ng-pass!')).toBe(200);
      } finally {
        expect(await stop(server.child)).toBe(0);
      }
      expect(pathsOpenToOthers(dataDir)).toEqual([]);
    });

    it('should keep the data private when the command line opens it directly, and drop the hint once an admin exists', async () => {
      const direct = await run(
        [
          'src/cli/admin.ts',
          'user:create',
          '--username',
          'ops_mod',
          '--email',
          'mod@example.com',
          '--password',
          'Str0ng-pass!',
          '--role',
          'moderator',
        ],
        env,
      );
      expect(direct.stderr).toBe('');
      expect(direct.stdout).toMatch(/created user ops_mod/);
      expect(pathsOpenToOthers(dataDir)).toEqual([]);

      // With a mail server named, no warning about mail (nothing is sent in this test).
      const server = await startServer({ ...env, SMTP_URL: 'smtp://127.0.0.1:2525' });
      try {
        expect(server.output()).not.toContain(FIRST_ADMIN_HINT);
        expect(server.output()).not.toContain('SMTP_URL is not set');
        expect(await loginStatus(base, 'ops_mod', 'Str0ng-pass!')).toBe(200);
      } finally {
        expect(await stop(server.child)).toBe(0);
      }
    });

    it('should give the deposit addresses an earlier version left their test form when it starts', async () => {
      // What a data folder from before decision 0047 holds: a mainnet-format simulated address.
      const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
      try {
        const [admin] = await database.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.username, 'ops_admin'));
        await database.db
          .insert(depositAddresses)
          .values({ userId: admin!.id, cryptoCode: 'BTC', address: BITCOIN_MAINNET_ADDRESS });
      } finally {
        await database.close();
      }
      const server = await startServer(env);
      try {
        const session = await login(base, 'ops_admin', 'Str0ng-pass!');
        expect(session.status).toBe(200);
        const response = await fetch(`${base}/rest/v2/wallet/deposit-address?crypto_currency_code=BTC`, {
          headers: { cookie: session.cookie },
        });
        expect(response.status).toBe(200);
        expect(((await response.json()) as { data: unknown }).data).toMatchObject({
          address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
          network: 'Bitcoin regtest',
          simulated: true,
        });
      } finally {
        expect(await stop(server.child)).toBe(0);
      }
      const database2 = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
      try {
        const rows = await database2.db
          .select({ address: depositAddresses.address })
          .from(depositAddresses)
          .where(
            and(
              eq(depositAddresses.cryptoCode, 'BTC'),
              eq(depositAddresses.address, BITCOIN_MAINNET_ADDRESS),
            ),
          );
        expect(rows).toEqual([]);
      } finally {
        await database2.close();
      }
    });
  },
);
