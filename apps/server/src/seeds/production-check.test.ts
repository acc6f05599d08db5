import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../cli/commands.js';
import { loadConfig } from '../platform/config.js';
import type { Database } from '../platform/db/client.js';
import { users } from '../platform/db/schema.js';
import { createTestDatabase } from '../../test/db.js';
import {
  checkProductionDatabase,
  DemoDataInProductionError,
  NO_MAIL_SERVER_WARNING,
  NO_SMS_PROVIDER_WARNING,
  productionStartWarnings,
} from './production-check.js';

describe('production start checks', () => {
  let database: Database;
  const production = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
  const development = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent' });

  // One database for the file (a copy takes seconds on a loaded machine); each test starts with no users.
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await database.db.delete(users);
  });
  afterAll(() => database.close());

  const insertUser = (username: string, extra: Partial<typeof users.$inferInsert> = {}) =>
    database.db.insert(users).values({
      username,
      email: `${username}@example.com`,
      passwordHash: 'not-a-hash',
      ...extra,
    });

  it('should ask production for a first administrator on an empty database', async () => {
    expect(await checkProductionDatabase(database.db, production)).toEqual({ needsFirstAdmin: true });
  });

  it('should not ask once an administrator who may log in exists', async () => {
    await insertUser('ops_banned', { role: 'admin', accountState: 'banned' });
    expect(await checkProductionDatabase(database.db, production)).toEqual({ needsFirstAdmin: true });
    await insertUser('ops', { role: 'admin' });
    expect(await checkProductionDatabase(database.db, production)).toEqual({ needsFirstAdmin: false });
  });

  it('should refuse production on a database holding demo accounts, naming some of them', async () => {
    await insertUser('ops', { role: 'admin' });
    for (const name of ['alice', 'bob', 'carol', 'root']) await insertUser(name, { isDemoAccount: true });
    const check = checkProductionDatabase(database.db, production);
    await expect(check).rejects.toBeInstanceOf(DemoDataInProductionError);
    await expect(check).rejects.toThrow(/holds 4 demo account\(s\) \(alice, bob, carol, \.\.\.\)/);
  });

  it('should leave development alone, demo accounts and all', async () => {
    await insertUser('root', { isDemoAccount: true, role: 'admin' });
    expect(await checkProductionDatabase(database.db, development)).toEqual({ needsFirstAdmin: false });
  });

  it('should create the first administrator from the command line, with the password rules', async () => {
    const weak = await runAdminCommand({ db: database.db, config: production }, [
      'user:create',
      '--username',
      'ops_admin',
      '--email',
      'ops@example.com',
      '--password',
      'password',
      '--role',
      'admin',
    ]);
    expect(weak.exitCode).toBe(1);
    expect(weak.output).toMatch(/--password: /);
    const created = await runAdminCommand({ db: database.db, config: production }, [
      'user:create',
      '--username',
      'ops_admin',
      '--email',
      'ops@example.com',
      '--password',
      'Str0ng-pass!',
      '--role',
      'admin',
    ]);
    expect(created).toEqual({
      exitCode: 0,
      output: expect.stringMatching(/created user ops_admin .*role admin/),
    });
    expect(await checkProductionDatabase(database.db, production)).toEqual({ needsFirstAdmin: false });
  });

  it('should warn a production start that mail and SMS wait in the outbox without their servers', () => {
    expect(productionStartWarnings(production)).toEqual([NO_MAIL_SERVER_WARNING, NO_SMS_PROVIDER_WARNING]);
    expect(NO_MAIL_SERVER_WARNING).toMatch(/^SMTP_URL is not set: no e-mail is sent\..*\/admin\/outbox/);
    const withMail = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      SMTP_URL: 'smtps://user:secret@mail.example.com:465',
      SMS_HTTP_URL: 'https://sms.example.com/send',
    });
    expect(productionStartWarnings(withMail)).toEqual([]);
    // Outside production the start-up summary names where mail goes; no warning.
    expect(productionStartWarnings(development)).toEqual([]);
  });

  it('should refuse the benchmark seed (demo accounts) in production', async () => {
    const result = await runAdminCommand({ db: database.db, config: production }, [
      'offers:seed-bench',
      '--offers',
      '1',
      '--users',
      '1',
    ]);
    expect(result.exitCode).toBe(1);
    expect(result.output).toContain('not in production');
    expect(await database.db.select().from(users)).toEqual([]);
  });
});
