import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from './fake-socket';
import { RealtimeClient, type RealtimeFrame } from './realtime-client';

describe('RealtimeClient', () => {
  beforeEach(() => {
    FakeSocket.reset();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  const create = (overrides: ConstructorParameters<typeof RealtimeClient>[0] = {}) =>
    new RealtimeClient({
      createSocket: (url) => new FakeSocket(url),
      url: () => 'ws://example.test/rest/v1/ws',
      random: () => 0,
      ...overrides,
    });

  it('connects once, becomes open on the ready frame, and dispatches frames by type', () => {
    const client = create();
    const messages: RealtimeFrame[] = [];
    client.subscribe('trade.message', (frame) => messages.push(frame));
    client.connect();
    client.connect();
    expect(FakeSocket.instances).toHaveLength(1);
    expect(FakeSocket.latest()!.url).toBe('ws://example.test/rest/v1/ws');
    expect(client.status).toBe('connecting');
    FakeSocket.latest()!.accept();
    expect(client.status).toBe('open');
    FakeSocket.latest()!.push({ type: 'trade.message', tradeHash: 'T1', data: { id: 1 } });
    FakeSocket.latest()!.push({ type: 'trade.status', tradeHash: 'T1', data: {} });
    expect(messages).toEqual([{ type: 'trade.message', tradeHash: 'T1', data: { id: 1 } }]);
  });

  it('reconnects with growing delays and asks listeners to resync after the reconnect', () => {
    const client = create({ backoff: { initialMs: 1_000, maxMs: 4_000 } });
    const resync = vi.fn();
    client.onResync(resync);
    client.connect();
    FakeSocket.latest()!.accept();
    expect(resync).not.toHaveBeenCalled();

    FakeSocket.latest()!.drop(1006);
    expect(client.status).toBe('reconnecting');
    vi.advanceTimersByTime(999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    // The second attempt fails before the handshake: the wait doubles, then caps.
    FakeSocket.latest()!.drop(1006);
    vi.advanceTimersByTime(1_999);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(3);
    FakeSocket.latest()!.drop(1006);
    vi.advanceTimersByTime(4_000);
    expect(FakeSocket.instances).toHaveLength(4);
    FakeSocket.latest()!.drop(1006);
    vi.advanceTimersByTime(4_000);
    expect(FakeSocket.instances).toHaveLength(5);

    FakeSocket.latest()!.accept();
    expect(client.status).toBe('open');
    expect(resync).toHaveBeenCalledTimes(1);
    // A success resets the backoff.
    FakeSocket.latest()!.drop(1001);
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.instances).toHaveLength(6);
  });

  it('adds jitter to the delay', () => {
    const client = create({ random: () => 1, backoff: { initialMs: 1_000, maxMs: 30_000 } });
    client.connect();
    FakeSocket.latest()!.drop(1006);
    vi.advanceTimersByTime(1_299);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('stops after 4401 (session ended) and after 4409 (replaced by a newer tab)', () => {
    const client = create();
    client.connect();
    FakeSocket.latest()!.accept();
    FakeSocket.latest()!.drop(4401, 'session ended');
    expect(client.status).toBe('unauthenticated');
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.instances).toHaveLength(1);

    client.connect();
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.latest()!.accept();
    FakeSocket.latest()!.drop(4409);
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('passes a server resync on to the listeners', () => {
    const client = create();
    const resync = vi.fn();
    client.onResync(resync);
    client.connect();
    FakeSocket.latest()!.accept();
    FakeSocket.latest()!.push({ type: 'resync' });
    expect(resync).toHaveBeenCalledTimes(1);
  });

  it('sends typing at most every two seconds per trade, and only while open', () => {
    const client = create();
    client.sendTyping('T1', 0);
    client.connect();
    const socket = FakeSocket.latest()!;
    socket.accept();
    client.sendTyping('T1', 1_000);
    client.sendTyping('T1', 2_000);
    client.sendTyping('T2', 2_000);
    client.sendTyping('T1', 3_000);
    expect(socket.sent).toEqual([
      { type: 'typing', tradeHash: 'T1' },
      { type: 'typing', tradeHash: 'T2' },
      { type: 'typing', tradeHash: 'T1' },
    ]);
  });

  it('pings, and drops a silent connection to reconnect', () => {
    const client = create({ pingMs: 25_000, pongTimeoutMs: 10_000 });
    client.connect();
    const first = FakeSocket.latest()!;
    first.accept();
    vi.advanceTimersByTime(25_000);
    expect(first.sent).toEqual([{ type: 'ping' }]);
    first.push({ type: 'pong' });
    vi.advanceTimersByTime(25_000);
    expect(first.sent).toHaveLength(2);
    // No answer this time.
    vi.advanceTimersByTime(10_000);
    expect(first.closedWith?.code).toBe(4000);
    expect(client.status).toBe('reconnecting');
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('closes and stays closed on disconnect', () => {
    const client = create();
    client.connect();
    const socket = FakeSocket.latest()!;
    socket.accept();
    client.disconnect();
    expect(socket.closedWith?.code).toBe(1000);
    expect(client.status).toBe('idle');
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('keeps dispatching when one handler throws', () => {
    const client = create();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const second = vi.fn();
    client.subscribe('x', () => {
      throw new Error('boom');
    });
    client.subscribe('x', second);
    client.connect();
    FakeSocket.latest()!.accept();
    FakeSocket.latest()!.push({ type: 'x', data: 1 });
    expect(second).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalled();
  });
});
