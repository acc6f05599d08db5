import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { currentUserSchema, emailVerificationStateSchema } from '@app/contract';
import { runAdminCommand } from '../../cli/commands.js';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';

type Response = Awaited<ReturnType<TestClient['get']>>;

/**
 * E-mail verification through the real HTTP stack and database (decision 0026): the code mailed at
 * sign-up, wrong, expired and dead codes, resend limits, correcting the address, exactly-once use, and
 * withdrawals held until the address is verified.
 */
describe('e-mail verification', () => {
  let t: TestApp;

  const codeOf = (response: Response) => (response.json().errors?.[0] as { code: string } | undefined)?.code;
  const fieldCodeOf = (response: Response) =>
    (response.json().errors?.[0]?.details?.[0] as { field: string; code: string } | undefined) ?? null;
  const state = (response: Response) => {
    expect(response.statusCode, response.body).toBe(200);
    return emailVerificationStateSchema.parse(response.json().data);
  };
  /** The code in the newest mail to `email`, as the user reads it. */
  const mailedCode = async (email: string) => {
    const [row] = (
      (await t.database.db.execute(
        sql`SELECT body_text, template, status FROM outbox_messages WHERE recipient = ${email} ORDER BY id DESC LIMIT 1`,
      )) as unknown as { rows: { body_text: string; template: string; status: string }[] }
    ).rows;
    expect(row).toMatchObject({ template: 'email_verification', status: 'kept' });
    return /\b(\d{6})\b/.exec(row!.body_text)![1]!;
  };
  const registered = async (name: string) => {
    const client = t.client();
    await client.register(name);
    return client;
  };
  /** Moves the user's code sends back in time, past the wait between sends. */
  const waitOutResend = (name: string) =>
    t.database.db.execute(sql`UPDATE one_time_codes SET created_at = created_at - interval '2 minutes'
      WHERE user_id = (SELECT id FROM users WHERE username = ${name})`);
  const verify = (client: TestClient, code: unknown) =>
    client.post('/rest/v1/user-verification/email/verify-code', { code });

  beforeAll(async () => {
    t = await createTestApp({ WITHDRAW_REQUIRE_VERIFIED_EMAIL: 'true' });
  }, 60_000);
  afterAll(() => t?.close());

  it('should mail a code at sign-up and verify the address with it, once', async () => {
    const ana = await registered('ev_ana');
    const code = await mailedCode('ev_ana@example.com');
    const before = state(await ana.get('/rest/v1/user-verification/email'));
    expect(before).toMatchObject({ email: 'ev_ana@example.com', isEmailVerified: false, mailIsKept: true });
    expect(new Date(before.resendAvailableAt!).getTime()).toBeGreaterThan(Date.now());
    const wrong = await verify(ana, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(422);
    expect(fieldCodeOf(wrong)).toMatchObject({ field: 'code', code: 'invalid_code' });
    for (const bad of ['12345', '1234567', 'abcdef', '12\u00003456', 123456, null]) {
      const refused = await verify(ana, bad);
      expect(refused.statusCode, String(bad)).toBe(422);
      expect(fieldCodeOf(refused)?.field).toBe('code');
    }
    expect(state(await verify(ana, ` ${code} `))).toMatchObject({
      isEmailVerified: true,
      resendAvailableAt: null,
    });
    expect(
      currentUserSchema.parse((await ana.get('/rest/v1/users/current_user')).json().data).isEmailVerified,
    ).toBe(true);
    expect(codeOf(await verify(ana, code))).toBe('EMAIL_ALREADY_VERIFIED');
    expect(codeOf(await ana.post('/rest/v1/user-verification/email/resend-code'))).toBe(
      'EMAIL_ALREADY_VERIFIED',
    );
  });

  it('should refuse a second send too soon, retire the old code on resend, and kill a code after five wrong tries', async () => {
    const bo = await registered('ev_bo');
    const first = await mailedCode('ev_bo@example.com');
    const soon = await bo.post('/rest/v1/user-verification/email/resend-code');
    expect(soon.statusCode).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    await waitOutResend('ev_bo');
    state(await bo.post('/rest/v1/user-verification/email/resend-code'));
    const second = await mailedCode('ev_bo@example.com');
    if (first !== second) expect(fieldCodeOf(await verify(bo, first))?.code).toBe('invalid_code');
    const wrong = second === '999999' ? '888888' : '999999';
    for (let i = 0; i < 3; i += 1) expect(fieldCodeOf(await verify(bo, wrong))?.code).toBe('invalid_code');
    const fifth = await verify(bo, wrong);
    expect([fifth.statusCode, codeOf(fifth)]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
    // Dead: even the right code no longer works; a new one does.
    expect(codeOf(await verify(bo, second))).toBe('TOO_MANY_ATTEMPTS');
    await waitOutResend('ev_bo');
    state(await bo.post('/rest/v1/user-verification/email/resend-code'));
    expect(state(await verify(bo, await mailedCode('ev_bo@example.com'))).isEmailVerified).toBe(true);
  });

  it('should refuse an expired code and send one code for twenty resend clicks at once', async () => {
    const cy = await registered('ev_cy');
    const code = await mailedCode('ev_cy@example.com');
    await t.database.db.execute(sql`UPDATE one_time_codes SET expires_at = now() - interval '1 second'
      WHERE user_id = (SELECT id FROM users WHERE username = 'ev_cy')`);
    expect(fieldCodeOf(await verify(cy, code))?.code).toBe('expired_code');
    await waitOutResend('ev_cy');
    const clicks = await Promise.all(
      Array.from({ length: 20 }, () => cy.post('/rest/v1/user-verification/email/resend-code')),
    );
    expect(clicks.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(clicks.filter((r) => r.statusCode === 429)).toHaveLength(19);
    const fresh = await mailedCode('ev_cy@example.com');
    const racing = await Promise.all(Array.from({ length: 20 }, () => verify(cy, fresh)));
    expect(racing.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(racing.filter((r) => codeOf(r) === 'EMAIL_ALREADY_VERIFIED')).toHaveLength(19);
  });

  it('should correct an unverified address, verify only with the new address code, then refuse changes', async () => {
    const dee = await registered('ev_dee');
    await registered('ev_taken');
    const oldCode = await mailedCode('ev_dee@example.com');
    await waitOutResend('ev_dee');
    const change = (email: unknown) =>
      dee.post('/rest/v1/user-verification/email/change-unconfirmed', { email });
    expect(fieldCodeOf(await change('ev_taken@EXAMPLE.com'))).toMatchObject({
      field: 'email',
      code: 'EMAIL_TAKEN',
    });
    expect(fieldCodeOf(await change('ev_dee@example.com'))?.code).toBe('same_email');
    for (const bad of ['not-an-address', 'a\u0000@example.com', `${'x'.repeat(300)}@example.com`, '']) {
      expect(fieldCodeOf(await change(bad))?.field, bad.slice(0, 20)).toBe('email');
    }
    expect(state(await change('ev_dee2@example.com'))).toMatchObject({
      email: 'ev_dee2@example.com',
      isEmailVerified: false,
    });
    const newCode = await mailedCode('ev_dee2@example.com');
    if (newCode !== oldCode) expect(fieldCodeOf(await verify(dee, oldCode))?.code).toBe('invalid_code');
    expect(state(await verify(dee, newCode)).isEmailVerified).toBe(true);
    expect(codeOf(await change('ev_dee3@example.com'))).toBe('EMAIL_ALREADY_VERIFIED');
    // The old address is free again.
    expect(
      (
        await t.client().post('/rest/v1/auth/register', {
          username: 'ev_deeold',
          email: 'ev_dee@example.com',
          password: 'Str0ng-pass!',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('should refuse strangers (401) and calls without a CSRF token (403)', async () => {
    const anonymous = t.client();
    expect((await anonymous.get('/rest/v1/user-verification/email')).statusCode).toBe(401);
    expect((await verify(anonymous, '123456')).statusCode).toBe(401);
    const eve = await registered('ev_eve');
    const noCsrf = await eve.post(
      '/rest/v1/user-verification/email/verify-code',
      { code: '123456' },
      { csrf: false },
    );
    expect(noCsrf.statusCode).toBe(403);
    const snake = await eve.get('/rest/v1/user-verification/email?case=snake');
    expect(snake.json().data).toHaveProperty('is_email_verified', false);
  });

  it('should hold withdrawals until the address is verified (WITHDRAW_REQUIRE_VERIFIED_EMAIL)', async () => {
    const fay = await registered('ev_fay');
    const deposit = await runAdminCommand({ db: t.database.db, config: t.config }, [
      'wallet:deposit',
      ...['--user', 'ev_fay', '--crypto', 'BTC', '--amount', '0.1'],
    ]);
    expect(deposit.exitCode, deposit.output).toBe(0);
    const conditions = (await fay.get('/rest/v2/wallet/withdraw-conditions?crypto_currency_code=BTC')).json()
      .data;
    expect(conditions.emailVerificationRequired).toBe(true);
    const body = { crypto_currency_code: 'BTC', amount: '0.01', username: 'ev_ana' };
    const refused = await fay.post('/rest/v2/wallet/withdraw', body);
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'EMAIL_NOT_VERIFIED']);
    state(await verify(fay, await mailedCode('ev_fay@example.com')));
    expect(
      (await fay.get('/rest/v2/wallet/withdraw-conditions?crypto_currency_code=BTC')).json().data
        .emailVerificationRequired,
    ).toBe(false);
    expect((await fay.post('/rest/v2/wallet/withdraw', body)).statusCode).toBe(201);
  });
});
