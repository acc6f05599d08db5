import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { authThrottle, users } from '../db/schema.js';
import { knownDevices } from './tables.js';
import { ACCOUNT_CONSECUTIVE_FAILURES } from './login-throttle.js';
import { randomToken, sha256 } from './tokens.js';

const RIGHT = 'Str0ng-pass!';
const WRONG = 'Guess-123!';

/**
 * One browser at one address: its own cookies (CSRF, session, known device), its IP through
 * X-Forwarded-For (the app trusts the proxy here, so each "browser" can come from elsewhere).
 */
class Browser {
  private cookies = new Map<string, string>();
  constructor(
    private readonly t: TestApp,
    readonly ip: string,
  ) {}

  private header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(response: LightMyRequestResponse) {
    for (const c of response.cookies) {
      if (c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  async send(method: 'GET' | 'POST', url: string, payload?: object) {
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip, cookie: this.header() };
    if (method === 'POST') {
      const csrf = await this.t.app.inject({ method: 'GET', url: '/rest/v1/auth/csrf', headers });
      this.keep(csrf);
      headers.cookie = this.header();
      headers['x-csrf-token'] = csrf.json().data.csrfToken;
    }
    const response = await this.t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    this.keep(response);
    return response;
  }

  login(login: string, password: string) {
    return this.send('POST', '/rest/v1/auth/login', { login, password });
  }

  async logout() {
    expect((await this.send('POST', '/rest/v1/auth/logout')).statusCode).toBe(200);
  }

  hasDeviceCookie() {
    return this.cookies.has('device');
  }

  cookie(name: string) {
    return this.cookies.get(name);
  }

  plant(name: string, value: string) {
    this.cookies.set(name, value);
  }
}

const waitFor = (response: LightMyRequestResponse) =>
  new Promise((resolve) => setTimeout(resolve, Number(response.headers['retry-after']) * 1000 + 50));

describe('login throttle: keyed on the account, the owner is never locked out', () => {
  let t: TestApp;
  let n = 0;
  const ip = () => `198.51.100.${(n += 1)}`;

  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY: 'true',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '5',
      LOGIN_MAX_FAILURES_PER_IP: '30',
    });
  });
  afterAll(() => t.close());

  async function account(name: string): Promise<Browser> {
    const home = new Browser(t, ip());
    const registered = await home.send('POST', '/rest/v1/auth/register', {
      username: name,
      email: `${name}@example.com`,
      password: RIGHT,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(home.hasDeviceCookie()).toBe(true);
    await home.logout();
    return home;
  }

  it('should count the username and the e-mail of one account on one counter', async () => {
    await account('two_names');
    const guesser = new Browser(t, ip());
    for (const login of ['two_names', 'TWO_NAMES', 'two_names@example.com', 'Two_Names@Example.com']) {
      expect((await guesser.login(login, WRONG)).statusCode).toBe(401);
    }
    // The fifth failure, by e-mail this time, reaches the limit of 5 for this account from here.
    expect((await guesser.login('two_names@example.com', WRONG)).statusCode).toBe(401);
    const blocked = await guesser.login('two_names', WRONG);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().errors[0].code).toBe('TOO_MANY_ATTEMPTS');
    expect((await guesser.login('two_names@example.com', RIGHT)).statusCode).toBe(429);
  });

  it('should let the owner in from a known device at once while the stranger stays throttled', async () => {
    const home = await account('owner_one');
    const stranger = new Browser(t, ip());
    for (let i = 0; i < 5; i += 1) {
      expect((await stranger.login('owner_one', WRONG)).statusCode).toBe(401);
    }
    // Another stranger elsewhere meets the account-wide delay (a second, growing).
    const elsewhere = await new Browser(t, ip()).login('owner_one@example.com', WRONG);
    expect(elsewhere.statusCode).toBe(429);
    expect(Number(elsewhere.headers['retry-after'])).toBeLessThanOrEqual(2);

    // The owner's browser has logged in before: its budget is its own, nothing else counts.
    const atHome = await home.login('owner_one', RIGHT);
    expect(atHome.statusCode, atHome.body).toBe(200);

    // The stranger is still throttled, whatever password it tries (30 s, growing).
    const strangerAgain = await stranger.login('owner_one', RIGHT);
    expect(strangerAgain.statusCode).toBe(429);
    expect(Number(strangerAgain.headers['retry-after'])).toBeGreaterThanOrEqual(29);
  });

  it('should let the owner in from a new device after a short delay, and reset the delays', async () => {
    await account('owner_two');
    const stranger = new Browser(t, ip());
    for (let i = 0; i < 6; i += 1) await stranger.login('owner_two', WRONG);
    // A new device of the owner (a phone on another network) waits seconds, not minutes.
    const phone = new Browser(t, ip());
    const first = await phone.login('owner_two', RIGHT);
    expect(first.statusCode).toBe(429);
    expect(Number(first.headers['retry-after'])).toBeLessThanOrEqual(2);
    await waitFor(first);
    const later = await phone.login('owner_two', RIGHT);
    expect(later.statusCode, later.body).toBe(200);
    expect(phone.hasDeviceCookie()).toBe(true);
    // The owner's success clears the account-wide count: the next new device goes straight in.
    expect((await new Browser(t, ip()).login('owner_two', RIGHT)).statusCode).toBe(200);
    expect((await stranger.login('owner_two', RIGHT)).statusCode).toBe(429);
  });

  it("should keep a known device's own failures on its own budget", async () => {
    const home = await account('clumsy_owner');
    for (let i = 0; i < 5; i += 1) {
      expect((await home.login('clumsy_owner', WRONG)).statusCode).toBe(401);
    }
    expect((await home.login('clumsy_owner', RIGHT)).statusCode).toBe(429);
    // Its fumbling does not slow the account down for other devices.
    expect((await new Browser(t, ip()).login('clumsy_owner', RIGHT)).statusCode).toBe(200);
  });

  it('should not take a device of another account, or a made-up one, as known', async () => {
    const mine = await account('device_a');
    await account('device_b');
    const stranger = new Browser(t, ip());
    for (let i = 0; i < 5; i += 1) await stranger.login('device_b', WRONG);
    // device_a's browser never logged in to device_b: for device_b it is a new device.
    expect((await mine.login('device_b', RIGHT)).statusCode).toBe(429);
    const forger = new Browser(t, ip());
    forger.plant('device', randomToken());
    expect((await forger.login('device_b', RIGHT)).statusCode).toBe(429);
    // The table holds only hashes of the cookies.
    const token = mine.cookie('device')!;
    const stored = await t.database.db
      .select({ hash: knownDevices.tokenHash })
      .from(knownDevices)
      .where(eq(knownDevices.tokenHash, token));
    expect(stored).toHaveLength(0);
    const hashed = await t.database.db
      .select({ hash: knownDevices.tokenHash })
      .from(knownDevices)
      .where(eq(knownDevices.tokenHash, sha256(token)));
    expect(hashed).toHaveLength(1);
  });

  it('should answer an unknown login exactly like a known one, keyed on the text', async () => {
    const guesser = new Browser(t, ip());
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push(await guesser.login('no_such_user', WRONG));
    expect(answers.slice(0, 5).map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401]);
    expect(answers[5]!.statusCode).toBe(429);
    const keys = await t.database.db
      .select({ key: authThrottle.key })
      .from(authThrottle)
      .where(eq(authThrottle.key, 'account:login:no_such_user'));
    expect(keys).toHaveLength(1);
  });

  it('should slow unknown devices to one try per window after 100 consecutive failures', async () => {
    await account('hammered');
    const [user] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'hammered'));
    // 99 failures from a botnet so far (each from its own address), then one more.
    await t.database.db.insert(authThrottle).values({
      key: `account:id:${user!.id}`,
      failures: ACCOUNT_CONSECUTIVE_FAILURES - 1,
      windowStartedAt: new Date(),
    });
    expect((await new Browser(t, ip()).login('hammered', WRONG)).statusCode).toBe(401);
    const blocked = await new Browser(t, ip()).login('hammered', RIGHT);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(60);
  });
});
