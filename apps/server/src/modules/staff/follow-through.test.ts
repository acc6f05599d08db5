import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { REALTIME_PATH } from '@app/contract';
import { createTestApp, sellOfferBody, type TestApp, type TestClient } from '../../../test/helpers.js';
import { runAdminCommand } from '../../cli/commands.js';

type Response = Awaited<ReturnType<TestClient['get']>>;
type Socket = {
  ws: WebSocket;
  frames: { type: string }[];
  closed: Promise<{ code: number; reason: string }>;
};

/**
 * What an account action through the console does beyond the users row, through the real app listening
 * on loopback: a ban or suspension ends every session and closes the user's open WebSockets at once (no
 * periodic check in between), the user's offers leave the marketplace for anonymous and logged-in
 * visitors (search, the offer page, the public profile, starting a trade), and a demoted staff member
 * keeps neither a session nor a socket from the old role.
 */
describe('staff console: what an account action does at once', () => {
  let t: TestApp;
  let base = '';
  let origin = '';
  const clients: Record<string, TestClient> = {};
  const opened: WebSocket[] = [];

  const admin = (...argv: string[]) => runAdminCommand({ db: t.database.db, config: t.config }, argv);
  const ok = (response: Response, status = 200) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json().data;
  };
  const c = (name: string) => {
    const client = clients[name];
    if (!client) throw new Error(`no client ${name}`);
    return client;
  };

  async function staff(username: string, role: string) {
    const created = await admin(
      'user:create',
      ...['--username', username, '--email', `${username}@example.com`, '--password', 'Str0ng-pass!'],
      ...['--role', role],
    );
    expect(created.exitCode, created.output).toBe(0);
    const client = t.client();
    expect((await client.login(username)).statusCode).toBe(200);
    clients[username] = client;
  }
  async function user(username: string) {
    const client = t.client();
    await client.register(username);
    clients[username] = client;
  }

  /** A second session for `username` (its own cookie, as another tab would have), for a socket. */
  async function sessionCookie(username: string): Promise<string> {
    const csrf = await t.app.inject({ method: 'GET', url: '/rest/v1/auth/csrf' });
    const anonymous = csrf.cookies.find((k) => k.name === 'csrf')!.value;
    const login = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/auth/login',
      headers: { cookie: `csrf=${anonymous}`, 'x-csrf-token': csrf.json().data.csrfToken },
      payload: { login: username, password: 'Str0ng-pass!' },
    });
    expect(login.statusCode, login.body).toBe(200);
    return `sid=${login.cookies.find((k) => k.name === 'sid')!.value}`;
  }

  async function socketOf(username: string): Promise<Socket> {
    const frames: { type: string }[] = [];
    let resolveClosed!: (value: { code: number; reason: string }) => void;
    const closed = new Promise<{ code: number; reason: string }>((resolve) => {
      resolveClosed = resolve;
    });
    const ws = new WebSocket(`${base}${REALTIME_PATH}`, {
      headers: { cookie: await sessionCookie(username) },
      origin,
    });
    opened.push(ws);
    ws.on('message', (raw) => frames.push(JSON.parse(raw.toString()) as { type: string }));
    ws.on('close', (code, reason) => resolveClosed({ code, reason: reason.toString() }));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const deadline = Date.now() + 5_000;
    while (!frames.some((f) => f.type === 'ready')) {
      if (Date.now() > deadline) throw new Error('no ready frame');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return { ws, frames, closed };
  }

  /** The socket's close within `ms` (the gateway's periodic check runs every 30 s: only an event is this fast). */
  async function closedWithin(socket: Socket, ms: number) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms);
    });
    try {
      return await Promise.race([socket.closed, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function sessionsOf(username: string): Promise<number> {
    const result = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.username = ${username}`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1;
  }

  async function sellerWithOffer(username: string): Promise<string> {
    await user(username);
    expect(
      (await admin('wallet:deposit', '--user', username, '--crypto', 'BTC', '--amount', '1')).exitCode,
    ).toBe(0);
    return ok(await c(username).post('/rest/v1/my-offers', sellOfferBody()), 201).idHashed as string;
  }

  const act = (by: string, username: string, body: Record<string, unknown>) =>
    c(by).post(`/rest/v1/admin/users/${username}/actions`, body);
  const searchHashes = async (client: TestClient) =>
    (
      ok(await client.get('/rest/v1/offers?type=buy&currency=USD&limit=50')) as { offers: { hash: string }[] }
    ).offers.map((o) => o.hash);

  beforeAll(async () => {
    t = await createTestApp({ WS_ALLOWED_ORIGINS: 'http://localhost:5173/' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    base = `ws://127.0.0.1:${port}`;
    origin = `http://127.0.0.1:${port}`;
    await staff('ft_admin', 'admin');
    await staff('ft_super', 'supermod');
    await staff('ft_mod', 'moderator');
    await user('ft_viewer');
  }, 120_000);
  afterAll(async () => {
    for (const ws of opened) ws.terminate();
    await t?.close();
  });

  for (const action of ['ban', 'suspend'] as const) {
    it(`should ${action}: every session ends and the user's open sockets close at once`, async () => {
      const name = `ft_${action}`;
      await user(name);
      const first = await socketOf(name);
      const second = await socketOf(name);
      expect(await sessionsOf(name)).toBe(3);

      ok(await act('ft_super', name, { action, reason: 'Follow-through check' }));
      expect(await closedWithin(first, 1_000)).toEqual({ code: 4401, reason: 'session ended' });
      expect(await closedWithin(second, 1_000)).toEqual({ code: 4401, reason: 'session ended' });
      expect(await sessionsOf(name)).toBe(0);
      expect((await c(name).get('/rest/v1/users/current_user')).statusCode).toBe(401);
      // A socket cannot come back on a new login either: the login itself is refused.
      expect((await t.client().login(name)).statusCode).toBe(403);
    });
  }

  it('should hide a banned owner offers from anonymous and logged-in search, the offer page, the profile and trade start', async () => {
    const hash = await sellerWithOffer('ft_owner');
    const anonymous = t.client();
    const visible = async () => {
      const page = ok(await anonymous.get(`/rest/v1/offers/${hash}`));
      const loggedInPage = ok(await c('ft_viewer').get(`/rest/v1/offers/${hash}`));
      const profile = ok(await anonymous.get('/rest/v1/users/ft_owner/active-offers?offer_type=buy'));
      return {
        anonymousSearch: (await searchHashes(anonymous)).includes(hash),
        loggedInSearch: (await searchHashes(c('ft_viewer'))).includes(hash),
        anonymousPage: page.isAvailable as boolean,
        loggedInPage: loggedInPage.isAvailable as boolean,
        profile: JSON.stringify(profile).includes(hash),
      };
    };
    const everywhere = {
      anonymousSearch: true,
      loggedInSearch: true,
      anonymousPage: true,
      loggedInPage: true,
      profile: true,
    };
    expect(await visible()).toEqual(everywhere);

    for (const action of ['ban', 'suspend'] as const) {
      ok(await act('ft_super', 'ft_owner', { action, reason: `Hide offers (${action})` }));
      expect(await visible()).toEqual({
        anonymousSearch: false,
        loggedInSearch: false,
        anonymousPage: false,
        loggedInPage: false,
        profile: false,
      });
      // The offer page still answers (old links say "not available"), but no trade starts on it.
      const page = ok(await c('ft_viewer').get(`/rest/v1/offers/${hash}`));
      expect(page.flashMessages).toEqual([expect.objectContaining({ type: 'OfferIsBlocked' })]);
      const start = await c('ft_viewer').post('/rest/v1/trade/start', {
        offer_hash: hash,
        fiat_amount: '50',
      });
      expect(start.statusCode, start.body).toBeGreaterThanOrEqual(400);
      expect(start.statusCode, start.body).toBeLessThan(500);
      ok(await act('ft_super', 'ft_owner', { action: 'restore', reason: 'Lifted' }));
      expect(await visible()).toEqual(everywhere);
    }
  });

  it('should end a demoted staff member sessions and sockets, so the old role lives on nowhere', async () => {
    const socket = await socketOf('ft_mod');
    expect(ok(await c('ft_mod').get('/rest/v1/admin/permissions')).role).toBe('moderator');

    ok(
      await c('ft_admin').post('/rest/v1/admin/users/ft_mod/role', { role: 'user', reason: 'Left the team' }),
    );
    expect(await closedWithin(socket, 1_000)).toEqual({ code: 4401, reason: 'session ended' });
    expect(await sessionsOf('ft_mod')).toBe(0);
    expect((await c('ft_mod').get('/rest/v1/users/current_user')).statusCode).toBe(401);
    // Logged in again: a plain user, to whom the console is an unknown route.
    const again = t.client();
    expect((await again.login('ft_mod')).statusCode).toBe(200);
    expect((await again.get('/rest/v1/admin/permissions')).statusCode).toBe(404);
  });

  it('should keep a promoted member signed in: the role is read from the users row on every request', async () => {
    await user('ft_rising');
    const socket = await socketOf('ft_rising');
    ok(
      await c('ft_admin').post('/rest/v1/admin/users/ft_rising/role', { role: 'moderator', reason: 'Joins' }),
    );
    expect(ok(await c('ft_rising').get('/rest/v1/admin/permissions')).role).toBe('moderator');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    // Even a role changed behind the console's back (SQL) applies on the very next request.
    await t.database.db.execute(sql`UPDATE users SET role = 'user' WHERE username = 'ft_rising'`);
    expect((await c('ft_rising').get('/rest/v1/admin/permissions')).statusCode).toBe(404);
  });
});
