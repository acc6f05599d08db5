import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { WebSocket } from 'ws';
import { REALTIME_PATH } from '@app/contract';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { runAdminCommand } from '../../cli/commands.js';
import { startAdminSocket } from '../../platform/admin-socket/server.js';
import { adminSocketPath, type AdminResponse } from '../../platform/admin-socket/protocol.js';
import { createUsersService } from '../users/index.js';

type Frame = { type: string; tradeHash?: string; data?: unknown; code?: string; userId?: number };

/** A socket opened through the whole stack (hooks, session, route), with every frame it receives. */
type Client = { ws: WebSocket; frames: Frame[]; closed: Promise<{ code: number; reason: string }> };

/**
 * The WebSocket gateway through the real app listening on loopback, with the `ws` client a script or
 * the bench would use: who may connect, who receives what, typing relayed to the other party only, and
 * sockets closed when their session ends. (A real socket rather than `app.injectWS`: its in-memory
 * stream never finishes a closing handshake, so close codes could not be observed.)
 */
describe('realtime gateway (WebSocket)', () => {
  let t: TestApp;
  let n = 0;
  let base = '';
  let origin = '';
  const open: WebSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp({ WS_ALLOWED_ORIGINS: 'http://localhost:5173/' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    base = `ws://127.0.0.1:${port}`;
    origin = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    for (const ws of open) ws.terminate();
    await t.close();
  });

  /** A fresh session for `username` (a second login: its own cookie, as another tab would). */
  async function sessionCookie(username: string): Promise<string> {
    const csrf = await t.app.inject({ method: 'GET', url: '/rest/v1/auth/csrf' });
    const anonymous = csrf.cookies.find((c) => c.name === 'csrf')!.value;
    const login = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/auth/login',
      headers: { cookie: `csrf=${anonymous}`, 'x-csrf-token': csrf.json().data.csrfToken },
      payload: { login: username, password: 'Str0ng-pass!' },
    });
    expect(login.statusCode, login.body).toBe(200);
    return `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
  }

  async function connect(headers: Record<string, string>): Promise<Client> {
    const frames: Frame[] = [];
    let resolveClosed!: (value: { code: number; reason: string }) => void;
    const closed = new Promise<{ code: number; reason: string }>((resolve) => {
      resolveClosed = resolve;
    });
    const { origin: sentOrigin, ...rest } = headers;
    const ws = new WebSocket(`${base}${REALTIME_PATH}`, {
      headers: rest,
      ...(sentOrigin ? { origin: sentOrigin } : {}),
    });
    open.push(ws);
    // Listeners before the handshake completes: the first frame may follow it at once.
    ws.on('message', (raw) => frames.push(JSON.parse(raw.toString()) as Frame));
    ws.on('close', (code, reason) => resolveClosed({ code, reason: reason.toString() }));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return { ws, frames, closed };
  }

  async function until(check: () => boolean, what: string, ms = 5_000) {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Registers a user (kept logged in on `c`) and opens a socket on a second session. */
  async function user(prefix: string): Promise<{ c: TestClient; id: number; name: string; socket: Client }> {
    n += 1;
    const name = `${prefix}${n}`;
    const c = t.client();
    const { id } = await c.register(name);
    const socket = await connect({ cookie: await sessionCookie(name), origin });
    await until(() => socket.frames.some((f) => f.type === 'ready'), 'ready');
    return { c, id, name, socket };
  }

  /** A running trade between a fresh seller (offer owner) and buyer. */
  async function trade() {
    const seller = await user('seller');
    const buyer = await user('buyer');
    const deposit = await runAdminCommand({ db: t.database.db, config: t.config }, [
      'wallet:deposit',
      '--user',
      seller.name,
      '--crypto',
      'BTC',
      '--amount',
      '1',
    ]);
    expect(deposit.exitCode).toBe(0);
    const offer = await seller.c.post('/rest/v1/my-offers', {
      type: 'sell',
      crypto_currency_code: 'BTC',
      fiat_currency_code: 'USD',
      payment_method: 'bank-transfer',
      margin: '0',
      range_min: '10',
      range_max: '500',
      payment_window: 60,
      offer_terms: 'Own account only.',
      trade_details: 'IBAN DE00 1234',
    });
    expect(offer.statusCode, offer.body).toBe(201);
    const started = await buyer.c.post('/rest/v1/trade/start', {
      offer_hash: offer.json().data.idHashed,
      fiat_amount: '50',
    });
    expect(started.statusCode, started.body).toBe(201);
    return { seller, buyer, hash: started.json().data.id as string };
  }

  it('refuses an anonymous connection with close code 4401', async () => {
    const anonymous = await connect({ origin });
    expect(await anonymous.closed).toEqual({ code: 4401, reason: 'unauthenticated' });
    expect(anonymous.frames).toEqual([]);
  });

  it('refuses a handshake from another origin before upgrading, and allows the configured ones', async () => {
    const cookie = await sessionCookie((await user('origin')).name);
    await expect(connect({ cookie, origin: 'https://evil.example' })).rejects.toThrow(
      'Unexpected server response: 403',
    );
    // Same host, other scheme: another origin too.
    await expect(connect({ cookie, origin: origin.replace('http:', 'https:') })).rejects.toThrow('403');
    const dev = await connect({ cookie, origin: 'http://localhost:5173' });
    await until(() => dev.frames.some((f) => f.type === 'ready'), 'ready from the allowed dev origin');
  });

  it('answers a plain GET (no upgrade) with 426 in the error envelope', async () => {
    const response = await t.client().get(REALTIME_PATH);
    expect(response.statusCode).toBe(426);
    expect(response.json().errors[0].code).toBe('UPGRADE_REQUIRED');
  });

  it('delivers trade events to the two parties only', async () => {
    const { seller, buyer, hash } = await trade();
    const stranger = await user('stranger');
    // trade.started reached both parties.
    await until(() => seller.socket.frames.some((f) => f.type === 'trade.started'), 'trade.started');
    expect(buyer.socket.frames.some((f) => f.type === 'trade.started' && f.tradeHash === hash)).toBe(true);

    const sent = await buyer.c.post(`/rest/v1/trade/${hash}/messages`, { text: 'Paying now ✅' });
    expect(sent.statusCode, sent.body).toBe(201);
    const isMessage = (f: Frame) =>
      f.type === 'trade.message' && (f.data as { text?: string } | undefined)?.text === 'Paying now ✅';
    await until(() => seller.socket.frames.some(isMessage), 'the message at the seller');
    const atSeller = seller.socket.frames.find(isMessage)!;
    expect(atSeller).toMatchObject({ tradeHash: hash, data: { id: sent.json().data.id, kind: 'user' } });
    // Never the list of receivers.
    expect(Object.keys(atSeller).sort()).toEqual(['data', 'tradeHash', 'type']);
    await until(() => buyer.socket.frames.some(isMessage), 'the message at the buyer');

    const paid = await buyer.c.post(`/rest/v1/trade/${hash}/paid`);
    expect(paid.statusCode, paid.body).toBe(200);
    const isPaid = (f: Frame) =>
      f.type === 'trade.status' && (f.data as { status?: string } | undefined)?.status === 'paid';
    await until(() => seller.socket.frames.some(isPaid), 'the status at the seller');

    // Give any stray delivery time to arrive before checking the stranger saw nothing.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stranger.socket.frames.map((f) => f.type)).toEqual(['ready']);
  });

  it('relays typing to the other party only, and refuses it for a stranger', async () => {
    const { seller, buyer, hash } = await trade();
    const stranger = await user('stranger');
    const before = { seller: seller.socket.frames.length, buyer: buyer.socket.frames.length };

    buyer.socket.ws.send(JSON.stringify({ type: 'typing', tradeHash: hash }));
    await until(() => seller.socket.frames.some((f) => f.type === 'trade.typing'), 'typing at the seller');
    expect(seller.socket.frames.find((f) => f.type === 'trade.typing')).toEqual({
      type: 'trade.typing',
      tradeHash: hash,
      data: { tradeHash: hash, username: buyer.name },
    });

    stranger.socket.ws.send(JSON.stringify({ type: 'typing', tradeHash: hash }));
    await until(() => stranger.socket.frames.some((f) => f.type === 'error'), 'the refusal');
    expect(stranger.socket.frames.find((f) => f.type === 'error')).toMatchObject({ code: 'NOT_FOUND' });

    buyer.socket.ws.send(JSON.stringify({ type: 'ping' }));
    await until(() => buyer.socket.frames.some((f) => f.type === 'pong'), 'pong');
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The buyer never hears their own typing; the seller heard it once and nothing from the stranger.
    expect(buyer.socket.frames.slice(before.buyer).map((f) => f.type)).toEqual(['pong']);
    expect(seller.socket.frames.slice(before.seller).map((f) => f.type)).toEqual(['trade.typing']);
  });

  it('closes the socket with 4401 at the next check once its session is logged out', async () => {
    n += 1;
    const name = `leaver${n}`;
    await t.client().register(name);
    const cookie = await sessionCookie(name);
    const socket = await connect({ cookie, origin });
    await until(() => socket.frames.some((f) => f.type === 'ready'), 'ready');

    await t.app.realtime.checkSessions();
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);

    const csrf = await t.app.inject({ method: 'GET', url: '/rest/v1/auth/csrf', headers: { cookie } });
    const logout = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/auth/logout',
      headers: { cookie, 'x-csrf-token': csrf.json().data.csrfToken },
      payload: {},
    });
    expect(logout.statusCode, logout.body).toBeLessThan(300);
    await t.app.realtime.checkSessions();
    expect(await socket.closed).toEqual({ code: 4401, reason: 'session ended' });
  });

  it('closes the sockets of a banned user at the next check', async () => {
    const banned = await user('banned');
    const result = await runAdminCommand({ db: t.database.db, config: t.config }, [
      'user:set-state',
      '--username',
      banned.name,
      '--state',
      'banned',
    ]);
    expect(result.exitCode, result.output).toBe(0);
    await t.app.realtime.checkSessions();
    expect((await banned.socket.closed).code).toBe(4401);
  });
  /** Resolves with the close, or fails when the socket is still open after `ms`. */
  async function closedWithin(client: Client, ms: number) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms);
    });
    try {
      return await Promise.race([client.closed, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** What `npm run admin` does while the server runs: one JSON line to DATA_DIR/admin.sock. */
  function viaAdminSocket(argv: string[]): Promise<AdminResponse> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(adminSocketPath(t.config.dataDir));
      let buffer = '';
      socket.setEncoding('utf8');
      socket.on('connect', () => socket.write(JSON.stringify({ argv }) + '\n'));
      socket.on('data', (chunk: string) => (buffer += chunk));
      socket.on('end', () => resolve(JSON.parse(buffer) as AdminResponse));
      socket.on('error', reject);
    });
  }

  it('closes every socket of a user banned through the admin command at once, before anything sent after', async () => {
    const { seller, buyer, hash } = await trade();
    const second = await connect({ cookie: await sessionCookie(buyer.name), origin });
    await until(() => second.frames.some((f) => f.type === 'ready'), 'ready on the second socket');
    // The admin socket as main.ts runs it: commands publish on this server's bus.
    const adminSocket = await startAdminSocket(t.config, t.database, runAdminCommand);
    adminSocket.provide({ events: t.app.events });
    try {
      const banned = await viaAdminSocket(['user:set-state', '--username', buyer.name, '--state', 'banned']);
      expect(banned, banned.output).toMatchObject({ exitCode: 0 });
      // No periodic check runs here (it comes every 30 s): the ban itself closes them.
      expect(await closedWithin(buyer.socket, 1_000)).toEqual({ code: 4401, reason: 'session ended' });
      expect(await closedWithin(second, 1_000)).toEqual({ code: 4401, reason: 'session ended' });
    } finally {
      await adminSocket.close();
    }
    const heard = { first: buyer.socket.frames.length, second: second.frames.length };
    const sent = await seller.c.post(`/rest/v1/trade/${hash}/messages`, { text: 'Sent after the ban' });
    expect(sent.statusCode, sent.body).toBe(201);
    await until(
      () => seller.socket.frames.some((f) => (f.data as { text?: string })?.text === 'Sent after the ban'),
      'the message at the seller',
    );
    expect(buyer.socket.frames.length).toBe(heard.first);
    expect(second.frames.length).toBe(heard.second);
    expect(seller.socket.ws.readyState).toBe(seller.socket.ws.OPEN);
  });

  it('closes the sockets of a suspended user at once', async () => {
    const suspended = await user('suspended');
    await createUsersService(t.database.db, { events: t.app.events }).setAccountState(
      suspended.name,
      'suspended',
    );
    expect(await closedWithin(suspended.socket, 1_000)).toEqual({ code: 4401, reason: 'session ended' });
  });

  it("closes a logged-out session's sockets at once and leaves the user's other sessions open", async () => {
    const someone = await user('logout');
    const cookie = await sessionCookie(someone.name);
    const leaving = await connect({ cookie, origin });
    await until(() => leaving.frames.some((f) => f.type === 'ready'), 'ready');
    const csrf = await t.app.inject({ method: 'GET', url: '/rest/v1/auth/csrf', headers: { cookie } });
    const logout = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/auth/logout',
      headers: { cookie, 'x-csrf-token': csrf.json().data.csrfToken },
      payload: {},
    });
    expect(logout.statusCode, logout.body).toBe(200);
    expect(await closedWithin(leaving, 1_000)).toEqual({ code: 4401, reason: 'session ended' });
    // The other session (another tab or device) keeps its socket.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(someone.socket.ws.readyState).toBe(someone.socket.ws.OPEN);
  });
});
