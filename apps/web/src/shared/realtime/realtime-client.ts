import { REALTIME_CLOSE, REALTIME_PATH, type RealtimeClientMessage } from '@app/contract';

/** A frame from the server, once parsed: `type` always, the rest as the event carries it. */
export type RealtimeFrame = { type: string; tradeHash?: string; data?: unknown; [key: string]: unknown };
export type RealtimeHandler = (frame: RealtimeFrame) => void;

/**
 * - `idle`: not connected on purpose (logged out).
 * - `connecting` / `open`: as it says. `reconnecting`: lost, waiting for the next attempt.
 * - `unauthenticated`: the server refused the session (4401): no retry until `connect()` again.
 */
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'unauthenticated';

/** The subset of the browser WebSocket the client uses (tests pass a fake). */
export type SocketLike = {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
};

export type RealtimeClientOptions = {
  createSocket?: (url: string) => SocketLike;
  /** The socket address; by default this page's origin with ws(s):. */
  url?: () => string;
  /** Backoff: first delay, cap, in ms; each delay gets up to 30 % random jitter. */
  backoff?: { initialMs: number; maxMs: number };
  /** Application ping interval, and how long to wait for its pong before calling the socket dead. */
  pingMs?: number;
  pongTimeoutMs?: number;
  random?: () => number;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
};

const OPEN = 1;
/** Typing frames go out at most this often per trade (the server relays one per 2 s anyway). */
const TYPING_THROTTLE_MS = 2_000;

const defaultUrl = () => {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${REALTIME_PATH}`;
};

/**
 * The app's one WebSocket (docs/decisions/0011-realtime.md): connects while a user is logged in,
 * reconnects with exponential backoff and jitter, and lets any part of the app listen to an event type.
 *
 * After a reconnect (or a server `resync`) it calls the `onResync` listeners: events may have been missed
 * while the socket was down, so whatever shows live data re-reads it (the trade page refetches the trade
 * and asks the messages after the last one it has).
 */
export class RealtimeClient {
  private socket: SocketLike | null = null;
  private wanted = false;
  private attempts = 0;
  private everOpened = false;
  private retryTimer: unknown = null;
  private pingTimer: unknown = null;
  private pongTimer: unknown = null;
  private readonly handlers = new Map<string, Set<RealtimeHandler>>();
  private readonly resyncListeners = new Set<() => void>();
  private readonly statusListeners = new Set<(status: RealtimeStatus) => void>();
  private readonly typingSentAt = new Map<string, number>();
  private currentStatus: RealtimeStatus = 'idle';
  private readonly o: Required<RealtimeClientOptions>;

  constructor(options: RealtimeClientOptions = {}) {
    this.o = {
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      url: defaultUrl,
      backoff: { initialMs: 1_000, maxMs: 30_000 },
      pingMs: 25_000,
      pongTimeoutMs: 10_000,
      random: Math.random,
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
      ...options,
    };
  }

  get status(): RealtimeStatus {
    return this.currentStatus;
  }

  /** Opens the socket (idempotent). Call when a user is logged in. */
  connect(): void {
    this.wanted = true;
    if (this.socket || this.retryTimer !== null) return;
    this.open();
  }

  /** Closes the socket and stops reconnecting (logout). Listeners stay registered. */
  disconnect(): void {
    this.wanted = false;
    this.everOpened = false;
    this.attempts = 0;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'logout');
    }
    this.setStatus('idle');
  }

  /** Listens to one frame type (`trade.message`, ...); returns the unsubscribe function. */
  subscribe(type: string, handler: RealtimeHandler): () => void {
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }

  /** Called after a reconnect or a server `resync`: re-read what is shown. */
  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => {
      this.resyncListeners.delete(listener);
    };
  }

  onStatus(listener: (status: RealtimeStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  }

  /** Tells the other party of this trade that I am typing (throttled; dropped while offline). */
  sendTyping(tradeHash: string, now = Date.now()): void {
    const last = this.typingSentAt.get(tradeHash);
    if (last !== undefined && now - last < TYPING_THROTTLE_MS) return;
    if (this.send({ type: 'typing', tradeHash })) this.typingSentAt.set(tradeHash, now);
  }

  private send(message: RealtimeClientMessage): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  private open() {
    this.setStatus(this.everOpened || this.attempts > 0 ? 'reconnecting' : 'connecting');
    let socket: SocketLike;
    try {
      socket = this.o.createSocket(this.o.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onmessage = (event) => this.onFrame(event.data);
    socket.onclose = (event) => this.onClose(socket, event.code);
    // An error is always followed by a close; the close decides what happens next.
    socket.onerror = () => {};
    socket.onopen = () => {
      this.schedulePing();
    };
  }

  private onFrame(raw: unknown) {
    if (typeof raw !== 'string') return;
    let frame: RealtimeFrame;
    try {
      frame = JSON.parse(raw) as RealtimeFrame;
    } catch {
      return;
    }
    if (!frame || typeof frame.type !== 'string') return;
    this.clearPongTimer();
    if (frame.type === 'ready') {
      // Only "ready" proves the handshake and the session: reset the backoff here, not on open.
      const wasReconnect = this.everOpened;
      this.everOpened = true;
      this.attempts = 0;
      this.setStatus('open');
      if (wasReconnect) this.emitResync();
      return;
    }
    if (frame.type === 'resync') {
      this.emitResync();
      return;
    }
    if (frame.type === 'pong') return;
    for (const handler of [...(this.handlers.get(frame.type) ?? [])]) {
      try {
        handler(frame);
      } catch (error) {
        // One broken listener must not starve the others.
        console.error('[realtime] handler failed', error);
      }
    }
  }

  private onClose(socket: SocketLike, code: number) {
    if (socket !== this.socket) return;
    this.socket = null;
    this.clearTimers();
    if (!this.wanted) return;
    if (code === REALTIME_CLOSE.unauthenticated) {
      // The session is gone: reconnecting would only be refused again. Whoever drives connect()
      // (RealtimeConnection) re-checks the session and logs the user out.
      this.wanted = false;
      this.setStatus('unauthenticated');
      return;
    }
    if (code === REALTIME_CLOSE.replaced) {
      // Too many tabs: this one gave way. Coming back at once would push out another tab in turn.
      this.wanted = false;
      this.setStatus('idle');
      return;
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    this.setStatus('reconnecting');
    const { initialMs, maxMs } = this.o.backoff;
    const base = Math.min(maxMs, initialMs * 2 ** this.attempts);
    const delay = Math.round(base * (1 + 0.3 * this.o.random()));
    this.attempts += 1;
    this.retryTimer = this.o.setTimeout(() => {
      this.retryTimer = null;
      if (this.wanted) this.open();
    }, delay);
  }

  private schedulePing() {
    this.pingTimer = this.o.setTimeout(() => {
      this.pingTimer = null;
      if (!this.send({ type: 'ping' })) return;
      // No frame at all within the timeout: the connection is dead without having said so (sleep,
      // network change). Closing it triggers the reconnect.
      this.pongTimer = this.o.setTimeout(() => {
        this.pongTimer = null;
        const socket = this.socket;
        if (!socket) return;
        socket.close(4000, 'pong timeout');
        this.onClose(socket, 4000);
      }, this.o.pongTimeoutMs);
      this.schedulePing();
    }, this.o.pingMs);
  }

  private clearPongTimer() {
    if (this.pongTimer !== null) this.o.clearTimeout(this.pongTimer);
    this.pongTimer = null;
  }

  private clearTimers() {
    for (const timer of [this.retryTimer, this.pingTimer, this.pongTimer]) {
      if (timer !== null) this.o.clearTimeout(timer);
    }
    this.retryTimer = null;
    this.pingTimer = null;
    this.pongTimer = null;
  }

  private emitResync() {
    for (const listener of [...this.resyncListeners]) {
      try {
        listener();
      } catch (error) {
        console.error('[realtime] resync listener failed', error);
      }
    }
  }

  private setStatus(status: RealtimeStatus) {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    for (const listener of [...this.statusListeners]) listener(status);
  }
}
