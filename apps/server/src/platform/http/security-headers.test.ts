import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';

/** `{ 'script-src': ["'self'", ...], ... }` from a Content-Security-Policy header. */
function directives(header: string | string[] | number | undefined): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

const html = { accept: 'text/html' };

describe('page security headers', () => {
  let t: TestApp;
  let behindProxy: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WS_ALLOWED_ORIGINS: 'https://app.example.com/' });
    behindProxy = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await t.close();
    await behindProxy.close();
  });

  it('should allow the shell inline script by a nonce that changes with every response', async () => {
    const first = await t.client().get('/', { headers: html });
    const second = await t.client().get('/', { headers: html });
    const csp = directives(first.headers['content-security-policy']);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).toContain("'self'");
    const nonce = /'nonce-([^']+)'/.exec(csp['script-src']!.join(' '))?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const stateScript = first.body.slice(first.body.indexOf(`<script nonce="${nonce}">`));
    expect(stateScript).toMatch(/^<script nonce="[^"]+">[^<]*window\.__INITIAL_STATE__=/);
    // Every inline script in the page carries it (the state is the only one).
    expect(first.body.match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toEqual([`<script nonce="${nonce}">`]);
    const secondNonce = /'nonce-([^']+)'/.exec(second.headers['content-security-policy'] as string)?.[1];
    expect(secondNonce).toBeTruthy();
    expect(secondNonce).not.toBe(nonce);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
  });

  it('should allow no inline script at all in answers that are not pages (the API, with its policy)', async () => {
    const response = await t.client().get('/rest/v1/countries');
    expect(response.statusCode).toBe(200);
    const csp = directives(response.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(response.headers['permissions-policy']).toContain('camera=()');
  });

  it('should let the page connect only to its own origin and WebSocket origin and the configured ones', async () => {
    const response = await t.client().get('/trading/buy-bitcoin/any', { headers: html });
    const connect = directives(response.headers['content-security-policy'])['connect-src'];
    expect(connect).toEqual([
      "'self'",
      'ws://localhost:80',
      'https://app.example.com',
      'wss://app.example.com',
    ]);
    expect(connect).not.toContain('ws:');
    expect(connect).not.toContain('wss:');
  });

  it('should not repeat a forged Host header inside the policy', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { ...html, host: "evil.example; script-src 'unsafe-inline'" },
    });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://app.example.com', 'wss://app.example.com']);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
  });

  it('should switch off the powerful browser features the app does not use', async () => {
    const response = await t.client().get('/', { headers: html });
    const policy = String(response.headers['permissions-policy']);
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid']) {
      expect(policy).toContain(`${feature}=()`);
    }
    // API answers carry it too: the headers do not depend on the route.
    const api = await t.client().get('/rest/v1/auth/csrf');
    expect(api.headers['permissions-policy']).toBe(policy);
  });

  it('should send HSTS for a year with subdomains whenever the request came over TLS', async () => {
    const overTls = await behindProxy.app.inject({
      method: 'GET',
      url: '/',
      headers: { ...html, 'x-forwarded-proto': 'https', 'x-forwarded-host': 'market.example' },
    });
    expect(overTls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(overTls.headers['content-security-policy'])['connect-src']).toEqual([
      "'self'",
      'wss://market.example',
    ]);
    const api = await behindProxy.app.inject({
      method: 'GET',
      url: '/rest/v1/auth/csrf',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // Plain HTTP: browsers ignore HSTS there, and sending it would say nothing true.
    const plain = await behindProxy.app.inject({ method: 'GET', url: '/', headers: html });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('should not trust a forwarded scheme unless TRUST_PROXY says so', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { ...html, 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});
