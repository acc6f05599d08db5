import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { sessions } from '../db/schema.js';

const html = { accept: 'text/html' };
const metaToken = (body: string) => /<meta name="_token" content="([^"]+)"/.exec(body)?.[1];

/** Cookies a response sets, as a `cookie` request header would send them back. */
const cookieHeader = (response: LightMyRequestResponse) =>
  response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

describe('anonymous visitors: no session rows, a stateless CSRF token', () => {
  let t: TestApp;
  let overTls: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    overTls = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await t.close();
    await overTls.close();
  });

  const sessionRows = async (app: TestApp = t) =>
    (await app.database.db.select({ n: count() }).from(sessions))[0]!.n;

  it('should write no session row for any number of cookie-less page views and reads', async () => {
    const before = await sessionRows();
    for (let i = 0; i < 10; i += 1) {
      for (const url of ['/', '/trading/buy-bitcoin/any', '/login', '/register']) {
        expect((await t.app.inject({ method: 'GET', url, headers: html })).statusCode).toBe(200);
      }
      for (const url of [
        '/rest/v1/app/initial-state',
        '/rest/v1/auth/csrf',
        '/rest/v2/currencies',
        '/rest/v1/offers?type=buy&crypto_currency_id=1',
        '/rest/v1/users/current_user',
      ]) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBeLessThan(500);
      }
    }
    expect(await sessionRows()).toBe(before);
  });

  it('should keep one token per browser: the cookie it set, echoed in the page and the initial state', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/', headers: html });
    const token = metaToken(page.body);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = page.cookies.find((c) => c.name === 'csrf');
    expect(cookie).toMatchObject({ value: token, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.maxAge).toBeUndefined();
    expect(page.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    // A second tab, or the client asking again, gets the same token and no new cookie.
    const state = await t.app.inject({
      method: 'GET',
      url: '/rest/v1/app/initial-state',
      headers: { cookie: cookieHeader(page) },
    });
    expect(state.json().data.session.csrfToken).toBe(token);
    expect(state.cookies).toEqual([]);
    // Another browser gets another token.
    const other = await t.app.inject({ method: 'GET', url: '/rest/v1/auth/csrf' });
    expect(other.json().data.csrfToken).not.toBe(token);
  });

  it('should register and log in from a cookie-less start, with the token enforced', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/register', headers: html });
    const token = metaToken(page.body)!;
    const cookie = cookieHeader(page);
    const body = { username: 'fresh_start', email: 'fresh_start@example.com', password: 'Str0ng-pass!' };
    const attempts: [Record<string, string>, string][] = [
      [{ cookie }, 'no header'],
      [{ 'x-csrf-token': token }, 'no cookie (another site cannot send ours)'],
      // One character changed (to another one: a token ending in `A` once made this the right token).
      [{ cookie, 'x-csrf-token': `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}` }, 'wrong token'],
      [{ cookie: 'csrf=not-a-token', 'x-csrf-token': 'not-a-token' }, 'a planted value of the wrong shape'],
    ];
    for (const [headers, why] of attempts) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/rest/v1/auth/register',
        headers,
        payload: body,
      });
      expect(refused.statusCode, why).toBe(403);
      expect(refused.json().errors[0].code).toBe('CSRF_TOKEN_MISMATCH');
    }
    expect(await sessionRows()).toBe(0);

    const registered = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/auth/register',
      headers: { cookie, 'x-csrf-token': token },
      payload: body,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(await sessionRows()).toBe(1);
    // Logged in, the session's own token takes over; the anonymous one is dropped.
    expect(registered.cookies.find((c) => c.name === 'csrf')?.value).toBe('');
    const sid = registered.cookies.find((c) => c.name === 'sid')!.value;
    const logout = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/auth/logout',
      headers: { cookie: `sid=${sid}; ${cookie}`, 'x-csrf-token': token },
    });
    expect(logout.statusCode).toBe(403);

    const login = await t.app.inject({ method: 'GET', url: '/login', headers: html });
    const loginToken = metaToken(login.body)!;
    const loggedIn = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/auth/login',
      headers: { cookie: cookieHeader(login), 'x-csrf-token': loginToken },
      payload: { login: 'fresh_start', password: 'Str0ng-pass!' },
    });
    expect(loggedIn.statusCode, loggedIn.body).toBe(200);
    const csrf = await t.app.inject({
      method: 'GET',
      url: '/rest/v1/auth/csrf',
      headers: { cookie: cookieHeader(loggedIn) },
    });
    expect(csrf.json().data.csrfToken).not.toBe(loginToken);
    expect(await sessionRows()).toBe(2);
  });

  it('should name the cookie __Host-csrf and mark it Secure over TLS', async () => {
    const page = await overTls.app.inject({
      method: 'GET',
      url: '/login',
      headers: { ...html, 'x-forwarded-proto': 'https' },
    });
    const cookie = page.cookies.find((c) => c.name === '__Host-csrf');
    expect(cookie).toMatchObject({ value: metaToken(page.body), secure: true, httpOnly: true, path: '/' });
    // A plain `csrf` cookie (which a sibling subdomain could plant over TLS) is not accepted there.
    const planted = await overTls.app.inject({
      method: 'POST',
      url: '/rest/v1/auth/login',
      headers: {
        'x-forwarded-proto': 'https',
        cookie: `csrf=${cookie!.value}`,
        'x-csrf-token': cookie!.value,
      },
      payload: { login: 'anyone', password: 'Str0ng-pass!' },
    });
    expect(planted.statusCode).toBe(403);
    expect(await sessionRows(overTls)).toBe(0);
  });
});
