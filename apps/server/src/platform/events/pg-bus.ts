import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createInProcessBus, type BusEvent, type EventBus } from './bus.js';
import { ChunkAssembler, decodeChunk, encodeChunks } from './chunks.js';

/** Published on this instance's own listeners after the listening connection came back (see below). */
export const BUS_RESYNC_EVENT = 'bus.resync';

export type PgBusOptions = {
  connectionString: string;
  /** The NOTIFY channel; every instance of one deployment must use the same name. */
  channel?: string;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Reconnect backoff of the listening connection: first delay and cap, in ms. */
  reconnect?: { initialMs: number; maxMs: number };
};

export const DEFAULT_CHANNEL = 'p2p_events';

/**
 * The event bus across several server instances, over PostgreSQL LISTEN/NOTIFY.
 *
 * - `publish` delivers to this instance's listeners at once (no round trip for the common case of both
 *   parties on one instance) and sends the event to the others with NOTIFY; an instance ignores its
 *   own notifications by their origin id, so nobody gets an event twice.
 * - Events larger than a NOTIFY payload (8000 bytes) travel as chunks (chunks.ts).
 * - Publishing goes through one dedicated connection, so events leave in the order they were published;
 *   the events of one turn of the event loop share one statement (one round trip).
 * - Listening holds one more connection (LISTEN is per session). When it drops, the bus reconnects with
 *   backoff and then publishes `bus.resync` locally: events sent meanwhile are lost, and the WebSocket
 *   gateway tells its clients to re-read what they show.
 */
export async function createPgBus(options: PgBusOptions): Promise<EventBus> {
  const channel = options.channel ?? DEFAULT_CHANNEL;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`invalid NOTIFY channel name: ${channel}`);
  const log = options.log;
  const backoff = options.reconnect ?? { initialMs: 250, maxMs: 10_000 };
  const origin = randomUUID();
  const local = createInProcessBus((error) => log?.error({ err: error }, 'event listener failed'));
  const assembler = new ChunkAssembler();
  // One connection for NOTIFY: the pool queues statements in order and replaces a dead connection.
  const publisher = new pg.Pool({ connectionString: options.connectionString, max: 1 });
  publisher.on('error', (error) => log?.warn({ err: error }, 'event bus: publishing connection lost'));

  let messageId = 0;
  let closed = false;
  /** Chunks waiting for the next flush, in publish order. */
  let outbox: string[] = [];
  let flushScheduled = false;

  function flush() {
    flushScheduled = false;
    const chunks = outbox;
    outbox = [];
    if (chunks.length === 0 || closed) return;
    // One statement: its notifications are delivered together, in order, at its commit.
    // Named: the publishing connection parses and plans it once, not on every flush.
    publisher
      .query({
        name: 'event_bus_notify',
        text: 'SELECT pg_notify($1, chunk) FROM unnest($2::text[]) AS chunk',
        values: [channel, chunks],
      })
      .catch((error: unknown) => {
        if (!closed) log?.error({ err: error, events: chunks.length }, 'event bus: NOTIFY failed');
      });
  }

  let listener: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let delay = backoff.initialMs;

  function onNotification(message: pg.Notification) {
    if (message.channel !== channel || message.payload === undefined) return;
    const chunk = decodeChunk(message.payload);
    if (!chunk || chunk.origin === origin) return;
    const text = assembler.add(chunk);
    if (text === null) return;
    let event: BusEvent;
    try {
      event = JSON.parse(text) as BusEvent;
    } catch (error) {
      log?.warn({ err: error }, 'event bus: unreadable event');
      return;
    }
    if (typeof event.type !== 'string' || !Array.isArray(event.userIds)) return;
    local.publish(event);
  }

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: options.connectionString });
    const lost = (error?: Error) => {
      if (listener !== client) return;
      listener = null;
      client.removeAllListeners('notification');
      client.end().catch(() => {});
      if (closed) return;
      log?.warn({ err: error }, 'event bus: listening connection lost, reconnecting');
      scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', onNotification);
    await client.connect();
    await client.query(`LISTEN ${channel}`);
    listener = client;
  }

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().then(
        () => {
          delay = backoff.initialMs;
          local.publish({ type: BUS_RESYNC_EVENT, userIds: [], data: null });
        },
        (error: unknown) => {
          log?.warn({ err: error }, 'event bus: reconnect failed');
          delay = Math.min(delay * 2, backoff.maxMs);
          scheduleReconnect();
        },
      );
    }, delay);
    retryTimer.unref();
  }

  await connect();

  return {
    publish(event) {
      local.publish(event);
      if (closed) return;
      messageId += 1;
      outbox.push(...encodeChunks(origin, messageId, JSON.stringify(event)));
      // Events published in the same turn (a status change and its system message) leave together.
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(flush);
      }
    },
    subscribe: (fn) => local.subscribe(fn),
    async close() {
      flush();
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const client = listener;
      listener = null;
      await Promise.allSettled([client?.end(), publisher.end(), local.close()]);
    },
  };
}
