import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFetch, OutboundError, type OutboundRefusal } from './safe-fetch.js';

/**
 * A local receiver: `/ok` answers, `/to?url=` redirects there, `/loop` to itself, `/slow` never
 * answers, `/big` is long.
 */
async function receiver() {
  const seen: { method: string; body: string; headers: http.IncomingHttpHeaders }[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ method: request.method ?? '', body, headers: request.headers });
      const url = new URL(request.url ?? '/', 'http://x');
      if (url.pathname === '/loop') {
        response.writeHead(307, { location: '/loop' }).end();
      } else if (url.pathname === '/to') {
        response.writeHead(307, { location: url.searchParams.get('url') ?? '/' }).end();
      } else if (url.pathname === '/slow') {
        // Never answers: the caller's time limit ends it.
      } else if (url.pathname === '/big') {
        response.writeHead(200).end('x'.repeat(100_000));
      } else {
        response.writeHead(200, { 'content-type': 'text/plain' }).end('received');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    seen,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const refusal = async (call: Promise<unknown>): Promise<OutboundRefusal> => {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return (error as OutboundError).reason;
};

describe('safe outbound fetch', () => {
  let local: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    local = await receiver();
  });
  afterAll(() => local.close());

  it('should refuse private and local addresses, named or literal, before anything is sent', async () => {
    const strict = createSafeFetch({ timeoutMs: 2_000 });
    const before = local.seen.length;
    for (const url of [
      local.url('/ok'),
      `http://localhost:${local.port}/ok`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://0.0.0.0/',
    ]) {
      expect(await refusal(strict(url)), url).toBe('address_not_allowed');
    }
    expect(local.seen.length).toBe(before);
  });

  it('should refuse other schemes, credentials and nonsense', async () => {
    const strict = createSafeFetch();
    expect(await refusal(strict('file:///etc/passwd'))).toBe('scheme_not_allowed');
    expect(await refusal(strict('ftp://example.com/'))).toBe('scheme_not_allowed');
    expect(await refusal(strict('gopher://example.com/'))).toBe('scheme_not_allowed');
    expect(await refusal(strict('https://user:pass@example.com/'))).toBe('credentials_in_url');
    expect(await refusal(strict('not a url'))).toBe('invalid_url');
  });

  it('should deliver to a listed private host, and keep only an excerpt of the answer', async () => {
    const listed = createSafeFetch({ allowedHosts: ['127.0.0.1'], excerptBytes: 64 });
    const answer = await listed(local.url('/ok'), {
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(answer).toMatchObject({ status: 200, excerpt: 'received' });
    expect(answer.latencyMs).toBeGreaterThanOrEqual(0);
    expect(local.seen.at(-1)).toMatchObject({ method: 'POST', body: '{"a":1}' });
    const big = await listed(local.url('/big'));
    expect(big.excerpt).toHaveLength(64);
  });

  it('should check every redirect: one to the metadata service or a private name is refused', async () => {
    const listed = createSafeFetch({ allowedHosts: ['127.0.0.1'], timeoutMs: 2_000 });
    const toMetadata = local.url(`/to?url=${encodeURIComponent('http://169.254.169.254/latest/')}`);
    expect(await refusal(listed(toMetadata))).toBe('address_not_allowed');
    const toLocalhost = local.url(`/to?url=${encodeURIComponent(`http://localhost:${local.port}/ok`)}`);
    expect(await refusal(listed(toLocalhost))).toBe('address_not_allowed');
    const toFile = local.url(`/to?url=${encodeURIComponent('file:///etc/passwd')}`);
    expect(await refusal(listed(toFile))).toBe('scheme_not_allowed');
    // A redirect within the listed host is followed; a loop ends.
    expect((await listed(local.url(`/to?url=${encodeURIComponent('/ok')}`))).excerpt).toBe('received');
    expect(await refusal(listed(local.url('/loop')))).toBe('too_many_redirects');
  });

  it('should give up on a receiver that does not answer in time', async () => {
    const listed = createSafeFetch({ allowedHosts: ['127.0.0.1'], timeoutMs: 300 });
    expect(await refusal(listed(local.url('/slow')))).toBe('timeout');
  });
});
