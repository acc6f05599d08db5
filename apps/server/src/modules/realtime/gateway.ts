import type { WebSocket } from 'ws';
import {
  REALTIME_CLOSE,
  realtimeClientMessageSchema,
  type RealtimeServerMessage,
  type TypingEventData,
} from '@app/contract';
import type { BusEvent, EventBus } from '../../platform/events/bus.js';
import { BUS_RESYNC_EVENT } from '../../platform/events/pg-bus.js';
import { revocationOf } from '../../platform/auth/revocation.js';

/**
 * The user ids of a trade's two parties when `userId` may see the trade (a party, or a moderator),
 * else null: no such trade, or not theirs (the trades module's `participantsOf`).
 */
export type ParticipantsOf = (tradeHash: string, userId: number) => Promise<readonly number[] | null>;

/** Which of these sessions are still valid (not ended, not expired, user not locked out). */
export type LiveSessions = (sessionIds: readonly string[]) => Promise<ReadonlySet<string>>;

export type GatewayOptions = {
  bus: EventBus;
  participantsOf: ParticipantsOf;
  liveSessions: LiveSessions;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Protocol ping every this many ms; a socket that missed the previous pong is dropped. */
  heartbeatMs?: number;
  /** How often the sessions behind open sockets are checked (logout, expiry, ban). */
  sessionCheckMs?: number;
  /** Sockets one user may hold at once (tabs, devices); the oldest makes room for a new one. */
  maxSocketsPerUser?: number;
  /** A slower reader than this (bytes queued) is dropped: it reconnects and re-reads instead. */
  maxBufferedBytes?: number;
};

export type ConnectionInfo = { userId: number; username: string; sessionId: string };

type Connection = ConnectionInfo & {
  socket: WebSocket;
  alive: boolean;
  /** Token bucket for client frames. */
  tokens: number;
  refilledAt: number;
  /** When `typing` was last relayed per trade, to relay at most one per TYPING_RELAY_MS. */
  typingAt: Map<string, number>;
  /** Trades this user may see, with the parties to tell (parties never change). */
  parties: Map<string, readonly number[]>;
};

const TYPING_RELAY_MS = 2_000;
const BUCKET_SIZE = 20;
const BUCKET_REFILL_PER_SECOND = 5;
const PARTIES_CACHE = 50;
/**
 * A handshake reads its session before the socket is accepted; a revocation announced in between would
 * miss the socket. Sockets accepted this soon after a revocation of their user are checked once more.
 */
const REVOCATION_RACE_MS = 10_000;

/**
 * The WebSocket gateway's core: the registry of open sockets per user, delivery of bus events to the
 * users they name (and to nobody else), the client frames (`ping`, `typing`), the heartbeat and the
 * periodic session check. Transport-free apart from the `ws` socket, so the HTTP part stays in routes.ts.
 */
export class Gateway {
  private readonly byUser = new Map<number, Set<Connection>>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unsubscribe: () => void;
  private checking = false;
  /** When each user's sessions were last revoked (kept REVOCATION_RACE_MS). */
  private readonly revokedAt = new Map<number, number>();
  private readonly heartbeatMs: number;
  private readonly sessionCheckMs: number;
  private readonly maxSocketsPerUser: number;
  private readonly maxBufferedBytes: number;

  constructor(private readonly options: GatewayOptions) {
    this.heartbeatMs = options.heartbeatMs ?? 30_000;
    this.sessionCheckMs = options.sessionCheckMs ?? 30_000;
    this.maxSocketsPerUser = options.maxSocketsPerUser ?? 10;
    this.maxBufferedBytes = options.maxBufferedBytes ?? 1_048_576;
    this.unsubscribe = options.bus.subscribe((event) => this.deliver(event));
    const heartbeat = setInterval(() => this.heartbeat(), this.heartbeatMs);
    const sessions = setInterval(() => void this.checkSessions(), this.sessionCheckMs);
    heartbeat.unref();
    sessions.unref();
    this.timers.push(heartbeat, sessions);
  }

  /** Number of open sockets (all users). */
  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /** Takes over an authenticated socket until it closes. */
  accept(socket: WebSocket, info: ConnectionInfo): void {
    const connection: Connection = {
      ...info,
      socket,
      alive: true,
      tokens: BUCKET_SIZE,
      refilledAt: Date.now(),
      typingAt: new Map(),
      parties: new Map(),
    };
    let set = this.byUser.get(info.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(info.userId, set);
    }
    set.add(connection);
    if (set.size > this.maxSocketsPerUser) {
      // Sets keep insertion order: the first one is the oldest socket.
      const oldest = set.values().next().value!;
      this.drop(oldest);
      oldest.socket.close(REALTIME_CLOSE.replaced, 'too many connections');
    }
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('message', (raw, isBinary) => {
      connection.alive = true;
      void this.onFrame(connection, isBinary ? null : raw.toString()).catch((error: unknown) =>
        this.options.log.error({ err: error }, 'realtime: frame handling failed'),
      );
    });
    socket.on('close', () => this.drop(connection));
    this.send(connection, { type: 'ready', userId: info.userId });
    const revoked = this.revokedAt.get(info.userId);
    if (revoked !== undefined && Date.now() - revoked < REVOCATION_RACE_MS) void this.recheck(connection);
  }

  /** Closes every socket (server shutdown: clients reconnect to another instance or later). */
  async close(): Promise<void> {
    this.unsubscribe();
    for (const timer of this.timers) clearInterval(timer);
    for (const set of this.byUser.values()) {
      for (const connection of set) connection.socket.close(1001, 'server shutting down');
    }
    this.byUser.clear();
  }

  /** Runs the session check now (the timer calls it; tests call it directly). */
  async checkSessions(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      const open = [...this.byUser.values()].flatMap((set) => [...set]);
      if (open.length === 0) return;
      const live = await this.options.liveSessions([...new Set(open.map((c) => c.sessionId))]);
      for (const connection of open) {
        if (live.has(connection.sessionId)) continue;
        this.drop(connection);
        connection.socket.close(REALTIME_CLOSE.unauthenticated, 'session ended');
      }
    } catch (error) {
      this.options.log.warn({ err: error }, 'realtime: session check failed');
    } finally {
      this.checking = false;
    }
  }

  private heartbeat() {
    for (const set of this.byUser.values()) {
      for (const connection of set) {
        if (!connection.alive) {
          // No pong since the last ping: the peer is gone without a close frame (sleeping laptop,
          // dropped network). terminate() frees the socket now instead of after TCP's timeouts.
          this.drop(connection);
          connection.socket.terminate();
          continue;
        }
        connection.alive = false;
        connection.socket.ping();
      }
    }
  }

  private deliver(event: BusEvent) {
    if (event.type === BUS_RESYNC_EVENT) {
      const frame = JSON.stringify({ type: 'resync' });
      for (const set of this.byUser.values()) for (const c of set) this.sendRaw(c, frame);
      return;
    }
    const revocation = revocationOf(event);
    if (revocation) {
      this.closeRevoked(event.userIds, revocation.sessionIds);
      return;
    }
    // Serialized once for every receiver; userIds never leave the server.
    let frame: string | null = null;
    for (const userId of new Set(event.userIds)) {
      const set = this.byUser.get(userId);
      if (!set) continue;
      frame ??= JSON.stringify({ type: event.type, tradeHash: event.tradeHash, data: event.data });
      for (const connection of set) this.sendRaw(connection, frame);
    }
  }

  /**
   * Logout, ban, suspension: the sessions' sockets close now (4401, the client re-reads the current
   * user), before the bus delivers anything published after the revocation.
   */
  private closeRevoked(userIds: readonly number[], sessionIds: readonly string[] | null) {
    const now = Date.now();
    for (const [userId, at] of this.revokedAt) {
      if (now - at >= REVOCATION_RACE_MS) this.revokedAt.delete(userId);
    }
    for (const userId of new Set(userIds)) {
      this.revokedAt.set(userId, now);
      for (const connection of [...(this.byUser.get(userId) ?? [])]) {
        if (sessionIds !== null && !sessionIds.includes(connection.sessionId)) continue;
        this.drop(connection);
        connection.socket.close(REALTIME_CLOSE.unauthenticated, 'session ended');
      }
    }
  }

  private async recheck(connection: Connection) {
    try {
      const live = await this.options.liveSessions([connection.sessionId]);
      if (live.has(connection.sessionId)) return;
      this.drop(connection);
      connection.socket.close(REALTIME_CLOSE.unauthenticated, 'session ended');
    } catch (error) {
      this.options.log.warn({ err: error }, 'realtime: session recheck failed');
    }
  }

  private async onFrame(connection: Connection, text: string | null) {
    if (!this.take(connection)) {
      this.send(connection, { type: 'error', code: 'RATE_LIMITED', message: 'Too many messages' });
      return;
    }
    let parsed: unknown;
    try {
      parsed = text === null ? null : JSON.parse(text);
    } catch {
      parsed = null;
    }
    const message = realtimeClientMessageSchema.safeParse(parsed);
    if (!message.success) {
      this.send(connection, {
        type: 'error',
        code: 'ERROR_INPUT_VALIDATION',
        message: 'Expected {"type":"ping"} or {"type":"typing","tradeHash":"..."}',
      });
      return;
    }
    if (message.data.type === 'ping') {
      this.send(connection, { type: 'pong' });
      return;
    }
    await this.relayTyping(connection, message.data.tradeHash);
  }

  private async relayTyping(connection: Connection, tradeHash: string) {
    const now = Date.now();
    const last = connection.typingAt.get(tradeHash);
    if (last !== undefined && now - last < TYPING_RELAY_MS) return;
    let others = connection.parties.get(tradeHash);
    if (!others) {
      const parties = await this.options.participantsOf(tradeHash, connection.userId);
      if (!parties) {
        // Same answer for "no such trade" and "not yours": a stranger learns nothing.
        this.send(connection, { type: 'error', code: 'NOT_FOUND', message: 'Trade not found' });
        return;
      }
      // A party tells the other one; a moderator in the chat tells both.
      others = parties.filter((id) => id !== connection.userId);
      if (connection.parties.size >= PARTIES_CACHE) connection.parties.clear();
      connection.parties.set(tradeHash, others);
    }
    connection.typingAt.set(tradeHash, now);
    if (others.length === 0) return;
    const data: TypingEventData = { tradeHash, username: connection.username };
    this.options.bus.publish({ type: 'trade.typing', userIds: others, tradeHash, data });
  }

  private take(connection: Connection): boolean {
    const now = Date.now();
    connection.tokens = Math.min(
      BUCKET_SIZE,
      connection.tokens + ((now - connection.refilledAt) / 1000) * BUCKET_REFILL_PER_SECOND,
    );
    connection.refilledAt = now;
    if (connection.tokens < 1) return false;
    connection.tokens -= 1;
    return true;
  }

  private send(connection: Connection, message: RealtimeServerMessage) {
    this.sendRaw(connection, JSON.stringify(message));
  }

  private sendRaw(connection: Connection, frame: string) {
    const { socket } = connection;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > this.maxBufferedBytes) {
      this.drop(connection);
      socket.close(1013, 'too slow');
      return;
    }
    socket.send(frame);
  }

  private drop(connection: Connection) {
    const set = this.byUser.get(connection.userId);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) this.byUser.delete(connection.userId);
  }
}
