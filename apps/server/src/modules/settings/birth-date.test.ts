import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { birthDateStateSchema } from '@app/contract';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';

type Response = Awaited<ReturnType<TestClient['get']>>;

/** `YYYY-MM-DD` of today (UTC) moved by whole years. */
const yearsAgo = (years: number, days = 0) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/**
 * The date of birth through the real HTTP stack and database (decision 0054): confirmed once, a real past
 * date of an adult, refused with field details otherwise; strangers, forged writes and held accounts out.
 */
describe('date of birth', () => {
  let t: TestApp;
  let n = 0;
  const member = async () => {
    const client = t.client();
    await client.register(`bd${(n += 1)}${Date.now().toString(36)}`.slice(0, 20));
    return client;
  };
  const detailOf = (response: Response) =>
    response.json().errors?.[0]?.details?.[0] as { field: string; code: string } | undefined;
  const confirm = (client: TestClient, birth_date: unknown) =>
    client.post('/rest/v1/users/confirm-birthday', { birth_date });

  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t?.close());

  it('should confirm an adult date of birth once, and read it back', async () => {
    const ana = await member();
    const before = await ana.get('/rest/v1/users/birth-date');
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toEqual({ birthDate: null, confirmedAt: null });

    const adult = yearsAgo(30);
    const saved = await confirm(ana, adult);
    expect(saved.statusCode, saved.body).toBe(200);
    const state = birthDateStateSchema.parse(saved.json().data);
    expect(state.birthDate).toBe(adult);
    expect(state.confirmedAt).not.toBeNull();
    expect((await ana.get('/rest/v1/users/birth-date')).json().data).toEqual(state);

    // Once: a second date (a typo fixed, or a minor trying again) goes through support.
    const again = await confirm(ana, yearsAgo(40));
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe('BIRTH_DATE_CONFIRMED');
    expect((await ana.get('/rest/v1/users/birth-date')).json().data.birthDate).toBe(adult);
  });

  it('should count 18 years to the day', async () => {
    const eighteenToday = await member();
    expect((await confirm(eighteenToday, yearsAgo(18))).statusCode).toBe(200);
    const eighteenTomorrow = await member();
    const young = await confirm(eighteenTomorrow, yearsAgo(18, 1));
    expect(young.statusCode).toBe(422);
    expect(detailOf(young)).toMatchObject({ field: 'birth_date', code: 'too_young' });
  });

  it.each([
    ['2001-02-29', 'invalid_date'],
    ['1990-13-01', 'invalid_date'],
    ['1899-12-31', 'too_old'],
  ])('should refuse %s with %s on birth_date', async (value, code) => {
    const bob = await member();
    const refused = await confirm(bob, value);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].code).toBe('ERROR_INPUT_VALIDATION');
    expect(detailOf(refused)).toMatchObject({ field: 'birth_date', code });
    expect((await bob.get('/rest/v1/users/birth-date')).json().data.birthDate).toBeNull();
  });

  it('should refuse a date in the future, other shapes, control characters and huge strings with 422', async () => {
    const cy = await member();
    expect(detailOf(await confirm(cy, yearsAgo(-1)))).toMatchObject({
      field: 'birth_date',
      code: 'future_date',
    });
    for (const value of [
      '15/06/1990',
      '1990-6-15',
      '',
      'x'.repeat(100_000),
      '1990-06-15\u0000',
      19900615,
      null,
    ]) {
      const refused = await confirm(cy, value);
      expect(refused.statusCode, String(value).slice(0, 20)).toBe(422);
      expect(detailOf(refused)?.field).toBe('birth_date');
    }
    expect((await cy.post('/rest/v1/users/confirm-birthday', {})).statusCode).toBe(422);
  });

  it('should answer strangers 401, forged writes 403 and ?case=snake in snake case', async () => {
    const stranger = t.client();
    expect((await stranger.get('/rest/v1/users/birth-date')).statusCode).toBe(401);
    expect((await confirm(stranger, yearsAgo(30))).statusCode).toBe(401);

    const dee = await member();
    const forged = await dee.post(
      '/rest/v1/users/confirm-birthday',
      { birth_date: yearsAgo(30) },
      { csrf: false },
    );
    expect(forged.statusCode).toBe(403);
    expect(forged.json().errors[0].code).toBe('CSRF_TOKEN_MISMATCH');
    const snake = await dee.post('/rest/v1/users/confirm-birthday?case=snake', { birth_date: yearsAgo(30) });
    expect(snake.statusCode).toBe(200);
    expect(snake.json().data).toMatchObject({ birth_date: yearsAgo(30) });
    expect(snake.json().data).toHaveProperty('confirmed_at');
  });

  it('should keep the name of its address from any username', async () => {
    const answer = await t.client().post('/rest/v1/auth/register', {
      username: 'birth-date',
      email: 'bd@example.com',
      password: 'Str0ng-pass!',
    });
    expect(answer.statusCode).toBe(422);
    expect(detailOf(answer)).toMatchObject({ field: 'username' });
  });

  it('should keep an account under compliance review from changing it', async () => {
    const eve = await member();
    const { id } = (await eve.get('/rest/v1/users/current_user')).json().data as { id: number };
    await t.database.db.execute(sql`UPDATE users SET account_state = 'compliance_hold' WHERE id = ${id}`);
    const held = await confirm(eve, yearsAgo(30));
    expect(held.statusCode).toBe(403);
    expect(held.json().errors[0].code).toBe('ACCOUNT_STATE_FORBIDS_ACTION');
  });

  it('should keep one date when twenty confirmations arrive at once', async () => {
    const fay = await member();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => confirm(fay, yearsAgo(20 + i))));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json().data.birthDate as string;
    expect((await fay.get('/rest/v1/users/birth-date')).json().data.birthDate).toBe(winner);
  });
});
