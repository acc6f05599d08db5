import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sessions } from '../db/schema.js';
import { sha256 } from './tokens.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { createUsersService } from '../../modules/users/index.js';
import { runAdminCommand } from '../../cli/commands.js';

describe('sessions and account states', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SESSION_IDLE_MINUTES: '30', SESSION_ABSOLUTE_HOURS: '12' });
  });
  afterAll(() => t.close());

  const shiftSessions = (column: 'last_seen_at' | 'expires_at', interval: string) =>
    t.database.db.execute(sql.raw(`UPDATE sessions SET ${column} = ${column} - interval '${interval}'`));

  it('should expire a session idle for longer than the idle timeout', async () => {
    const client = t.client();
    await client.register('idle_user');
    expect((await client.get('/rest/v1/users/current_user')).statusCode).toBe(200);
    await shiftSessions('last_seen_at', '31 minutes');
    expect((await client.get('/rest/v1/users/current_user')).statusCode).toBe(401);
  });

  it('should expire a session past its absolute lifetime even while in use', async () => {
    const client = t.client();
    await client.register('busy_user');
    await shiftSessions('expires_at', '12 hours');
    expect((await client.get('/rest/v1/users/current_user')).statusCode).toBe(401);
  });

  it('should keep a session alive while it is used within the idle timeout', async () => {
    const client = t.client();
    await client.register('active_user');
    await shiftSessions('last_seen_at', '29 minutes');
    expect((await client.get('/rest/v1/users/current_user')).statusCode).toBe(200);
  });

  it('should end every session of a banned user and refuse their login', async () => {
    const client = t.client();
    await client.register('bad_actor');
    const result = await runAdminCommand({ db: t.database.db, config: t.config }, [
      'user:set-state',
      '--username',
      'bad_actor',
      '--state',
      'banned',
    ]);
    expect(result).toEqual({ exitCode: 0, output: 'user bad_actor is now banned' });
    expect((await client.get('/rest/v1/users/current_user')).statusCode).toBe(401);
    const login = await t.client().login('bad_actor');
    expect(login.statusCode).toBe(403);
    expect(login.json().errors[0].code).toBe('ACCOUNT_BANNED');
    // Only the right password reveals the state; a wrong one gets the generic answer.
    expect((await t.client().login('bad_actor', 'Wrong-pass-1')).statusCode).toBe(401);
  });

  it('should refuse login to a suspended user and allow it to a user on hold', async () => {
    const users = createUsersService(t.database.db);
    await t.client().register('suspended_user');
    await t.client().register('held_user');
    await users.setAccountState('suspended_user', 'suspended');
    await users.setAccountState('held_user', 'on_hold');
    expect((await t.client().login('suspended_user')).json().errors[0].code).toBe('ACCOUNT_SUSPENDED');
    const held = await t.client().login('held_user');
    expect(held.statusCode).toBe(200);
    expect(held.json().data).toMatchObject({ isOnHold: true, accountState: 'on_hold' });
  });

  it('should store only a hash of the session token', async () => {
    const client = t.client();
    const response = await client.post('/rest/v1/auth/register', {
      username: 'hash_check',
      email: 'hash_check@example.com',
      password: 'Str0ng-pass!',
    });
    const token = response.cookies.find((c) => c.name === 'sid')?.value;
    expect(token).toBeTruthy();
    const rows = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, token ?? ''));
    expect(rows).toHaveLength(0);
    expect(
      await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, sha256(token ?? ''))),
    ).toHaveLength(1);
  });
});

describe('housekeeping', () => {
  it('should delete expired sessions and spent login counters, and keep live ones', async () => {
    const { purgeStaleRows } = await import('../housekeeping/index.js');
    const t = await createTestApp();
    try {
      const live = t.client();
      await live.register('keeper');
      // Anonymous visitors write no rows any more: a logged-in session left idle is the stale one.
      await t.client().register('left_idle');
      await t.client().login('someone', 'Wrong-pass-1');
      await t.database.db.execute(
        sql`UPDATE sessions SET last_seen_at = now() - interval '2 hours'
            WHERE user_id = (SELECT id FROM users WHERE username = 'left_idle')`,
      );
      await t.database.db.execute(
        sql`UPDATE auth_throttle SET window_started_at = now() - interval '1 hour'`,
      );
      const purged = await purgeStaleRows(t.database.db, t.config);
      expect(purged.sessions).toBeGreaterThanOrEqual(1);
      expect(purged.loginCounters).toBe(2);
      expect((await live.get('/rest/v1/users/current_user')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
