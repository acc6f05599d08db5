import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import { REALTIME_PATH } from '@app/contract';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../platform/config.js';
import { openDatabase, type Database } from '../../platform/db/client.js';
import { onPostgres } from '../../../test/db.js';
import { TestClient } from '../../../test/helpers.js';
import { runAdminCommand } from '../../cli/commands.js';

type Frame = { type: string; tradeHash?: string; data?: { text?: string; status?: string } };

/**
 * Two server instances on one PostgreSQL database (as behind a load balancer), with the LISTEN/NOTIFY
 * bus: the buyer acts through instance A, the seller's socket is on instance B, and B still delivers.
 */
describe.skipIf(!onPostgres())('realtime across two instances (PostgreSQL bus)', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const name = `p2p_t_rt_${randomBytes(5).toString('hex')}`;
  let database: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let dataDir: string;
  let config: ReturnType<typeof loadConfig>;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    // A database of our own (from the run's template): NOTIFY is per database, so nothing from other
    // test files on the same server reaches these instances.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('pgTemplateDatabase')}"`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    database = await openDatabase({ kind: 'postgres', url: target.toString(), poolSize: 10 });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2p-rt-'));
    config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'false',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      DATABASE_URL: target.toString(),
      EVENT_BUS: 'pg',
    });
    a = await buildApp({ config, database, logger: false });
    b = await buildApp({ config, database, logger: false });
    await a.ready();
    await b.listen({ host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await a?.close();
    await b?.close();
    await database?.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function sessionCookie(app: FastifyInstance, username: string) {
    const csrf = await app.inject({ method: 'GET', url: '/rest/v1/auth/csrf' });
    const anonymous = csrf.cookies.find((c) => c.name === 'csrf')!.value;
    const login = await app.inject({
      method: 'POST',
      url: '/rest/v1/auth/login',
      headers: { cookie: `csrf=${anonymous}`, 'x-csrf-token': csrf.json().data.csrfToken },
      payload: { login: username, password: 'Str0ng-pass!' },
    });
    expect(login.statusCode, login.body).toBe(200);
    return `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
  }

  it('delivers what happens on one instance to a socket held by the other, once', async () => {
    const seller = new TestClient(a);
    const buyer = new TestClient(a);
    await seller.register('rtseller');
    await buyer.register('rtbuyer');
    const address = b.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const frames: Frame[] = [];
    const ws = new WebSocket(`ws://127.0.0.1:${port}${REALTIME_PATH}`, {
      headers: { cookie: await sessionCookie(b, 'rtseller') },
    });
    sockets.push(ws);
    ws.on('message', (raw) => frames.push(JSON.parse(raw.toString()) as Frame));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });

    const deposit = await runAdminCommand({ db: database.db, config }, [
      'wallet:deposit',
      '--user',
      'rtseller',
      '--crypto',
      'BTC',
      '--amount',
      '1',
    ]);
    expect(deposit.exitCode, deposit.output).toBe(0);
    const offer = await seller.post('/rest/v1/my-offers', {
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
    const started = await buyer.post('/rest/v1/trade/start', {
      offer_hash: offer.json().data.idHashed,
      fiat_amount: '40',
    });
    expect(started.statusCode, started.body).toBe(201);
    const hash = started.json().data.id as string;
    // Multibyte text survives the trip through NOTIFY (events over 8000 bytes: pg-bus.test.ts).
    const text = `Payment reference: ${'ÄÖÜ € 0123456789 '.repeat(100)}`.slice(0, 1_900).trim();
    const sent = await buyer.post(`/rest/v1/trade/${hash}/messages`, { text });
    expect(sent.statusCode, sent.body).toBe(201);

    const deadline = Date.now() + 10_000;
    const has = () => frames.some((f) => f.type === 'trade.message' && f.data?.text === text);
    while (!has() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(has(), JSON.stringify(frames).slice(0, 500)).toBe(true);
    expect(frames.find((f) => f.type === 'trade.started')?.tradeHash).toBe(hash);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(frames.filter((f) => f.type === 'trade.message' && f.data?.text === text)).toHaveLength(1);
  });
  /** A socket on instance B for a fresh session of `username` (logged in through `via`). */
  async function socketOnB(username: string, via: FastifyInstance = b) {
    const address = b.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const cookie = await sessionCookie(via, username);
    const frames: Frame[] = [];
    const ws = new WebSocket(`ws://127.0.0.1:${port}${REALTIME_PATH}`, { headers: { cookie } });
    sockets.push(ws);
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    ws.on('message', (raw) => frames.push(JSON.parse(raw.toString()) as Frame));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const deadline = Date.now() + 5_000;
    while (!frames.some((f) => f.type === 'ready') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { ws, frames, closed, cookie };
  }

  async function closedWithin(closed: Promise<number>, ms: number): Promise<number> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms);
    });
    try {
      return await Promise.race([closed, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  it("closes a banned user's sockets on every instance at once, from the admin command in its own process", async () => {
    await new TestClient(a).register('rtbanned');
    const onB = await socketOnB('rtbanned');
    // No `events` in the context: like `npm run admin` with DATABASE_URL, the command opens its own
    // LISTEN/NOTIFY bus (cli/events.ts), which no server instance shares.
    const result = await runAdminCommand({ db: database.db, config }, [
      'user:set-state',
      '--username',
      'rtbanned',
      '--state',
      'banned',
    ]);
    expect(result.exitCode, result.output).toBe(0);
    expect(await closedWithin(onB.closed, 1_000)).toBe(4401);
  });

  it('closes the sockets on the other instance when a user is suspended through one instance', async () => {
    await new TestClient(a).register('rtsuspended');
    const onB = await socketOnB('rtsuspended');
    // Inside instance A (its admin socket, a future admin API): A's bus tells B.
    const result = await runAdminCommand({ db: database.db, config, events: a.events }, [
      'user:set-state',
      '--username',
      'rtsuspended',
      '--state',
      'suspended',
    ]);
    expect(result.exitCode, result.output).toBe(0);
    expect(await closedWithin(onB.closed, 1_000)).toBe(4401);
  });

  it('closes the socket on the other instance when its session logs out through one instance', async () => {
    await new TestClient(a).register('rtleaver');
    const leaving = await socketOnB('rtleaver', a);
    const staying = await socketOnB('rtleaver', a);
    const csrf = await a.inject({
      method: 'GET',
      url: '/rest/v1/auth/csrf',
      headers: { cookie: leaving.cookie },
    });
    const logout = await a.inject({
      method: 'POST',
      url: '/rest/v1/auth/logout',
      headers: { cookie: leaving.cookie, 'x-csrf-token': csrf.json().data.csrfToken },
      payload: {},
    });
    expect(logout.statusCode, logout.body).toBe(200);
    expect(await closedWithin(leaving.closed, 1_000)).toBe(4401);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(staying.ws.readyState).toBe(staying.ws.OPEN);
  });
});
