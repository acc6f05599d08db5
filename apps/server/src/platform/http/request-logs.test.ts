import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { QuietRequestLogs } from './request-logs.js';

/** A Fastify app logging at info into an array; `/ok` answers, `/fails` throws. */
async function appLogging(quiet: boolean) {
  const lines: { msg: string; level: number }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { msg: string; level: number });
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'info', stream },
    ...(quiet ? { logController: new QuietRequestLogs() } : {}),
  });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw new Error('broken');
  });
  await app.ready();
  return { app, lines };
}

describe('request logs', () => {
  it('should write a line per request arriving and completing by default', async () => {
    const { app, lines } = await appLogging(false);
    await app.inject({ method: 'GET', url: '/ok' });
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    await app.close();
  });

  it('should write neither when quiet, and still log what a route logs itself', async () => {
    const { app, lines } = await appLogging(true);
    app.log.info('started');
    await app.inject({ method: 'GET', url: '/ok' });
    expect(lines.map((line) => line.msg)).toEqual(['started']);
    await app.close();
  });

  it('should still log a failing request as an error when quiet', async () => {
    const { app, lines } = await appLogging(true);
    expect((await app.inject({ method: 'GET', url: '/fails' })).statusCode).toBe(500);
    expect(lines).toEqual([expect.objectContaining({ msg: 'broken', level: 50 })]);
    await app.close();
  });
});
