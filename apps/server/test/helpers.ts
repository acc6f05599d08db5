import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/platform/config.js';
import type { Database } from '../src/platform/db/client.js';
import { createTestDatabase } from './db.js';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** A client with its own cookie jar and CSRF token, like one browser. */
  client(): TestClient;
  close(): Promise<void>;
};

/**
 * The real application on a fresh database, driven through `app.inject` (the whole HTTP stack, no
 * sockets). `env` overrides configuration the way the environment would.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    beforeReady?: (app: FastifyInstance) => void | Promise<void>;
    /** The clock the rate limits count by (default: the real one). */
    now?: () => Date;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2p-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    // Tests change offers and search again at once: no shared anonymous answers unless a test asks.
    OFFER_SEARCH_CACHE_MS: '0',
    // Every request reads its session: tests change accounts directly and look again at once.
    SESSION_READ_CACHE_MS: '0',
    // A fuzzed webhook address must not hold a test for the production time-out.
    WEBHOOK_TIMEOUT_SECONDS: '2',
    // Every test client comes from 127.0.0.1: request limits apply only where a test sets them.
    RATE_LIMIT_REGISTER_PER_HOUR: '0',
    RATE_LIMIT_CHAT_PER_MINUTE: '0',
    RATE_LIMIT_CHAT_PER_TRADE_PER_MINUTE: '0',
    RATE_LIMIT_UPLOADS_PER_HOUR: '0',
    RATE_LIMIT_SEARCH_PER_MINUTE: '0',
    RATE_LIMIT_PASSWORD_PER_HOUR: '0',
    RATE_LIMIT_CODES_PER_HOUR: '0',
    // Test users withdraw without verifying their e-mail; the rule's own tests switch it on.
    WITHDRAW_REQUIRE_VERIFIED_EMAIL: 'false',
    ...env,
  });
  const database = await createTestDatabase();
  const app = await buildApp({ config, database, logger: false, now: options.now });
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    client: () => new TestClient(app),
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Body = Record<string, unknown> | unknown[] | undefined;

export class TestClient {
  private cookies = new Map<string, string>();
  csrfToken: string | undefined;

  constructor(private readonly app: FastifyInstance) {}

  /** Sends a request with this client's cookies (and CSRF token on writes unless `csrf: false`). */
  async request(
    method: InjectOptions['method'],
    url: string,
    body?: Body,
    options: { csrf?: boolean; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const writes = method !== 'GET' && method !== 'HEAD';
    if (writes && options.csrf !== false && !this.csrfToken) await this.fetchCsrfToken();
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...options.headers,
    };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (writes && options.csrf !== false && this.csrfToken) headers['x-csrf-token'] = this.csrfToken;
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    for (const cookie of response.cookies) {
      if (cookie.value === '' || (cookie.maxAge !== undefined && cookie.maxAge <= 0)) {
        this.cookies.delete(cookie.name);
      } else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get = (url: string, options?: { headers?: Record<string, string> }) =>
    this.request('GET', url, undefined, options);
  post = (url: string, body?: Body, options?: { csrf?: boolean; headers?: Record<string, string> }) =>
    this.request('POST', url, body ?? {}, options);
  put = (url: string, body?: Body, options?: { csrf?: boolean }) =>
    this.request('PUT', url, body ?? {}, options);
  patch = (url: string, body?: Body, options?: { csrf?: boolean }) =>
    this.request('PATCH', url, body ?? {}, options);
  delete = (url: string, options?: { csrf?: boolean }) => this.request('DELETE', url, undefined, options);

  async fetchCsrfToken(): Promise<string> {
    const response = await this.get('/rest/v1/auth/csrf');
    this.csrfToken = (response.json() as { data: { csrfToken: string } }).data.csrfToken;
    return this.csrfToken;
  }

  /** This browser's cookies as a Cookie header (to send the same session to another app instance). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  hasCookie(name: string): boolean {
    return this.cookies.has(name);
  }

  /** Registers and stays logged in (the session rotates, so the CSRF token is refreshed). */
  async register(username: string, password = 'Str0ng-pass!', email = `${username}@example.com`) {
    const response = await this.post('/rest/v1/auth/register', { username, email, password });
    if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
    await this.fetchCsrfToken();
    return response.json().data as { id: number; username: string };
  }

  async login(login: string, password = 'Str0ng-pass!') {
    const response = await this.post('/rest/v1/auth/login', { login, password });
    if (response.statusCode === 200) await this.fetchCsrfToken();
    return response;
  }
}

/**
 * The body of a plain BTC/USD bank-transfer sell offer, 10–500 USD at the market price, for tests that
 * need any published offer; `extra` overrides or adds fields (`offer_terms`, `margin`, a field under test).
 */
export const sellOfferBody = (extra: Record<string, unknown> = {}) => ({
  type: 'sell',
  crypto_currency_code: 'BTC',
  fiat_currency_code: 'USD',
  payment_method: 'bank-transfer',
  margin: '0',
  range_min: '10',
  range_max: '500',
  payment_window: 60,
  ...extra,
});
