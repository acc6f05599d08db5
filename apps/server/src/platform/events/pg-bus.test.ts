import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../test/db.js';
import type { BusEvent, EventBus } from './bus.js';
import { BUS_RESYNC_EVENT, createPgBus } from './pg-bus.js';

/**
 * The LISTEN/NOTIFY transport between two bus instances (two "servers") on a real PostgreSQL server.
 * Each test uses its own channel, so parallel runs on the same server do not hear each other.
 */
describe.skipIf(!onPostgres())('PostgreSQL event bus', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const buses: EventBus[] = [];
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
  });

  const channel = () => `p2p_test_${randomBytes(6).toString('hex')}`;
  async function open(name: string, reconnect?: { initialMs: number; maxMs: number }) {
    const bus = await createPgBus({
      connectionString: url,
      channel: name,
      ...(reconnect ? { reconnect } : {}),
    });
    buses.push(bus);
    return bus;
  }
  /** Collects events and resolves once `count` have arrived (or fails after `ms`). */
  function collect(bus: EventBus) {
    const events: BusEvent[] = [];
    const waiters: { count: number; resolve: () => void }[] = [];
    bus.subscribe((event) => {
      events.push(event);
      for (const w of waiters.splice(0)) {
        if (events.length >= w.count) w.resolve();
        else waiters.push(w);
      }
    });
    return {
      events,
      until(count: number, ms = 5_000) {
        if (events.length >= count) return Promise.resolve();
        return new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`got ${events.length} of ${count} events`)), ms);
          waiters.push({
            count,
            resolve: () => {
              clearTimeout(timer);
              resolve();
            },
          });
        });
      },
    };
  }
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('delivers an event to the other instance once, and to its own listeners once', async () => {
    const name = channel();
    const a = await open(name);
    const b = await open(name);
    const atA = collect(a);
    const atB = collect(b);
    const event = { type: 'trade.message', userIds: [1, 2], tradeHash: 'abc', data: { text: 'hello' } };
    a.publish(event);
    await atB.until(1);
    await sleep(200);
    expect(atB.events).toEqual([event]);
    expect(atA.events).toEqual([event]);
  });

  it('keeps the order of events published by one instance', async () => {
    const name = channel();
    const a = await open(name);
    const b = await open(name);
    const atB = collect(b);
    for (let i = 0; i < 50; i += 1) a.publish({ type: 'n', userIds: [1], data: i });
    await atB.until(50);
    expect(atB.events.map((e) => e.data)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('carries events far over the 8000-byte NOTIFY limit, multibyte text intact', async () => {
    const name = channel();
    const a = await open(name);
    const b = await open(name);
    const atB = collect(b);
    const text = 'Zahlung erhalten ✅ — 送金しました 😀 '.repeat(3_000);
    expect(Buffer.byteLength(text)).toBeGreaterThan(100_000);
    a.publish({ type: 'trade.message', userIds: [9], data: { text } });
    a.publish({ type: 'after', userIds: [9], data: null });
    await atB.until(2);
    expect((atB.events[0]!.data as { text: string }).text).toBe(text);
    expect(atB.events[1]!.type).toBe('after');
  });

  it('ignores foreign notifications on its channel', async () => {
    const name = channel();
    const b = await open(name);
    const atB = collect(b);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('SELECT pg_notify($1, $2)', [name, 'not an event']);
    await client.query('SELECT pg_notify($1, $2)', [name, 'x|1|0|1|{not json']);
    await client.query('SELECT pg_notify($1, $2)', [name, 'x|2|0|1|{"type":"ok","userIds":[]}']);
    await client.end();
    await atB.until(1);
    expect(atB.events.map((e) => e.type)).toEqual(['ok']);
  });

  it('reconnects after losing its listening connection and announces a resync', async () => {
    const name = channel();
    const b = await open(name, { initialMs: 50, maxMs: 200 });
    const atB = collect(b);
    // Kill b's LISTEN session from outside, as a failover or an idle-connection reaper would (b is the
    // only session listening on this channel yet).
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const killed = await admin.query(
      `SELECT pg_terminate_backend(l.pid) FROM pg_stat_activity l
        WHERE l.pid <> pg_backend_pid() AND l.query = $1`,
      [`LISTEN ${name}`],
    );
    await admin.end();
    expect(killed.rowCount).toBe(1);
    await atB.until(1);
    expect(atB.events[0]!.type).toBe(BUS_RESYNC_EVENT);
    const a = await open(name);
    a.publish({ type: 'after-reconnect', userIds: [1], data: null });
    await atB.until(2);
    expect(atB.events[1]!.type).toBe('after-reconnect');
  });
});
