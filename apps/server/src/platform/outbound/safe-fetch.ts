import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { Agent, fetch as undiciFetch } from 'undici';
import { isPublicAddress } from './public-address.js';

/** Why an outbound call was refused before it left, or failed on the way. */
export type OutboundRefusal =
  | 'invalid_url'
  | 'scheme_not_allowed'
  | 'credentials_in_url'
  | 'address_not_allowed'
  | 'too_many_redirects'
  | 'timeout'
  | 'unreachable';

export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export type OutboundAnswer = {
  status: number;
  /** The start of the answer's body, at most `excerptBytes` (the rest is never read). */
  excerpt: string;
  /** Milliseconds from the first request to the last answer's headers. */
  latencyMs: number;
  /** The address that answered, after any redirects. */
  finalUrl: string;
  /** The last answer's headers, names in lower case. */
  headers: Record<string, string>;
};

export type SafeFetchOptions = {
  /**
   * Hosts (names or addresses, lower case) that may be private: the operator's internal receivers and
   * the tests' local servers (`WEBHOOK_ALLOWED_PRIVATE_HOSTS`).
   */
  allowedHosts?: readonly string[];
  timeoutMs?: number;
  maxRedirects?: number;
  excerptBytes?: number;
};

export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

/**
 * The checks that need no network: scheme, credentials, and a literal private address in the URL
 * (unless its host is in `allowed`). Throws OutboundError; answers the parsed URL.
 */
export function checkOutboundUrl(raw: string, allowed: ReadonlySet<string>): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError('invalid_url', 'Not a valid address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundError('scheme_not_allowed', 'Only http and https addresses are allowed.');
  }
  if (url.username || url.password) {
    throw new OutboundError('credentials_in_url', 'The address may not contain a user name or password.');
  }
  const host = hostOf(url);
  if (ipaddr.isValid(host) && !allowed.has(host) && !isPublicAddress(host)) {
    throw new OutboundError('address_not_allowed', `${host} is a private address.`);
  }
  return url;
}

/**
 * Outbound HTTP to addresses users give (webhooks), safe against server-side request forgery:
 * - only http and https, no user:password in the address;
 * - every address the name resolves to must be public, checked when the connection is made (so a DNS
 *   answer that changes between a check and the connection, "DNS rebinding", cannot slip through);
 * - redirects followed by hand, each hop checked the same way, at most `maxRedirects`;
 * - a time limit on the whole exchange, and only a short excerpt of the answer kept.
 * `allowedHosts` lifts the address rule for the operator's listed hosts only.
 */
export function createSafeFetch(options: SafeFetchOptions = {}) {
  const allowed = new Set((options.allowedHosts ?? []).map((host) => host.toLowerCase()));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxRedirects = options.maxRedirects ?? 3;
  const excerptBytes = options.excerptBytes ?? 1_024;

  // The connection's own name lookup: every answer must be public unless the host is listed.
  const agent = new Agent({
    connect: {
      lookup(hostname, lookupOptions, callback) {
        dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
          if (error) return callback(error, '', 4);
          const list = addresses as unknown as LookupAddress[];
          const refused =
            !allowed.has(hostname.toLowerCase()) && list.some((a) => !isPublicAddress(a.address));
          if (refused || list.length === 0) {
            return callback(
              new OutboundError('address_not_allowed', `${hostname} resolves to a private address.`),
              '',
              4,
            );
          }
          const first = list[0]!;
          // Node's net.connect asks for one address unless `all` is set; answer in the form it asked for.
          if ((lookupOptions as { all?: boolean }).all) return callback(null, list as never, 4);
          return callback(null, first.address, first.family);
        });
      },
    },
  });

  const check = (raw: string) => checkOutboundUrl(raw, allowed);

  async function excerptOf(body: ReadableStream<Uint8Array> | null): Promise<string> {
    if (!body) return '';
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      while (size < excerptBytes) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        size += value.length;
      }
    } finally {
      await reader.cancel().catch(() => undefined);
    }
    return Buffer.concat(chunks).subarray(0, excerptBytes).toString('utf8');
  }

  return async function safeFetch(
    raw: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<OutboundAnswer> {
    const started = performance.now();
    const signal = AbortSignal.timeout(timeoutMs);
    let url = check(raw);
    for (let hop = 0; ; hop += 1) {
      let response;
      try {
        response = await undiciFetch(url, {
          method: init.method ?? 'POST',
          headers: init.headers,
          body: init.body,
          redirect: 'manual',
          signal,
          dispatcher: agent,
        });
      } catch (error) {
        const cause = (error as { cause?: unknown }).cause;
        if (cause instanceof OutboundError) throw cause;
        if (signal.aborted) throw new OutboundError('timeout', `No answer within ${timeoutMs} ms.`);
        throw new OutboundError('unreachable', 'The address could not be reached.');
      }
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel().catch(() => undefined);
        if (hop >= maxRedirects) throw new OutboundError('too_many_redirects', 'Too many redirects.');
        url = check(new URL(location, url).toString());
        continue;
      }
      const excerpt = await excerptOf(response.body);
      return {
        status: response.status,
        excerpt,
        latencyMs: Math.round(performance.now() - started),
        finalUrl: url.toString(),
        headers: Object.fromEntries(response.headers),
      };
    }
  };
}

export type SafeFetch = ReturnType<typeof createSafeFetch>;
