import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { revokeSessionsOfUser } from './session.js';

/**
 * Read requests may use a session row read within SESSION_READ_CACHE_MS (decision 0031). Ended sessions
 * end at once; writes always read the row; anything else is seen when the window ends.
 */
describe('the session read cache', () => {
  const windowMs = 400;
  let t: TestApp;
  const me = '/rest/v1/users/current_user';

  beforeAll(async () => {
    t = await createTestApp({ SESSION_READ_CACHE_MS: String(windowMs) });
  });
  afterAll(() => t.close());

  it('should end a session at once on logout and on revocation', async () => {
    const client = t.client();
    await client.register('rc_logout');
    expect((await client.get(me)).statusCode).toBe(200);
    const cookie = client.cookieHeader();
    expect((await client.post('/rest/v1/auth/logout')).statusCode).toBe(200);
    // The old cookie, replayed (a stolen copy), is refused on the very next read.
    const replayed = await t.app.inject({ method: 'GET', url: me, headers: { cookie } });
    expect(replayed.statusCode).toBe(401);

    const other = t.client();
    const { id } = await other.register('rc_revoked');
    expect((await other.get(me)).statusCode).toBe(200);
    await revokeSessionsOfUser(t.database.db, id, t.app.events);
    expect((await other.get(me)).statusCode).toBe(401);
  });

  it('should give each of many simultaneous requests its own session (reads of one moment share a statement)', async () => {
    const clients = Array.from({ length: 12 }, () => t.client());
    const names = clients.map((_, i) => `rc_many_${i}`);
    for (const [i, client] of clients.entries()) await client.register(names[i]!);
    // Past the read window: every read below goes to the database, all in the same moment.
    await new Promise((resolve) => setTimeout(resolve, windowMs + 20));
    const reads = await Promise.all(clients.map((client) => client.get(me)));
    reads.forEach((read, i) => {
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().data.username).toBe(names[i]);
    });
    // Writes always read the row: a session mixed up with another would fail its CSRF check.
    const writes = await Promise.all(clients.map((client) => client.post('/rest/v1/users/settings', {})));
    for (const write of writes) expect(write.statusCode, write.body).toBe(writes[0]!.statusCode);
    expect(writes[0]!.statusCode).not.toBe(403);
  });

  it('should judge every write on the session as it is now, and reads within the window', async () => {
    const client = t.client();
    const { id } = await client.register('rc_banned');
    expect((await client.get(me)).statusCode).toBe(200);
    // Changed behind the server's back (no event): reads may use the row for the window, writes never.
    await t.database.db.execute(sql`UPDATE users SET account_state = 'banned' WHERE id = ${id}`);
    const write = await client.post('/rest/v1/users/settings', {});
    // The session is gone before the login check (which comes before CSRF, decision 0049): 401.
    expect([write.statusCode, write.json().errors[0].code]).toEqual([401, 'UNAUTHENTICATED']);
    // The write found the account banned and ended the session: reads are refused too.
    expect((await client.get(me)).statusCode).toBe(401);

    const reader = t.client();
    const { id: readerId } = await reader.register('rc_reader');
    expect((await reader.get(me)).statusCode).toBe(200);
    await t.database.db.execute(sql`DELETE FROM sessions WHERE user_id = ${readerId}`);
    await new Promise((resolve) => setTimeout(resolve, windowMs + 20));
    expect((await reader.get(me)).statusCode).toBe(401);
  });
});
