import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { currentUserSchema, phoneDataSchema } from '@app/contract';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';

type Response = Awaited<ReturnType<TestClient['get']>>;

/**
 * Phone verification and the phone step-up channels, and the change of a verified e-mail address,
 * through the real HTTP stack and database (decisions 0030 and 0026).
 */
describe('phone verification', () => {
  let t: TestApp;

  const detailOf = (response: Response) =>
    response.json().errors?.[0]?.details?.[0] as { field: string; code: string } | undefined;
  const codeOf = (response: Response) => (response.json().errors?.[0] as { code: string } | undefined)?.code;
  const ok = (response: Response) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const registered = async (name: string) => {
    const client = t.client();
    const { id } = await client.register(name);
    return { client, id };
  };
  /** The newest message to `recipient` (SMS: its text; mail: its body). */
  const lastMessage = async (recipient: string) => {
    const [row] = (
      (await t.database.db.execute(
        sql`SELECT channel, body_text, template FROM outbox_messages WHERE recipient = ${recipient} ORDER BY id DESC LIMIT 1`,
      )) as unknown as { rows: { channel: string; body_text: string; template: string }[] }
    ).rows;
    return { ...row!, code: /\b(\d{6})\b/.exec(row!.body_text)?.[1] ?? '' };
  };
  const waitOut = (userId: number) =>
    t.database.db.execute(
      sql`UPDATE one_time_codes SET created_at = created_at - interval '2 minutes' WHERE user_id = ${userId}`,
    );

  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t?.close());

  it('should refuse numbers with the spec error types, text a code, and verify the number with it', async () => {
    const { client: ana } = await registered('ph_ana');
    const send = (phone: unknown, call = false) =>
      ana.post('/rest/v1/users/send-phone-code', { phone, call });
    const refusals: [string, string][] = [
      ['not a number', 'parse_error'],
      ['600111222', 'parse_error'],
      ['+34 12', 'invalid_number'],
      ['+34 912 345 678', 'wrong_phone_type'],
    ];
    for (const [phone, code] of refusals) {
      const refused = await send(phone);
      expect(refused.statusCode, phone).toBe(422);
      expect(detailOf(refused), phone).toMatchObject({ field: 'phone', code });
    }
    expect(detailOf(await send('+34 600\u0000111'))?.field).toBe('phone');
    const sent = phoneDataSchema.parse(ok(await send('+34 612 34 56 78')));
    expect(sent).toMatchObject({
      number: '+34 612 34 56 78',
      code: '34',
      isCodeSent: true,
      isVerified: false,
      isAttemptsExceeded: false,
    });
    expect(sent.countdown).toBeGreaterThan(50);
    const sms = await lastMessage('+34612345678');
    expect(sms).toMatchObject({ channel: 'sms', template: 'security_code' });
    const again = await send('+34 612 34 56 78');
    expect([again.statusCode, detailOf(again)?.code]).toEqual([429, 'limit_exceeded']);

    const confirm = (phoneCode: unknown) => ana.post('/rest/v1/users/confirm-phone', { phoneCode });
    const wrong = sms.code === '000000' ? '111111' : '000000';
    expect(detailOf(await confirm(wrong))).toMatchObject({ field: 'phoneCode', code: 'invalid_code' });
    expect(phoneDataSchema.parse(ok(await confirm(sms.code)))).toMatchObject({
      isVerified: true,
      isCodeSent: false,
    });
    const me = currentUserSchema.parse(ok(await ana.get('/rest/v1/users/current_user')));
    expect([me.phone, me.isPhoneVerified]).toEqual(['+34612345678', true]);
    expect(codeOf(await send('+34612345678'))).toBe('PHONE_ALREADY_VERIFIED');

    // One account per number.
    const { client: bo } = await registered('ph_bo');
    const taken = await bo.post('/rest/v1/users/send-phone-code', { phone: '+34 612 345 678' });
    expect(detailOf(taken)).toMatchObject({ field: 'phone', code: 'invalid_number' });
  });

  it('should call with the code, end a code after five wrong tries with a countdown, and reset', async () => {
    const { client: cy, id } = await registered('ph_cy');
    ok(await cy.post('/rest/v1/users/send-phone-code', { phone: '+44 7911 123456', call: true }));
    const call = await lastMessage('+447911123456');
    expect(call.channel).toBe('voice');
    const wrong = call.code === '000000' ? '111111' : '000000';
    const answers: (string | undefined)[] = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push(codeOf(await cy.post('/rest/v1/users/confirm-phone', { phoneCode: wrong })));
    }
    expect(answers.slice(0, 4)).toEqual(Array(4).fill('ERROR_INPUT_VALIDATION'));
    const fifth = await cy.post('/rest/v1/users/confirm-phone', { phoneCode: call.code });
    expect([fifth.statusCode, codeOf(fifth)]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(0);
    expect(phoneDataSchema.parse(ok(await cy.get('/rest/v1/users/phone')))).toMatchObject({
      isAttemptsExceeded: true,
      isVerified: false,
    });
    await waitOut(id);
    ok(await cy.post('/rest/v1/users/send-phone-code', { phone: '+44 7911 123456' }));
    ok(
      await cy.post('/rest/v1/users/confirm-phone', { phoneCode: (await lastMessage('+447911123456')).code }),
    );
    expect(phoneDataSchema.parse(ok(await cy.post('/rest/v1/users/reset-phone')))).toMatchObject({
      number: null,
      isVerified: false,
    });
    expect(currentUserSchema.parse(ok(await cy.get('/rest/v1/users/current_user'))).isPhoneVerified).toBe(
      false,
    );
    expect(
      (await t.client().post('/rest/v1/users/send-phone-code', { phone: '+44 7911 123456' })).statusCode,
    ).toBe(401);
  });

  it('should send step-up codes by SMS and call to a verified number only', async () => {
    const { client: dee, id } = await registered('ph_dee');
    expect(codeOf(await dee.post('/auth/send-phone-code'))).toBe('PHONE_NOT_VERIFIED');
    ok(await dee.post('/rest/v1/users/send-phone-code', { phone: '+1 415 555 2671' }));
    ok(
      await dee.post('/rest/v1/users/confirm-phone', { phoneCode: (await lastMessage('+14155552671')).code }),
    );
    expect(ok(await dee.post('/auth/send-phone-code'))).toMatchObject({
      channel: 'sms',
      to: '+14 ••• ••• 671',
    });
    await waitOut(id);
    ok(await dee.post('/auth/call-phone-code'));
    expect((await lastMessage('+14155552671')).channel).toBe('voice');
  });

  it('should change a verified e-mail only with a code, tell the old address and verify the new one', async () => {
    const { client: eve, id } = await registered('ph_eve');
    const mailed = async (to: string, template: string) => {
      const [row] = (
        (await t.database.db.execute(
          sql`SELECT body_text FROM outbox_messages WHERE recipient = ${to} AND template = ${template} ORDER BY id DESC LIMIT 1`,
        )) as unknown as { rows: { body_text: string }[] }
      ).rows;
      return row?.body_text ?? '';
    };
    const change = (email: string, code: string) =>
      eve.post('/rest/v1/user-verification/email/change', { email, code });
    expect(codeOf(await change('ph_eve2@example.com', '123456'))).toBe('EMAIL_NOT_VERIFIED');
    ok(
      await eve.post('/rest/v1/user-verification/email/verify-code', {
        code: /\b(\d{6})\b/.exec(await mailed('ph_eve@example.com', 'email_verification'))![1],
      }),
    );
    ok(await eve.post('/auth/send-email-code'));
    const code = /\b(\d{6})\b/.exec(await mailed('ph_eve@example.com', 'security_code'))![1]!;
    expect(
      detailOf(await change('ph_eve2@example.com', code === '000000' ? '111111' : '000000')),
    ).toMatchObject({
      field: 'code',
      code: 'invalid_code',
    });
    expect(detailOf(await change('ph_eve@example.com', code))?.code).toBe('same_email');
    expect(ok(await change('ph_eve2@example.com', code))).toMatchObject({
      email: 'ph_eve2@example.com',
      isEmailVerified: false,
    });
    expect(await mailed('ph_eve@example.com', 'email_changed')).toContain('ph_eve2@example.com');
    expect(await mailed('ph_eve2@example.com', 'email_verification')).toMatch(/\b\d{6}\b/);
    // The new address is not verified yet: no further change until it is.
    await waitOut(id);
    expect(codeOf(await change('ph_eve3@example.com', code))).toBe('EMAIL_NOT_VERIFIED');
  });
});
