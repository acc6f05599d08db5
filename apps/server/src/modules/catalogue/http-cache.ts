import { createHash } from 'node:crypto';
import { brotliCompress, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { snakeCaseKeys, wantsSnakeCase } from '../../platform/http/case.js';

/**
 * Cached, pre-serialized JSON answers with an ETag. Reference data changes rarely and every page asks
 * for it, so each distinct answer is built, validated and serialized once; later requests send the same
 * string (no per-request serialization) and a browser that already has it gets a bodiless 304.
 */

export type CachedBody = {
  body: string;
  /** The body as UTF-8 bytes, encoded once rather than on every send. */
  bytes: Buffer;
  etag: string;
  /** The body gzipped once, for clients that accept it (every browser); built on first use. */
  gzipped?: Buffer;
  /** Brotli at its best quality (about 17 % smaller than gzip on this JSON), built off the event loop. */
  brotli?: Buffer;
  /** Requests served from this entry, to compress only hot answers with the slow brotli setting. */
  hits: number;
};

/** Below this, compressing costs more than it saves. */
const GZIP_MIN_BYTES = 1_024;

/** Reference data: a minute in any cache, then a cheap revalidation with If-None-Match. */
export const REFERENCE_CACHE_CONTROL = 'public, max-age=60, must-revalidate';
/** Rates move every tick: a few seconds only. */
export const RATES_CACHE_CONTROL = 'public, max-age=5, must-revalidate';

/** Serializes a payload and derives a strong ETag from its bytes. */
export function toCachedBody(payload: unknown): CachedBody {
  return cachedBodyOf(JSON.stringify(payload));
}

/** A JSON text already serialized (pages assembled from serialized parts), with its ETag. */
export function cachedBodyOf(body: string): CachedBody {
  const bytes = Buffer.from(body, 'utf8');
  const etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`;
  return { body, bytes, etag, hits: 0 };
}

/** True when the request's If-None-Match names this ETag (weak comparison, lists and `*` allowed). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/**
 * A bounded map of built answers for one data version. `clear()` when the data changes; the bound only
 * guards against a client walking through thousands of distinct query strings.
 */
export class ResponseCache {
  private readonly entries = new Map<string, CachedBody>();
  private brotliBusy = false;

  /**
   * `brotli`: also keep a brotli copy of hot entries. Worth it for data that stays put for minutes
   * (reference data), not for answers rebuilt every tick (rates).
   */
  constructor(private readonly options: { maxEntries?: number; brotli?: boolean } = {}) {}

  /** The cached answer for `key`, building it on the first request. */
  get(key: string, build: () => unknown): CachedBody {
    const hit = this.entries.get(key);
    if (hit) return hit;
    if (this.entries.size >= (this.options.maxEntries ?? 2_000)) this.entries.clear();
    const entry = toCachedBody(build());
    this.entries.set(key, entry);
    return entry;
  }

  /** Whether an answer is cached under the full key (`<responseCase>|<key>`, as `sendCached` stores it). */
  has(fullKey: string): boolean {
    return this.entries.has(fullKey);
  }

  clear(): void {
    this.entries.clear();
  }

  /**
   * The brotli copy when it is ready. Otherwise, once the entry is hot (a third request), starts building
   * it in libuv's thread pool, one entry at a time so a client walking through many query strings cannot
   * keep the CPU busy; the caller sends gzip meanwhile.
   */
  brotliOf(entry: CachedBody): Buffer | undefined {
    if (entry.brotli || !this.options.brotli || entry.hits < 3 || this.brotliBusy) return entry.brotli;
    this.brotliBusy = true;
    brotliCompress(
      entry.bytes,
      {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: entry.bytes.length,
        },
      },
      (error, compressed) => {
        this.brotliBusy = false;
        if (!error) entry.brotli = compressed;
      },
    );
    return undefined;
  }
}

/**
 * `?case=snake` changes the body, so it is part of every cache key. The same rule and conversion as the
 * envelope's (platform/http/case.ts): only camelCase keys are renamed, so codes (`US`, `BTC`) survive.
 */
export function responseCaseOf(request: FastifyRequest): 'snake' | 'camel' {
  return wantsSnakeCase(request.url) ? 'snake' : 'camel';
}

type Encoding = 'identity' | 'gzip' | 'br';
const ENCODINGS: readonly Encoding[] = ['identity', 'gzip', 'br'];

/** Each encoding is its own representation, so it gets its own strong validator (`"<sha1>-gzip"`). */
function etagOf(entry: CachedBody, encoding: Encoding): string {
  return encoding === 'identity' ? entry.etag : `${entry.etag.slice(0, -1)}-${encoding}"`;
}

/**
 * Answers from the cache: 304 when the client's copy is current, else the stored JSON. Sending bytes
 * skips Fastify's serializer and the envelope's conversion (it only rewrites JSON text), so `?case=snake`
 * is applied here, once, when the entry is built.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: ResponseCache,
  key: string,
  build: () => unknown,
  cacheControl: string = REFERENCE_CACHE_CONTROL,
): FastifyReply {
  const responseCase = responseCaseOf(request);
  const entry = cache.get(`${responseCase}|${key}`, () => {
    const payload = build();
    return responseCase === 'snake' ? snakeCaseKeys(payload) : payload;
  });
  entry.hits += 1;
  const compressible = entry.bytes.length >= GZIP_MIN_BYTES;
  const accepts = String(request.headers['accept-encoding'] ?? '');
  const brotli = compressible && /\bbr\b/.test(accepts) ? cache.brotliOf(entry) : undefined;
  return sendCachedBody(request, reply, entry, cacheControl, brotli);
}

/**
 * Sends one cached answer: 304 when the client's copy is current, else the brotli copy when given, gzip
 * (made once per entry) when the client accepts it, or the bytes.
 */
export function sendCachedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedBody,
  cacheControl: string,
  brotli?: Buffer,
): FastifyReply {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  const compressible = entry.bytes.length >= GZIP_MIN_BYTES;
  const encoding: Encoding = brotli ? 'br' : compressible && /\bgzip\b/.test(accepts) ? 'gzip' : 'identity';
  reply
    .header('etag', etagOf(entry, encoding))
    .header('cache-control', cacheControl)
    .header('vary', 'accept-encoding');
  // A client holding any encoding of these bytes holds the current data: it need not download it again
  // just because the encoding we would pick today (brotli, once ready) differs from the one it got.
  const ifNoneMatch = request.headers['if-none-match'];
  if (ENCODINGS.some((e) => matchesIfNoneMatch(ifNoneMatch, etagOf(entry, e)))) {
    return reply.code(304).send();
  }
  reply.type('application/json; charset=utf-8');
  if (encoding === 'br' && brotli) return reply.header('content-encoding', 'br').send(brotli);
  if (encoding === 'identity') return reply.send(entry.bytes);
  entry.gzipped ??= gzipSync(entry.bytes);
  return reply.header('content-encoding', 'gzip').send(entry.gzipped);
}

/** Sends a JSON text assembled from validated, serialized parts (no serializer, no ETag). */
export function sendJsonText(reply: FastifyReply, text: string, cacheControl: string): FastifyReply {
  return reply
    .type('application/json; charset=utf-8')
    .header('cache-control', cacheControl)
    .send(Buffer.from(text, 'utf8'));
}
