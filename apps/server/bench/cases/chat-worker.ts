import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { randomInt } from 'node:crypto';
import { WebSocket } from 'ws';
import { REALTIME_PATH } from '@app/contract';

/**
 * The client side of the chat bench, in its own thread: the sockets and the senders get their own
 * event loop, so the server's work (PGlite runs on the main thread's loop) does not delay the moment a
 * frame is read, and the server is not slowed by the clients' parsing. Times are absolute
 * (`timeOrigin + now()`), comparable with the main thread's.
 */
export type ChatParty = { userId: number; cookie: string; csrf: string };
export type ChatWorkerInput = {
  base: string;
  trades: { hash: string; seller: ChatParty; buyer: ChatParty }[];
  senders: number;
  durationSeconds: number;
  run: string;
};
export type ChatSample = { key: string; sentAt: number; answeredAt: number; receivedAt: number | null };
/** The control: the same senders posting to the trivial route (session, CSRF, no work) for as long. */
export type ChatControl = { requests: number; latencies: number[] };
export type ChatWorkerMessage =
  { type: 'connected' } | { type: 'done'; samples: ChatSample[]; control: ChatControl };

const input = workerData as ChatWorkerInput;
const now = () => performance.timeOrigin + performance.now();
const waiting = new Map<string, (at: number) => void>();
const sockets: WebSocket[] = [];

async function connect(party: ChatParty): Promise<void> {
  const ws = new WebSocket(`${input.base.replace(/^http/, 'ws')}${REALTIME_PATH}`, {
    headers: { cookie: party.cookie },
    origin: input.base,
  });
  sockets.push(ws);
  await new Promise<void>((resolve, reject) => {
    ws.on('message', (raw) => {
      const at = now();
      const frame = JSON.parse(raw.toString()) as { type: string; data?: { text?: string } };
      if (frame.type === 'ready') resolve();
      if (frame.type === 'trade.message' && frame.data?.text) {
        waiting.get(`${party.userId}:${frame.data.text}`)?.(at);
      }
    });
    ws.once('error', reject);
  });
}

/** A logged-in JSON POST as `party`; throws unless it answers `expected`. */
async function postAs(party: ChatParty, path: string, body: object, expected: number): Promise<void> {
  const response = await fetch(`${input.base}${path}`, {
    method: 'POST',
    headers: {
      cookie: party.cookie,
      'x-csrf-token': party.csrf,
      accept: 'application/json',
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  if (response.status !== expected) throw new Error(`POST ${path} answered ${response.status}`);
}

async function main() {
  for (let i = 0; i < input.trades.length; i += 50) {
    // In batches: 500 handshakes at once would mostly measure the accept queue.
    await Promise.all(input.trades.slice(i, i + 50).flatMap((t) => [connect(t.seller), connect(t.buyer)]));
  }
  parentPort!.postMessage({ type: 'connected' } satisfies ChatWorkerMessage);
  await new Promise<void>((resolve) => parentPort!.once('message', () => resolve()));

  const samples: ChatSample[] = [];
  let sequence = 0;
  const until = performance.now() + input.durationSeconds * 1000;
  await Promise.all(
    Array.from({ length: input.senders }, async () => {
      while (performance.now() < until) {
        const trade = input.trades[randomInt(input.trades.length)]!;
        const [from, to] = randomInt(2) === 0 ? [trade.buyer, trade.seller] : [trade.seller, trade.buyer];
        sequence += 1;
        const text = `bench ${input.run} ${sequence}`;
        const key = `${to.userId}:${text}`;
        const received = new Promise<number>((resolve) => waiting.set(key, resolve));
        const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 5_000).unref());
        const sentAt = now();
        await postAs(from, `/rest/v1/trade/${trade.hash}/messages`, { text }, 201);
        const answeredAt = now();
        const receivedAt = await Promise.race([received, timeout]);
        waiting.delete(key);
        samples.push({ key, sentAt, answeredAt, receivedAt });
      }
    }),
  );
  // The control, with the sockets still open: what the same senders get from a logged-in POST that does
  // nothing (the session read and the CSRF check every write pays, the HTTP and the client's own cost).
  const control: ChatControl = { requests: 0, latencies: [] };
  const controlUntil = performance.now() + input.durationSeconds * 1000;
  await Promise.all(
    Array.from({ length: input.senders }, async () => {
      while (performance.now() < controlUntil) {
        const trade = input.trades[randomInt(input.trades.length)]!;
        const from = randomInt(2) === 0 ? trade.buyer : trade.seller;
        const sentAt = now();
        await postAs(from, '/bench/trivial', { text: `control ${input.run}` }, 200);
        control.requests += 1;
        control.latencies.push(now() - sentAt);
      }
    }),
  );
  for (const ws of sockets) ws.terminate();
  parentPort!.postMessage({ type: 'done', samples, control } satisfies ChatWorkerMessage);
}

main().catch((error: unknown) => {
  throw error;
});
