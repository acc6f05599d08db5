import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { createInProcessBus, type EventBus } from '../../platform/events/bus.js';
import { BUS_RESYNC_EVENT } from '../../platform/events/pg-bus.js';
import { announceRevocation, SESSIONS_REVOKED_EVENT } from '../../platform/auth/revocation.js';
import { Gateway, type GatewayOptions } from './gateway.js';

/** The part of a `ws` socket the gateway uses, recording what it was asked to do. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  sent: unknown[] = [];
  pings = 0;
  closed: { code: number; reason: string } | null = null;
  terminated = false;
  send(frame: string) {
    this.sent.push(JSON.parse(frame));
  }
  ping() {
    this.pings += 1;
  }
  close(code: number, reason: string) {
    this.closed = { code, reason };
    this.readyState = 3;
    this.emit('close');
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
    this.emit('close');
  }
  /** A frame from the client. */
  say(message: unknown) {
    this.emit('message', Buffer.from(typeof message === 'string' ? message : JSON.stringify(message)), false);
  }
  types() {
    return this.sent.map((m) => (m as { type: string }).type);
  }
}

const log = { warn: vi.fn(), error: vi.fn() };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('realtime gateway', () => {
  let gateway: Gateway | undefined;
  let bus: EventBus;
  afterEach(async () => {
    await gateway?.close();
    gateway = undefined;
  });

  function start(overrides: Partial<GatewayOptions> = {}) {
    bus = createInProcessBus();
    gateway = new Gateway({
      bus,
      // Trade "T1" belongs to users 1 and 2; user 9 is a moderator who may see every trade.
      participantsOf: async (hash, userId) => (hash === 'T1' && [1, 2, 9].includes(userId) ? [1, 2] : null),
      liveSessions: async (ids) => new Set(ids),
      log,
      ...overrides,
    });
    return gateway;
  }
  function connect(userId: number, sessionId = `s${userId}`) {
    const socket = new FakeSocket();
    gateway!.accept(socket as unknown as WebSocket, { userId, username: `user${userId}`, sessionId });
    return socket;
  }

  it('greets an accepted socket with its user id', () => {
    start();
    const socket = connect(7);
    expect(socket.sent).toEqual([{ type: 'ready', userId: 7 }]);
  });

  it('delivers an event only to the sockets of the users it names, without the user list', () => {
    start();
    const alice = connect(1);
    const aliceTab2 = connect(1, 's1b');
    const bob = connect(2);
    const carol = connect(3);
    bus.publish({ type: 'trade.message', userIds: [1, 2], tradeHash: 'T1', data: { id: 5, text: 'hi' } });
    const expected = { type: 'trade.message', tradeHash: 'T1', data: { id: 5, text: 'hi' } };
    expect(alice.sent.at(-1)).toEqual(expected);
    expect(aliceTab2.sent.at(-1)).toEqual(expected);
    expect(bob.sent.at(-1)).toEqual(expected);
    expect(carol.types()).toEqual(['ready']);
  });

  it('answers ping with pong and refuses malformed frames without closing', async () => {
    start();
    const socket = connect(1);
    socket.say({ type: 'ping' });
    socket.say('not json');
    socket.say({ type: 'typing' });
    await flush();
    expect(socket.sent.slice(1)).toEqual([
      { type: 'pong' },
      expect.objectContaining({ type: 'error', code: 'ERROR_INPUT_VALIDATION' }),
      expect.objectContaining({ type: 'error', code: 'ERROR_INPUT_VALIDATION' }),
    ]);
    expect(socket.closed).toBeNull();
  });

  it('relays typing to the other party only, at most once per two seconds per trade', async () => {
    start();
    const alice = connect(1);
    const bob = connect(2);
    const carol = connect(3);
    alice.say({ type: 'typing', tradeHash: 'T1' });
    await flush();
    alice.say({ type: 'typing', tradeHash: 'T1' });
    await flush();
    expect(bob.sent.slice(1)).toEqual([
      { type: 'trade.typing', tradeHash: 'T1', data: { tradeHash: 'T1', username: 'user1' } },
    ]);
    expect(alice.types()).toEqual(['ready']);
    expect(carol.types()).toEqual(['ready']);
  });

  it('relays a moderator typing to both parties', async () => {
    start();
    const alice = connect(1);
    const bob = connect(2);
    const moderator = connect(9);
    moderator.say({ type: 'typing', tradeHash: 'T1' });
    await flush();
    for (const party of [alice, bob]) {
      expect(party.sent.at(-1)).toEqual({
        type: 'trade.typing',
        tradeHash: 'T1',
        data: { tradeHash: 'T1', username: 'user9' },
      });
    }
    expect(moderator.types()).toEqual(['ready']);
  });

  it('answers typing in a trade the user is not a party of with NOT_FOUND and relays nothing', async () => {
    start();
    const bob = connect(2);
    const carol = connect(3);
    carol.say({ type: 'typing', tradeHash: 'T1' });
    carol.say({ type: 'typing', tradeHash: 'NOPE' });
    await flush();
    expect(carol.sent.slice(1)).toEqual([
      expect.objectContaining({ type: 'error', code: 'NOT_FOUND' }),
      expect.objectContaining({ type: 'error', code: 'NOT_FOUND' }),
    ]);
    expect(bob.types()).toEqual(['ready']);
  });

  it('rate-limits a flooding client', async () => {
    start();
    const socket = connect(1);
    for (let i = 0; i < 30; i += 1) socket.say({ type: 'ping' });
    await flush();
    const replies = socket.sent.slice(1) as { type: string; code?: string }[];
    expect(replies.filter((r) => r.type === 'pong').length).toBe(20);
    expect(replies.filter((r) => r.code === 'RATE_LIMITED').length).toBe(10);
  });

  it('pings every socket and drops one that did not answer the previous ping', async () => {
    vi.useFakeTimers();
    try {
      start({ heartbeatMs: 1_000 });
      const lively = connect(1);
      const dead = connect(2);
      vi.advanceTimersByTime(1_000);
      expect([lively.pings, dead.pings]).toEqual([1, 1]);
      lively.emit('pong');
      vi.advanceTimersByTime(1_000);
      expect(lively.terminated).toBe(false);
      expect(dead.terminated).toBe(true);
      expect(gateway!.size).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes sockets whose session ended with 4401', async () => {
    const live = new Set(['s1']);
    start({ liveSessions: async (ids) => new Set(ids.filter((id) => live.has(id))) });
    const alice = connect(1, 's1');
    const bob = connect(2, 's2');
    await gateway!.checkSessions();
    expect(alice.closed).toBeNull();
    expect(bob.closed).toEqual({ code: 4401, reason: 'session ended' });
    live.delete('s1');
    await gateway!.checkSessions();
    expect(alice.closed?.code).toBe(4401);
    expect(gateway!.size).toBe(0);
  });

  it('closes the revoked sessions of a user at once and tells no socket about it', () => {
    start();
    const tab = connect(1, 's1');
    const phone = connect(1, 's1b');
    const other = connect(2, 's2');
    announceRevocation(bus, 1, ['s1']);
    expect(tab.closed).toEqual({ code: 4401, reason: 'session ended' });
    expect(phone.closed).toBeNull();
    announceRevocation(bus, 1, null);
    expect(phone.closed).toEqual({ code: 4401, reason: 'session ended' });
    expect(other.closed).toBeNull();
    // A server-internal event: nothing of it reaches any socket as a frame.
    expect([tab, phone, other].flatMap((socket) => socket.types())).toEqual(['ready', 'ready', 'ready']);
    expect(gateway!.size).toBe(1);
  });

  it('closes every socket of the user when a revocation arrives unreadable from the wire', () => {
    start();
    const tab = connect(1, 's1');
    bus.publish({ type: SESSIONS_REVOKED_EVENT, userIds: [1], data: { sessionIds: 'garbage' } });
    expect(tab.closed?.code).toBe(4401);
  });

  it('checks once more a socket accepted just after its user was revoked (the handshake raced it)', async () => {
    const live = new Set<string>(['fresh']);
    start({ liveSessions: async (ids) => new Set(ids.filter((id) => live.has(id))) });
    announceRevocation(bus, 1, null);
    // Its handshake read the session before the revocation deleted it.
    const late = connect(1, 'stale');
    const relogged = connect(1, 'fresh');
    await flush();
    expect(late.closed).toEqual({ code: 4401, reason: 'session ended' });
    expect(relogged.closed).toBeNull();
    // Other users' sockets are not checked.
    const calls = vi.fn(async (ids: readonly string[]) => new Set(ids));
    await gateway!.close();
    start({ liveSessions: calls });
    connect(2, 's2');
    await flush();
    expect(calls).not.toHaveBeenCalled();
  });

  it('keeps sockets open when the session check itself fails', async () => {
    start({
      liveSessions: async () => {
        throw new Error('database down');
      },
    });
    const alice = connect(1);
    await gateway!.checkSessions();
    expect(alice.closed).toBeNull();
    expect(log.warn).toHaveBeenCalled();
  });

  it('closes the oldest socket of a user beyond the per-user limit with 4409', () => {
    start({ maxSocketsPerUser: 2 });
    const first = connect(1, 'a');
    const second = connect(1, 'b');
    const third = connect(1, 'c');
    expect(first.closed?.code).toBe(4409);
    expect(second.closed).toBeNull();
    expect(third.closed).toBeNull();
    expect(gateway!.size).toBe(2);
  });

  it('drops a reader that cannot keep up instead of buffering without bound', () => {
    start({ maxBufferedBytes: 100 });
    const slow = connect(1);
    slow.bufferedAmount = 101;
    bus.publish({ type: 'trade.status', userIds: [1], data: {} });
    expect(slow.closed?.code).toBe(1013);
  });

  it('tells every socket to resync when the bus reconnected', () => {
    start();
    const alice = connect(1);
    const bob = connect(2);
    bus.publish({ type: BUS_RESYNC_EVENT, userIds: [], data: null });
    expect(alice.sent.at(-1)).toEqual({ type: 'resync' });
    expect(bob.sent.at(-1)).toEqual({ type: 'resync' });
  });

  it('closes every socket with 1001 on shutdown and stops listening to the bus', async () => {
    start();
    const alice = connect(1);
    await gateway!.close();
    expect(alice.closed?.code).toBe(1001);
    const before = alice.sent.length;
    bus.publish({ type: 'trade.status', userIds: [1], data: {} });
    expect(alice.sent.length).toBe(before);
    gateway = undefined;
  });
});
