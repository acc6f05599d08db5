import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { userSessionsSchema } from '@app/contract';
import { runAdminCommand } from '../../cli/commands.js';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { deviceLabel } from './device.js';

type Response = Awaited<ReturnType<TestClient['get']>>;

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/**
 * Sessions and passwords through the real HTTP stack and database (decision 0027): the sessions list and
 * ending sessions, the password change, the forgotten-password link and reset, the new-device mail.
 */
describe('account security', () => {
  let t: TestApp;

  const codeOf = (response: Response) => (response.json().errors?.[0] as { code: string } | undefined)?.code;
  const detailOf = (response: Response) =>
    response.json().errors?.[0]?.details?.[0] as { field: string; code: string } | undefined;
  const ok = (response: Response) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  /** A client logging in from a browser of its own (its user agent), so its device is new. */
  const browser = async (login: string, userAgent = FIREFOX, password = 'Str0ng-pass!') => {
    const client = t.client();
    const response = await client.request(
      'POST',
      '/rest/v1/auth/login',
      { login, password },
      {
        headers: { 'user-agent': userAgent },
      },
    );
    if (response.statusCode === 200) await client.fetchCsrfToken();
    return { client, response };
  };
  const mails = async (email: string, template: string) =>
    (
      (await t.database.db.execute(
        sql`SELECT body_text FROM outbox_messages WHERE recipient = ${email} AND template = ${template} ORDER BY id`,
      )) as unknown as { rows: { body_text: string }[] }
    ).rows.map((r) => r.body_text);
  const resetLink = async (email: string) => {
    const [last] = (await mails(email, 'password_reset')).slice(-1);
    return /token=([A-Za-z0-9_-]{43})/.exec(last!)![1]!;
  };

  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t?.close());

  it('should list my sessions with device and address, end one, then all others, closing them at once', async () => {
    const home = t.client();
    await home.register('se_ana');
    const work = await browser('se_ana', CHROME);
    const phone = await browser('se_ana', FIREFOX);
    const list = userSessionsSchema.parse(ok(await home.get('/rest/v1/users/sessions')));
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.map((s) => s.device)).toEqual(
      expect.arrayContaining(['Chrome 131 on Windows', 'Firefox 133 on Linux']),
    );
    expect(list.every((s) => s.ip === '127.0.0.1' && /^[0-9a-f]{32}$/.test(s.id))).toBe(true);
    // The current session's row id (the cookie's hash) is never what the list shows.
    const [row] = (
      (await t.database.db.execute(sql`SELECT id FROM sessions LIMIT 1`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    expect(list.map((s) => s.id)).not.toContain(row!.id);

    const workId = userSessionsSchema
      .parse(ok(await work.client.get('/rest/v1/users/sessions')))
      .find((s) => s.current)!.id;
    expect(ok(await home.delete(`/rest/v1/users/sessions/${workId}`))).toEqual({ ended: 1 });
    expect((await work.client.get('/rest/v1/users/current_user')).statusCode).toBe(401);
    expect((await home.delete(`/rest/v1/users/sessions/${workId}`)).statusCode).toBe(404);
    // Another user cannot end mine, not even knowing its id.
    const stranger = t.client();
    await stranger.register('se_bo');
    const phoneId = userSessionsSchema
      .parse(ok(await phone.client.get('/rest/v1/users/sessions')))
      .find((s) => s.current)!.id;
    expect((await stranger.delete(`/rest/v1/users/sessions/${phoneId}`)).statusCode).toBe(404);
    expect((await home.delete('/rest/v1/users/sessions/not-a-session')).statusCode).toBe(422);
    expect((await home.delete(`/rest/v1/users/sessions/${phoneId}`, { csrf: false })).statusCode).toBe(403);
    expect(ok(await home.delete('/rest/v1/users/sessions'))).toEqual({ ended: 1 });
    expect((await phone.client.get('/rest/v1/users/current_user')).statusCode).toBe(401);
    expect(userSessionsSchema.parse(ok(await home.get('/rest/v1/users/sessions')))).toHaveLength(1);
    expect((await t.client().get('/rest/v1/users/sessions')).statusCode).toBe(401);
  });

  it('should mail the owner about a login from a new browser, not from a known one', async () => {
    const first = t.client();
    await first.register('se_cy');
    expect(await mails('se_cy@example.com', 'new_device_login')).toEqual([]);
    await browser('se_cy', CHROME);
    const [mail] = await mails('se_cy@example.com', 'new_device_login');
    expect(mail).toContain('Chrome 131 on Windows, from 127.0.0.1');
    // The first browser logs out and in again: it is known.
    await first.post('/rest/v1/auth/logout');
    await first.fetchCsrfToken();
    expect((await first.login('se_cy')).statusCode).toBe(200);
    expect(await mails('se_cy@example.com', 'new_device_login')).toHaveLength(1);
  });

  it('should change the password only with the current one, end the other sessions and mail the owner', async () => {
    const me = t.client();
    await me.register('se_dee');
    const other = await browser('se_dee');
    const change = (body: Record<string, unknown>, client = me) =>
      client.post('/rest/v1/auth/password/change', body);
    const wrong = await change({ currentPassword: 'Wrong-pass-1', newPassword: 'N3w-pass-word!' });
    expect(detailOf(wrong)).toMatchObject({ field: 'currentPassword', code: 'wrong_password' });
    expect(detailOf(await change({ currentPassword: 'Str0ng-pass!', newPassword: 'short' }))?.field).toBe(
      'newPassword',
    );
    expect(
      detailOf(await change({ currentPassword: 'Str0ng-pass!', newPassword: 'Str0ng-pass!' }))?.code,
    ).toBe('same_password');
    expect((await change({ currentPassword: 'a\u0000', newPassword: 'N3w-pass-word!' })).statusCode).toBe(
      422,
    );
    expect((await me.post('/rest/v1/auth/password/change', {}, { csrf: false })).statusCode).toBe(403);
    expect(ok(await change({ currentPassword: 'Str0ng-pass!', newPassword: 'N3w-pass-word!' }))).toEqual({
      endedSessions: 1,
    });
    expect((await me.get('/rest/v1/users/current_user')).statusCode).toBe(200);
    expect((await other.client.get('/rest/v1/users/current_user')).statusCode).toBe(401);
    expect((await browser('se_dee', FIREFOX)).response.statusCode).toBe(401);
    expect((await browser('se_dee', FIREFOX, 'N3w-pass-word!')).response.statusCode).toBe(200);
    expect((await mails('se_dee@example.com', 'password_changed'))[0]).toContain('(from 127.0.0.1)');
  });

  it('should mail a single-use reset link only to existing accounts, answering the same either way', async () => {
    const me = t.client();
    await me.register('se_eve');
    const forgot = (email: unknown) => t.client().post('/rest/v1/auth/password/forgot', { email });
    const known = await forgot('SE_EVE@example.com');
    const unknown = await forgot('nobody-here@example.com');
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.body).toBe(unknown.body);
    expect(await mails('nobody-here@example.com', 'password_reset')).toEqual([]);
    expect(detailOf(await forgot('not-an-address'))?.field).toBe('email');
    // A second request within a minute sends nothing more (the first link is on its way).
    await forgot('se_eve@example.com');
    expect(await mails('se_eve@example.com', 'password_reset')).toHaveLength(1);
    const token = await resetLink('se_eve@example.com');

    const reset = (body: Record<string, unknown>) => t.client().post('/rest/v1/auth/password/reset', body);
    expect(detailOf(await reset({ token, password: 'weak' }))?.field).toBe('password');
    expect(detailOf(await reset({ token: 'x'.repeat(43), password: 'R3set-pass-word!' }))).toMatchObject({
      field: 'token',
      code: 'invalid_token',
    });
    expect(detailOf(await reset({ token: 'a\u0000', password: 'R3set-pass-word!' }))?.field).toBe('token');
    // Two tabs submit the same link at once: one resets.
    const racing = await Promise.all(
      Array.from({ length: 10 }, () => reset({ token, password: 'R3set-pass-word!' })),
    );
    expect(racing.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(racing.filter((r) => detailOf(r)?.code === 'invalid_token')).toHaveLength(9);
    expect((await me.get('/rest/v1/users/current_user')).statusCode).toBe(401);
    expect((await browser('se_eve', CHROME, 'R3set-pass-word!')).response.statusCode).toBe(200);
  });

  it('should refuse an expired link, and give a compromised account back to its owner after a reset', async () => {
    const me = t.client();
    await me.register('se_fay');
    await t.client().post('/rest/v1/auth/password/forgot', { email: 'se_fay@example.com' });
    const stale = await resetLink('se_fay@example.com');
    await t.database.db.execute(sql`UPDATE password_reset_tokens SET expires_at = now() - interval '1 second',
      created_at = created_at - interval '2 minutes' WHERE user_id = (SELECT id FROM users WHERE username = 'se_fay')`);
    const expired = await t
      .client()
      .post('/rest/v1/auth/password/reset', { token: stale, password: 'R3set-pass-word!' });
    expect(detailOf(expired)?.code).toBe('invalid_token');

    const marked = await runAdminCommand({ db: t.database.db, config: t.config }, [
      'user:set-state',
      ...['--username', 'se_fay', '--state', 'compromised'],
    ]);
    expect(marked.exitCode, marked.output).toBe(0);
    expect(codeOf((await browser('se_fay')).response)).toBe('ACCOUNT_COMPROMISED');
    await t.client().post('/rest/v1/auth/password/forgot', { email: 'se_fay@example.com' });
    const token = await resetLink('se_fay@example.com');
    ok(await t.client().post('/rest/v1/auth/password/reset', { token, password: 'R3set-pass-word!' }));
    const back = await browser('se_fay', CHROME, 'R3set-pass-word!');
    expect(back.response.statusCode).toBe(200);
    expect(back.response.json().data.accountState).toBe('active');
    const [audit] = (
      (await t.database.db.execute(
        sql`SELECT action, before, after FROM audit_log WHERE target_id = 'se_fay' ORDER BY id DESC LIMIT 1`,
      )) as unknown as { rows: { action: string; before: unknown; after: unknown }[] }
    ).rows;
    expect(audit).toMatchObject({ action: 'account.password_reset', after: { accountState: 'active' } });
  });

  it('should limit password attempts per user and reset requests per address (429)', async () => {
    const limited = await createTestApp({ RATE_LIMIT_PASSWORD_PER_HOUR: '3' });
    try {
      const me = limited.client();
      await me.register('se_gus');
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push(
          (
            await me.post('/rest/v1/auth/password/change', {
              currentPassword: `Wrong-${i}x!`,
              newPassword: 'N3w-pass-word!',
            })
          ).statusCode,
        );
      }
      expect(statuses).toEqual([422, 422, 422, 429]);
      const anonymous = limited.client();
      const forgot: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        forgot.push(
          (await anonymous.post('/rest/v1/auth/password/forgot', { email: `x${i}@example.com` })).statusCode,
        );
      }
      expect(forgot).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('device labels', () => {
  it('should name the browser and system, or nothing it cannot tell', () => {
    expect(deviceLabel(CHROME)).toBe('Chrome 131 on Windows');
    expect(deviceLabel(FIREFOX)).toBe('Firefox 133 on Linux');
    expect(deviceLabel('curl/8.5.0')).toBeNull();
    expect(deviceLabel('')).toBeNull();
    expect(deviceLabel(null)).toBeNull();
  });
});
