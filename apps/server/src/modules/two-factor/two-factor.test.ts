import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { currentUserSchema, recoveryCodesSchema, totpSetupSchema, twoFactorStateSchema } from '@app/contract';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';
import { totpCode } from './totp.js';

type Response = Awaited<ReturnType<TestClient['get']>>;

/**
 * Two-factor authentication through the real HTTP stack and database (decision 0028): the authenticator
 * setup, the login's second step, release and send-out with a code, recovery codes, codes by e-mail,
 * the step-up channels; codes never accepted twice.
 */
describe('two-factor authentication', () => {
  let t: TestApp;
  let scenario: ReturnType<typeof tradeScenario>;

  const codeOf = (response: Response) => (response.json().errors?.[0] as { code: string } | undefined)?.code;
  const detailOf = (response: Response) =>
    response.json().errors?.[0]?.details?.[0] as { field: string; code: string } | undefined;
  const ok = (response: Response, status = 200) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json().data;
  };
  /** Turns the authenticator on for `party`; answers its key and recovery codes. */
  const withApp = async (party: Party) => {
    const { secret } = totpSetupSchema.parse(ok(await party.c.post('/rest/v1/users/two-factor/totp/setup')));
    const { recoveryCodes } = recoveryCodesSchema.parse(
      ok(await party.c.post('/rest/v1/users/two-factor/totp/enable', { code: totpCode(secret, new Date()) })),
    );
    return { secret, recoveryCodes };
  };
  /** The code of the step `steps` away from now (a code is accepted once: tests move on a step). */
  const code = (secret: string, steps = 0) => totpCode(secret, new Date(Date.now() + steps * 30_000));
  const password = (name: string) => ({ login: name, password: 'Str0ng-pass!' });
  const mailedCode = async (userId: number, template: string) => {
    const [row] = (
      (await t.database.db.execute(
        sql`SELECT body_text FROM outbox_messages WHERE user_id = ${userId} AND template = ${template}
          ORDER BY id DESC LIMIT 1`,
      )) as unknown as { rows: { body_text: string }[] }
    ).rows;
    return /\b(\d{6})\b/.exec(row!.body_text)![1]!;
  };

  beforeAll(async () => {
    t = await createTestApp({ TRADE_DISPUTE_AFTER_PAID_MINUTES: '0' });
    scenario = tradeScenario(t);
  }, 60_000);
  afterAll(() => t?.close());

  it('should set up the authenticator with a first code, show recovery codes once, and mail the owner', async () => {
    const ana = await scenario.party('tf_ana');
    expect((await t.client().post('/rest/v1/users/two-factor/totp/setup')).statusCode).toBe(401);
    const setup = totpSetupSchema.parse(ok(await ana.c.post('/rest/v1/users/two-factor/totp/setup')));
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toContain(`otpauth://totp/P2P%20Market:${ana.name}?`);
    // Not on until the app proved it has the key.
    expect(twoFactorStateSchema.parse(ok(await ana.c.get('/rest/v1/users/two-factor'))).enabled).toBe(false);
    const wrong = await ana.c.post('/rest/v1/users/two-factor/totp/enable', { code: '123456' });
    expect(detailOf(wrong)?.code === 'invalid_code' || wrong.statusCode === 200).toBe(true);
    for (const bad of ['12345', 'abc', '1234567', '12\u00003456']) {
      expect(detailOf(await ana.c.post('/rest/v1/users/two-factor/totp/enable', { code: bad }))?.field).toBe(
        'code',
      );
    }
    const { recoveryCodes } = recoveryCodesSchema.parse(
      ok(await ana.c.post('/rest/v1/users/two-factor/totp/enable', { code: code(setup.secret) })),
    );
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes.every((c) => /^[a-z0-9]{4}-[a-z0-9]{4}$/.test(c))).toBe(true);
    expect(twoFactorStateSchema.parse(ok(await ana.c.get('/rest/v1/users/two-factor')))).toEqual({
      enabled: true,
      type: 'ga',
      login: true,
      release: true,
      sendout: true,
      recoveryCodesLeft: 10,
    });
    expect(currentUserSchema.parse(ok(await ana.c.get('/rest/v1/users/current_user'))).twoFactor).toEqual({
      login: true,
      release: true,
      sendout: true,
    });
    expect(codeOf(await ana.c.post('/rest/v1/users/two-factor/totp/setup'))).toBe('TWO_FACTOR_ENABLED');
    const [mail] = (
      (await t.database.db.execute(
        sql`SELECT body_text FROM outbox_messages WHERE user_id = ${ana.id} AND template = 'two_factor_changed'`,
      )) as unknown as { rows: { body_text: string }[] }
    ).rows;
    expect(mail?.body_text).toContain('an authenticator app was turned on');
    // Only hashes are kept.
    const [stored] = (
      (await t.database.db.execute(
        sql`SELECT code_hash FROM two_factor_recovery_codes WHERE user_id = ${ana.id} LIMIT 1`,
      )) as unknown as { rows: { code_hash: string }[] }
    ).rows;
    expect(recoveryCodes).not.toContain(stored!.code_hash);
  });

  it('should log in in two steps: no session before the code, a code never twice, five wrong codes end it', async () => {
    const bo = await scenario.party('tf_bo');
    const { secret, recoveryCodes } = await withApp(bo);
    const browser = t.client();
    await browser.fetchCsrfToken();
    const first = ok(await browser.post('/rest/v1/auth/login', password(bo.name)));
    expect(first).toEqual({ twoFactorRequired: true, type: 'ga' });
    expect((await browser.get('/rest/v1/users/current_user')).statusCode).toBe(401);
    // The code used to turn it on (this step) is spent: the next step's code logs in.
    const replay = await browser.post('/rest/v1/auth/login/two-factor', { code: code(secret) });
    expect(detailOf(replay)?.code).toBe('invalid_code');
    expect(ok(await browser.post('/rest/v1/auth/login/two-factor', { code: code(secret, 1) })).username).toBe(
      bo.name,
    );
    expect((await browser.get('/rest/v1/users/current_user')).statusCode).toBe(200);

    // Another browser: the same code again is refused; a recovery code works, once.
    const other = t.client();
    await other.fetchCsrfToken();
    ok(await other.post('/rest/v1/auth/login', password(bo.name)));
    expect(
      detailOf(await other.post('/rest/v1/auth/login/two-factor', { code: code(secret, 1) }))?.code,
    ).toBe('invalid_code');
    ok(await other.post('/rest/v1/auth/login/two-factor', { code: recoveryCodes[0]!.toUpperCase() }));
    const third = t.client();
    await third.fetchCsrfToken();
    ok(await third.post('/rest/v1/auth/login', password(bo.name)));
    expect(
      detailOf(await third.post('/rest/v1/auth/login/two-factor', { code: recoveryCodes[0] }))?.code,
    ).toBe('invalid_code');
    const tries: (string | undefined)[] = [];
    for (let i = 0; i < 4; i += 1) {
      tries.push(codeOf(await third.post('/rest/v1/auth/login/two-factor', { code: 'zzzz-zzzz' })));
    }
    expect(tries).toEqual([
      'ERROR_INPUT_VALIDATION',
      'ERROR_INPUT_VALIDATION',
      'ERROR_INPUT_VALIDATION',
      'TWO_FACTOR_LOGIN_EXPIRED',
    ]);
    expect(codeOf(await third.post('/rest/v1/auth/login/two-factor', { code: code(secret, 1) }))).toBe(
      'TWO_FACTOR_LOGIN_EXPIRED',
    );
    expect(codeOf(await t.client().post('/rest/v1/auth/login/two-factor', { code: '123456' }))).toBe(
      'TWO_FACTOR_LOGIN_EXPIRED',
    );
    // The wrong password still answers as always, without a second step.
    expect(
      (await t.client().post('/rest/v1/auth/login', { login: bo.name, password: 'Wrong-pass-1!' }))
        .statusCode,
    ).toBe(401);
  });

  it('should ask the seller for a code at release and the sender at send-out; a retried send needs none', async () => {
    const seller = await scenario.party('tf_sel');
    const buyer = await scenario.party('tf_buy');
    await scenario.fund(seller.name, '0.5');
    const { secret, recoveryCodes } = await withApp(seller);
    const trade = await scenario.start(buyer, await scenario.sellOffer(seller));
    await scenario.markPaid(buyer, trade.id);
    const release = (body?: Record<string, unknown>) =>
      seller.c.post(`/rest/v1/trade/${trade.id}/release`, body);
    const bare = await release();
    expect([bare.statusCode, codeOf(bare)]).toEqual([403, 'TWO_FACTOR_REQUIRED']);
    expect(detailOf(await release({ code: code(secret) }))?.code).toBe('invalid_code'); // spent at enabling
    expect(ok(await release({ code: code(secret, 1) })).status).toBe('released');

    const send = (body: Record<string, unknown>, key: string) =>
      seller.c.request('POST', '/rest/v2/wallet/withdraw', body, { headers: { 'idempotency-key': key } });
    const body = { crypto_currency_code: 'BTC', amount: '0.01', username: buyer.name };
    expect(codeOf(await send(body, 'tf-send-0001'))).toBe('TWO_FACTOR_REQUIRED');
    // Step -1 is older than the step used at release: refused. A recovery code works.
    expect(detailOf(await send({ ...body, code: code(secret, -1) }, 'tf-send-0002'))?.code).toBe(
      'invalid_code',
    );
    const done = await send({ ...body, code: recoveryCodes[0] }, 'tf-send-0003');
    expect(done.statusCode, done.body).toBe(201);
    // The same request again (a client retrying after a lost answer): the first answer, no code asked.
    const again = await send(body, 'tf-send-0003');
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(done.json().data.id);
  });

  it('should change what asks for a code only with a code, exactly once for one code used twenty times', async () => {
    const cy = await scenario.party('tf_cy');
    const { secret, recoveryCodes } = await withApp(cy);
    const flags = { login: true, release: false, sendout: true };
    const racing = await Promise.all(
      Array.from({ length: 20 }, () =>
        cy.c.put('/rest/v1/users/two-factor', { ...flags, code: code(secret, 1) }),
      ),
    );
    expect(racing.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(racing.filter((r) => detailOf(r)?.code === 'invalid_code')).toHaveLength(19);
    expect(twoFactorStateSchema.parse(ok(await cy.c.get('/rest/v1/users/two-factor')))).toMatchObject(flags);
    expect((await cy.c.put('/rest/v1/users/two-factor', flags)).statusCode).toBe(422);
    expect(
      (await cy.c.put('/rest/v1/users/two-factor', { ...flags, code: code(secret, 1) }, { csrf: false }))
        .statusCode,
    ).toBe(403);
    const off = (offCode: string) => cy.c.post('/rest/v1/users/two-factor/totp/disable', { code: offCode });
    expect(detailOf(await off('aaaa-aaaa'))?.code).toBe('invalid_code');
    expect(twoFactorStateSchema.parse(ok(await off(recoveryCodes[1]!)))).toMatchObject({
      enabled: false,
      type: 'none',
    });
    expect(codeOf(await off(recoveryCodes[2]!))).toBe('TWO_FACTOR_DISABLED');
    expect(
      (await t.database.db.execute(
        sql`SELECT 1 FROM two_factor_recovery_codes WHERE user_id = ${cy.id}`,
      )) as unknown as {
        rows: unknown[];
      },
    ).toMatchObject({ rows: [] });
  });

  it('should send step-up codes by e-mail to a verified address, and turn codes by e-mail on with one', async () => {
    const dee = await scenario.party('tf_dee');
    expect(codeOf(await dee.c.post('/auth/send-email-code'))).toBe('EMAIL_NOT_VERIFIED');
    ok(
      await dee.c.post('/rest/v1/user-verification/email/verify-code', {
        code: await mailedCode(dee.id, 'email_verification'),
      }),
    );
    const sent = ok(await dee.c.post('/auth/send-email-code'));
    expect(sent).toMatchObject({ channel: 'email', to: 't***@example.com' });
    expect((await dee.c.post('/auth/send-email-code')).statusCode).toBe(429);
    expect(codeOf(await dee.c.post('/auth/send-phone-code'))).toBe('PHONE_NOT_VERIFIED');
    expect(codeOf(await dee.c.post('/auth/call-phone-code'))).toBe('PHONE_NOT_VERIFIED');
    expect(codeOf(await dee.c.post('/auth/push-phone-code'))).toBe('PUSH_NOT_AVAILABLE');
    expect((await t.client().post('/auth/send-email-code')).statusCode).toBe(401);
    ok(
      await dee.c.post('/rest/v1/users/two-factor/email/enable', {
        code: await mailedCode(dee.id, 'security_code'),
      }),
    );
    expect(twoFactorStateSchema.parse(ok(await dee.c.get('/rest/v1/users/two-factor'))).type).toBe('email');

    // Login: the pending browser asks for the mailed code, then completes.
    const browser = t.client();
    await browser.fetchCsrfToken();
    expect(ok(await browser.post('/rest/v1/auth/login', password(dee.name)))).toEqual({
      twoFactorRequired: true,
      type: 'email',
    });
    await t.database.db.execute(
      sql`UPDATE one_time_codes SET created_at = created_at - interval '2 minutes' WHERE user_id = ${dee.id}`,
    );
    ok(await browser.post('/auth/send-email-code'));
    ok(
      await browser.post('/rest/v1/auth/login/two-factor', {
        code: await mailedCode(dee.id, 'security_code'),
      }),
    );
    expect((await browser.get('/rest/v1/users/current_user')).statusCode).toBe(200);

    // Off with a mailed code.
    await t.database.db.execute(
      sql`UPDATE one_time_codes SET created_at = created_at - interval '2 minutes' WHERE user_id = ${dee.id}`,
    );
    ok(await dee.c.post('/auth/send-email-code'));
    const off = twoFactorStateSchema.parse(
      ok(
        await dee.c.post('/rest/v1/users/two-factor/totp/disable', {
          code: await mailedCode(dee.id, 'security_code'),
        }),
      ),
    );
    expect(off).toMatchObject({ enabled: false, type: 'none', login: false });
    expect(ok(await t.client().post('/rest/v1/auth/login', password(dee.name))).username).toBe(dee.name);
  });
});
