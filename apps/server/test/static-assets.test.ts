import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

/** A script long enough to be worth compressing, as the web build's assets are. */
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;

describe('built web assets', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    // A tiny web build: the shell, one asset and its precompressed copies (as vite.config.ts writes them).
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'p2p-web-dist-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<html><head><title>x</title></head><body></body></html>',
    );
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), script);
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.gz'), zlib.gzipSync(script));
    t = await createTestApp({ WEB_DIST_DIR: webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const fetchAsset = (acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('should send the brotli copy when the browser accepts it', async () => {
    const response = await fetchAsset('gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('should send the gzip copy to a client that accepts only gzip', async () => {
    const response = await fetchAsset('gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(response.rawPayload).toString()).toBe(script);
  });

  it('should send the file as it is to a client that accepts no compression', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const response = await fetchAsset(acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      // Shared caches must not hand this copy to a browser that accepts brotli.
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body).toBe(script);
    }
  });

  it('should render the shell per request and never serve index.html as a file', async () => {
    const headers = { accept: 'text/html', 'accept-encoding': 'br' };
    const shell = await t.app.inject({ method: 'GET', url: '/', headers });
    expect(shell.headers['content-encoding']).toBeUndefined();
    expect(shell.body).toContain('__INITIAL_STATE__');
    const file = await t.app.inject({ method: 'GET', url: '/index.html', headers });
    expect(file.body).not.toBe(fs.readFileSync(path.join(webDist, 'index.html'), 'utf8'));
  });
});
