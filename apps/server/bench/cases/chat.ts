import pg from 'pg';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/platform/db/client.js';
import { BENCH_SELL_OFFER, benchSession, fundBench } from '../sessions.js';
import type {
  ChatControl,
  ChatParty,
  ChatSample,
  ChatWorkerInput,
  ChatWorkerMessage,
} from './chat-worker.js';

export type ChatBenchOptions = {
  /** WebSocket clients to connect (two per trade). */
  clients: number;
  /** Concurrent senders, each posting one message after another. */
  senders: number;
  durationSeconds: number;
};

export type ChatBenchResult = {
  /** Sockets the gateway held during the measurement. */
  clients: number;
  trades: number;
  messages: number;
  perSecond: number;
  /** POST sent -> the other party's socket received the frame. */
  delivery: { p50: number; p90: number; p99: number; max: number };
  /** POST sent -> its 201 answer (the sender's own view). */
  post: { p50: number; p99: number };
  /** The same senders on the trivial logged-in POST for as long (the machine's ceiling for this client). */
  control: { perSecond: number; p99: number };
  /** The event published on the bus (after the commit) -> the other party's socket received it. */
  fanOut: { p50: number; p99: number };
  lost: number;
  setupSeconds: number;
};

type Party = ChatParty;

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * The chat case: `clients` users hold a WebSocket each (pairs trading with each other), and `senders`
 * loops post chat messages through `POST /rest/v1/trade/{id}/messages` for the duration. Each message
 * is timed from just before its POST until the frame reaches the other party's socket: HTTP, session,
 * the trade checks, the insert and commit, the event bus, the gateway's fan-out and the socket write.
 * Users and sessions are inserted directly (hashing 500 passwords would only time argon2); offers and
 * trades go through the HTTP API like a browser's.
 */
export async function runChatBench(
  app: FastifyInstance,
  database: Database,
  base: string,
  options: ChatBenchOptions,
): Promise<ChatBenchResult> {
  const setupStarted = performance.now();
  let setupTook = 0;
  let connected = 0;
  const pairs = Math.max(1, Math.floor(options.clients / 2));
  const run = Date.now().toString(36);
  const http = async (party: Party, method: 'GET' | 'POST', path: string, body?: object) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        cookie: party.cookie,
        'x-csrf-token': party.csrf,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as { data: Record<string, unknown> };
  };

  const newParty = (name: string): Promise<Party> => benchSession(database.db, name);

  const trades: { hash: string; seller: Party; buyer: Party }[] = [];
  for (let i = 0; i < pairs; i += 1) {
    const seller = await newParty(`chs_${run}_${i}`);
    const buyer = await newParty(`chb_${run}_${i}`);
    await fundBench(database.db, seller.userId, `chat-${run}-${i}`);
    const offer = await http(seller, 'POST', '/rest/v1/my-offers', BENCH_SELL_OFFER);
    const started = await http(buyer, 'POST', '/rest/v1/trade/start', {
      offer_hash: offer.data.idHashed,
      fiat_amount: '20',
    });
    trades.push({ hash: String(started.data.id), seller, buyer });
  }

  if (process.env.BENCH_TRACE === '1' && database.kind === 'postgres' && trades[0]) {
    // The statements one message sends (the session, the checks, the insert and its record, the event).
    const texts: string[] = [];
    const original = pg.Client.prototype.query;
    const counting = function (this: pg.Client, ...args: unknown[]) {
      const first = args[0] as string | { text?: string };
      texts.push(typeof first === 'string' ? first : (first.text ?? '?'));
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
    pg.Client.prototype.query = counting as typeof original;
    try {
      await http(trades[0].buyer, 'POST', `/rest/v1/trade/${trades[0].hash}/messages`, { text: 'traced' });
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      pg.Client.prototype.query = original;
    }
    console.log(`[chat] one message: ${texts.length} statements`);
    for (const text of texts) console.log(`    ${text.replace(/\s+/g, ' ').slice(0, 160)}`);
  }

  // The clients run in a worker thread (chat-worker.ts); this thread notes when each message reached
  // the bus. Subscribed after the gateway, so this runs right after the frame was written to the socket.
  const publishedAt = new Map<string, number>();
  const unsubscribe = app.events.subscribe((event) => {
    const text = (event.data as { text?: unknown } | null)?.text;
    if (event.type !== 'trade.message' || typeof text !== 'string' || !text.startsWith(`bench ${run} `)) {
      return;
    }
    const at = performance.timeOrigin + performance.now();
    for (const userId of event.userIds) publishedAt.set(`${userId}:${text}`, at);
  });
  const worker = new Worker(new URL('./chat-worker-entry.mjs', import.meta.url), {
    workerData: {
      base,
      trades,
      senders: options.senders,
      durationSeconds: options.durationSeconds,
      run,
    } satisfies ChatWorkerInput,
  });
  const { samples, control } = await new Promise<{ samples: ChatSample[]; control: ChatControl }>(
    (resolve, reject) => {
      worker.on('message', (message: ChatWorkerMessage) => {
        if (message.type === 'connected') {
          setupTook = (performance.now() - setupStarted) / 1000;
          // What the server holds, not what the bench thinks it opened.
          connected = app.realtime.size;
          worker.postMessage('go');
        } else resolve(message);
      });
      worker.once('error', reject);
    },
  );
  unsubscribe();
  await worker.terminate();
  // The gateway notices the closed sockets; give it a moment before the app shuts down.
  await new Promise((resolve) => setTimeout(resolve, 200));

  const delivery: number[] = [];
  const post: number[] = [];
  const fanOut: number[] = [];
  let lost = 0;
  for (const sample of samples) {
    post.push(sample.answeredAt - sample.sentAt);
    if (sample.receivedAt === null) {
      lost += 1;
      continue;
    }
    delivery.push(sample.receivedAt - sample.sentAt);
    const published = publishedAt.get(sample.key);
    if (published !== undefined) fanOut.push(sample.receivedAt - published);
  }

  delivery.sort((a, b) => a - b);
  post.sort((a, b) => a - b);
  fanOut.sort((a, b) => a - b);
  return {
    clients: connected,
    trades: trades.length,
    messages: delivery.length,
    perSecond: delivery.length / options.durationSeconds,
    delivery: {
      p50: percentile(delivery, 50),
      p90: percentile(delivery, 90),
      p99: percentile(delivery, 99),
      max: delivery.at(-1) ?? NaN,
    },
    post: { p50: percentile(post, 50), p99: percentile(post, 99) },
    fanOut: { p50: percentile(fanOut, 50), p99: percentile(fanOut, 99) },
    lost,
    setupSeconds: setupTook,
    control: {
      perSecond: control.requests / options.durationSeconds,
      p99: percentile(
        [...control.latencies].sort((a, b) => a - b),
        99,
      ),
    },
  };
}
