import type { BitcoinNode, BroadcastResult, TxStatus, Utxo } from '../bitcoin-node.js';
import type { BlockRef, BlockSource, ObservedTransfer, WatchedAddresses } from '../block-source.js';
import type { BitcoinNetwork } from './networks.js';
import { parseRawBlock, parseRawTransaction, type RawTransaction } from './raw-block.js';
import { addressOfScript } from './script-address.js';

/**
 * Bitcoin and Litecoin over an Esplora HTTP API (issue 27, decision 0056): the API Blockstream and
 * mempool.space serve and `electrs`/`mempool` self-host. One client is both the follower's `BlockSource`
 * and the hot wallet's `BitcoinNode`. A Bitcoin Core RPC client would be a second implementation of the
 * same two interfaces.
 *
 * - A block is read with ONE request (`/block/:hash/raw`) and parsed here (raw-block.ts): never a request
 *   per transaction.
 * - The mempool is read as a diff of `/mempool/txids`: at most `mempoolFetchCap` new transactions are
 *   fetched per pass (`/tx/:txid/raw`), the rest on the next passes. A pending deposit therefore shows
 *   after at most ceil(new transactions / cap) passes; crediting never depends on it (blocks are read
 *   whole).
 * - Every request has a timeout; network errors, timeouts, 429 and 5xx are retried with exponential
 *   backoff; a redirect is followed only on the same origin (a redirect to another host is refused, so a
 *   hijacked or misconfigured proxy cannot point the wallet at another node).
 */

export type EsploraOptions = {
  /** Base URL of the API, e.g. https://blockstream.info/api or http://127.0.0.1:3002. */
  url: string;
  network: BitcoinNetwork;
  /** Per request, milliseconds (default 10,000). */
  timeoutMs?: number;
  /** Retries after the first attempt for transient failures (default 3). */
  retries?: number;
  /** First backoff delay, doubled each retry (default 250 ms). */
  backoffMs?: number;
  /** New mempool transactions fetched per `mempoolTransfers` pass (default 500). */
  mempoolFetchCap?: number;
  /** Satoshis per vbyte when the node has no estimate (an idle regtest or signet node; default 1). */
  fallbackFeeRate?: number;
  fetch?: typeof fetch;
};

export class EsploraError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

type EsploraUtxo = { txid: string; vout: number; value: number; status: EsploraStatus };
type EsploraStatus = { confirmed: boolean; block_height?: number; block_hash?: string };

const TXID = /^[0-9a-f]{64}$/;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class EsploraClient implements BlockSource, BitcoinNode {
  readonly network: string;
  readonly coins: readonly string[];
  private readonly base: URL;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly backoffMs: number;
  private readonly mempoolFetchCap: number;
  private readonly fallbackFeeRate: number;
  private readonly fetchImpl: typeof fetch;
  /** Mempool transactions already read: their payments to watched addresses (usually none). */
  private mempoolSeen = new Map<string, ObservedTransfer[]>();

  constructor(private readonly options: EsploraOptions) {
    this.network = options.network.coin;
    this.coins = [options.network.coin];
    this.base = new URL(options.url.endsWith('/') ? options.url : `${options.url}/`);
    if (this.base.protocol !== 'http:' && this.base.protocol !== 'https:') {
      throw new EsploraError(`The Esplora URL must be http(s): ${options.url}`, null);
    }
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.retries = options.retries ?? 3;
    this.backoffMs = options.backoffMs ?? 250;
    this.mempoolFetchCap = options.mempoolFetchCap ?? 500;
    this.fallbackFeeRate = options.fallbackFeeRate ?? 1;
    this.fetchImpl = options.fetch ?? fetch;
  }

  // --- HTTP ---------------------------------------------------------------------------------------------

  /**
   * One API call with timeout, retries and same-origin redirects. Returns null for a 404 when `notFound`
   * is 'null' (a height above the tip, an unknown txid).
   */
  private async request(
    path: string,
    init: { method?: 'GET' | 'POST'; body?: string; notFound?: 'null' } = {},
  ): Promise<Response | null> {
    let url = new URL(path, this.base);
    let lastError: unknown;
    for (let attempt = 0; attempt <= this.retries; attempt += 1) {
      if (attempt > 0) await sleep(this.backoffMs * 2 ** (attempt - 1));
      try {
        for (let hops = 0; ; hops += 1) {
          const response = await this.fetchImpl(url, {
            method: init.method ?? 'GET',
            body: init.body,
            headers: init.body === undefined ? undefined : { 'content-type': 'text/plain' },
            redirect: 'manual',
            signal: AbortSignal.timeout(this.timeoutMs),
          });
          if (response.status >= 300 && response.status < 400) {
            const location = response.headers.get('location');
            const next = location ? new URL(location, url) : null;
            if (!next || next.origin !== this.base.origin || hops >= 3) {
              throw new EsploraError(
                `The Esplora API at ${this.base.origin} redirected ${path} to ${next?.origin ?? 'nowhere'}: ` +
                  'redirects to another host are not followed.',
                response.status,
              );
            }
            url = next;
            continue;
          }
          if (response.status === 404 && init.notFound === 'null') return null;
          if (response.status === 429 || response.status >= 500) {
            lastError = new EsploraError(
              `The Esplora API answered ${response.status} to ${path}: ${await safeText(response)}`,
              response.status,
            );
            break; // retry
          }
          return response;
        }
      } catch (error) {
        if (error instanceof EsploraError && error.status !== null && error.status < 400) throw error;
        lastError =
          error instanceof EsploraError
            ? error
            : new EsploraError(
                `The Esplora API at ${this.base.origin} did not answer ${path}: ${describe(error)}`,
                null,
              );
      }
    }
    throw lastError;
  }

  private async text(path: string): Promise<string> {
    const response = (await this.request(path))!;
    const body = await response.text();
    if (!response.ok) {
      throw new EsploraError(
        `The Esplora API refused ${path} (${response.status}): ${body}`,
        response.status,
      );
    }
    return body.trim();
  }

  private async json<T>(path: string): Promise<T> {
    const body = await this.text(path);
    try {
      return JSON.parse(body) as T;
    } catch {
      throw new EsploraError(`The Esplora API answered ${path} with something that is not JSON.`, null);
    }
  }

  private async bytes(path: string): Promise<Uint8Array> {
    const response = (await this.request(path))!;
    if (!response.ok) {
      throw new EsploraError(
        `The Esplora API refused ${path} (${response.status}): ${await safeText(response)}`,
        response.status,
      );
    }
    return new Uint8Array(await response.arrayBuffer());
  }

  private async tipHeight(): Promise<number> {
    const height = Number(await this.text('blocks/tip/height'));
    if (!Number.isInteger(height) || height < 0) {
      throw new EsploraError('The tip height is not a number.', null);
    }
    return height;
  }

  // --- BlockSource --------------------------------------------------------------------------------------

  async tip(): Promise<BlockRef> {
    // Height then the hash at that height: a consistent pair even if a block arrives in between.
    const height = await this.tipHeight();
    const hash = await this.blockHashAt(height);
    if (hash === null) throw new EsploraError(`The node has no block at its own tip height ${height}.`, null);
    return { height, hash };
  }

  async blockHashAt(height: number): Promise<string | null> {
    if (!Number.isInteger(height) || height < 0) throw new RangeError(`bad height ${height}`);
    const response = await this.request(`block-height/${height}`, { notFound: 'null' });
    if (response === null) return null;
    const body = (await response.text()).trim();
    if (!response.ok) {
      // Some Esplora versions answer 400 rather than 404 above the tip.
      if (response.status === 400) return null;
      throw new EsploraError(
        `The Esplora API refused block-height/${height} (${response.status}): ${body}`,
        response.status,
      );
    }
    if (!TXID.test(body)) throw new EsploraError(`block-height/${height} did not answer a block hash.`, null);
    return body;
  }

  async transfersInBlock(block: BlockRef, watched: WatchedAddresses): Promise<ObservedTransfer[]> {
    if (!TXID.test(block.hash)) throw new RangeError(`bad block hash ${block.hash}`);
    const parsed = parseRawBlock(await this.bytes(`block/${block.hash}/raw`));
    if (parsed.hash !== block.hash) {
      throw new EsploraError(`The node answered block ${parsed.hash} for ${block.hash}.`, null);
    }
    const transfers: ObservedTransfer[] = [];
    for (const tx of parsed.transactions) this.collect(tx, watched, transfers);
    return transfers;
  }

  async mempoolTransfers(watched: WatchedAddresses): Promise<ObservedTransfer[]> {
    const txids = await this.json<string[]>('mempool/txids');
    if (!Array.isArray(txids)) throw new EsploraError('mempool/txids did not answer a list.', null);
    const previous = this.mempoolSeen;
    const next = new Map<string, ObservedTransfer[]>();
    const unseen: string[] = [];
    for (const txid of txids) {
      if (typeof txid !== 'string' || !TXID.test(txid)) continue;
      const known = previous.get(txid);
      if (known) next.set(txid, known);
      else unseen.push(txid);
    }
    // Bounded work per pass: the rest waits for the next one.
    const batch = unseen.slice(0, this.mempoolFetchCap);
    const fetched = await mapLimit(batch, 8, async (txid) => {
      const response = await this.request(`tx/${txid}/raw`, { notFound: 'null' });
      if (response === null || !response.ok) return null; // left the mempool meanwhile
      return parseRawTransaction(new Uint8Array(await response.arrayBuffer()));
    });
    for (const tx of fetched) {
      if (!tx) continue;
      const found: ObservedTransfer[] = [];
      this.collect(tx, watched, found);
      next.set(tx.txid, found);
    }
    this.mempoolSeen = next;
    return [...next.values()].flat().filter((t) => watched.has(t.address));
  }

  private collect(tx: RawTransaction, watched: WatchedAddresses, into: ObservedTransfer[]) {
    for (const output of tx.outputs) {
      if (output.value === 0n) continue;
      const address = addressOfScript(output.script, this.options.network);
      if (address !== null && watched.has(address)) {
        into.push({
          coin: this.network,
          txid: tx.txid,
          outputIndex: output.index,
          address,
          amount: output.value,
        });
      }
    }
  }

  // --- BitcoinNode --------------------------------------------------------------------------------------

  async utxos(address: string): Promise<Utxo[]> {
    const [list, tip] = await Promise.all([
      this.json<EsploraUtxo[]>(`address/${encodeURIComponent(address)}/utxo`),
      this.tipHeight(),
    ]);
    return list.map((u) => ({
      txid: u.txid,
      vout: u.vout,
      value: BigInt(u.value),
      confirmations:
        u.status.confirmed && u.status.block_height !== undefined ? tip - u.status.block_height + 1 : 0,
    }));
  }

  async feeRate(targetBlocks: number): Promise<number> {
    const estimates = await this.json<Record<string, number>>('fee-estimates');
    const targets = Object.keys(estimates)
      .map(Number)
      .filter((t) => Number.isFinite(t) && Number.isFinite(estimates[String(t)]))
      .sort((a, b) => a - b);
    if (targets.length === 0) return this.fallbackFeeRate;
    // The estimate for the largest target not above the one asked (never a slower one).
    const chosen = [...targets].reverse().find((t) => t <= targetBlocks) ?? targets[0]!;
    return Math.max(estimates[String(chosen)]!, this.fallbackFeeRate);
  }

  async broadcast(rawTxHex: string): Promise<BroadcastResult> {
    if (!/^([0-9a-fA-F]{2})+$/.test(rawTxHex)) return { accepted: false, reason: 'not a hex transaction' };
    const txid = parseRawTransaction(Buffer.from(rawTxHex, 'hex')).txid;
    const response = (await this.request('tx', { method: 'POST', body: rawTxHex }))!;
    const body = (await response.text()).trim();
    if (response.ok) return { accepted: true, txid: TXID.test(body) ? body : txid };
    // Sent twice (a retry after a lost answer): the node has it, which is what was asked.
    if (/already in (block ?chain|mempool)|txn-already-(known|in-mempool)/i.test(body)) {
      return { accepted: true, txid };
    }
    return { accepted: false, reason: body || `status ${response.status}` };
  }

  async txStatus(txid: string): Promise<TxStatus> {
    if (!TXID.test(txid)) return { state: 'unknown' };
    const response = await this.request(`tx/${txid}/status`, { notFound: 'null' });
    if (response === null) return { state: 'unknown' };
    if (!response.ok) {
      if (response.status === 400) return { state: 'unknown' };
      throw new EsploraError(
        `The Esplora API refused tx/${txid}/status (${response.status})`,
        response.status,
      );
    }
    const status = (await response.json()) as EsploraStatus;
    if (!status.confirmed || status.block_height === undefined || !status.block_hash) {
      return { state: 'mempool' };
    }
    const tip = await this.tipHeight();
    return {
      state: 'confirmed',
      blockHeight: status.block_height,
      blockHash: status.block_hash,
      confirmations: tip - status.block_height + 1,
    };
  }

  /** Confirmed plus unconfirmed balance of an address, from its unspent outputs. */
  async balance(address: string): Promise<bigint> {
    const list = await this.json<EsploraUtxo[]>(`address/${encodeURIComponent(address)}/utxo`);
    return list.reduce((sum, u) => sum + BigInt(u.value), 0n);
  }

  /** The hash of block 0: which chain the node serves. */
  async genesisHash(): Promise<string> {
    const hash = await this.blockHashAt(0);
    if (hash === null) throw new EsploraError('The node has no block 0.', null);
    return hash;
  }
}

async function safeText(response: Response): Promise<string> {
  try {
    return (await response.text()).slice(0, 300);
  } catch {
    return '';
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timed out';
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? error.message;
  }
  return String(error);
}

/** Runs `fn` over `items` with at most `limit` at a time, keeping the order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
