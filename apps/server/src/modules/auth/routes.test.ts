import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';

describe('auth routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_IP: '8' });
  });
  afterAll(() => t.close());

  describe('register', () => {
    it('should create the account, log it in and answer 201 with the current user', async () => {
      const client = t.client();
      const response = await client.post('/rest/v1/auth/register', {
        username: 'Satoshi_1',
        email: 'satoshi@example.com',
        password: 'Str0ng-pass!',
      });
      expect(response.statusCode).toBe(201);
      const { data } = response.json();
      expect(data).toMatchObject({
        username: 'Satoshi_1',
        email: 'satoshi@example.com',
        isLogged: true,
        role: 'user',
      });
      expect(data).not.toHaveProperty('passwordHash');
      const cookie = response.cookies.find((c) => c.name === 'sid');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      await client.fetchCsrfToken();
      const me = await client.get('/rest/v1/users/current_user');
      expect(me.statusCode).toBe(200);
      expect(me.json().data.username).toBe('Satoshi_1');
    });

    it('should refuse a username or e-mail already taken, whatever the case', async () => {
      const client = t.client();
      await client.register('dup_user', 'Str0ng-pass!', 'dup@example.com');
      const other = t.client();
      const byName = await other.post('/rest/v1/auth/register', {
        username: 'DUP_USER',
        email: 'fresh@example.com',
        password: 'Str0ng-pass!',
      });
      expect(byName.statusCode).toBe(422);
      expect(byName.json().errors[0]).toMatchObject({
        code: 'ERROR_INPUT_VALIDATION',
        details: [{ field: 'username', code: 'USERNAME_TAKEN' }],
      });
      const byEmail = await other.post('/rest/v1/auth/register', {
        username: 'fresh_user',
        email: 'DUP@example.com',
        password: 'Str0ng-pass!',
      });
      expect(byEmail.json().errors[0].details).toEqual([
        expect.objectContaining({ field: 'email', code: 'EMAIL_TAKEN' }),
      ]);
    });

    it('should list every field problem in the 422 details', async () => {
      const response = await t.client().post('/rest/v1/auth/register', {
        username: 'a',
        email: 'bad..dots@example.com',
        password: 'short',
      });
      expect(response.statusCode).toBe(422);
      const [error] = response.json().errors;
      expect(error.code).toBe('ERROR_INPUT_VALIDATION');
      const fields = error.details.map((d: { field: string }) => d.field);
      expect(fields).toContain('username');
      expect(fields).toContain('email');
      const passwordMessages = error.details
        .filter((d: { field: string }) => d.field === 'password')
        .map((d: { message: string }) => d.message);
      expect(passwordMessages).toEqual(
        expect.arrayContaining([
          'At least 8 characters',
          'At least one digit',
          'At least one uppercase letter',
          'At least one special character',
        ]),
      );
    });

    it('should refuse reserved usernames and characters outside the allowed set', async () => {
      for (const username of ['admin', 'with space', '-dash-first', 'x'.repeat(25)]) {
        const response = await t.client().post('/rest/v1/auth/register', {
          username,
          email: `${Math.random().toString(36).slice(2)}@example.com`,
          password: 'Str0ng-pass!',
        });
        expect(response.statusCode, username).toBe(422);
        expect(response.json().errors[0].details[0].field).toBe('username');
      }
    });
  });

  describe('login and logout', () => {
    beforeAll(async () => {
      await t.client().register('trader_joe', 'Str0ng-pass!', 'joe@example.com');
    });

    it('should log in by username or e-mail, case-insensitively, and rotate the session', async () => {
      const client = t.client();
      const anonymousToken = await client.fetchCsrfToken();
      const byName = await client.login('TRADER_JOE');
      expect(byName.statusCode).toBe(200);
      expect(byName.json().data.username).toBe('trader_joe');
      expect(client.csrfToken).not.toBe(anonymousToken);
      const byEmail = await t.client().login('Joe@Example.com');
      expect(byEmail.statusCode).toBe(200);
    });

    it('should answer one generic 401 for a wrong password and for an unknown account', async () => {
      const wrongPassword = await t.client().login('trader_joe', 'Wrong-pass-1');
      const unknown = await t.client().login('nobody_here', 'Wrong-pass-1');
      expect(wrongPassword.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrongPassword.json()).toEqual(unknown.json());
      expect(wrongPassword.json().errors[0].code).toBe('INVALID_CREDENTIALS');
    });

    it('should end the session on logout so the old cookie no longer works', async () => {
      const client = t.client();
      await client.login('trader_joe');
      expect((await client.get('/rest/v1/users/current_user')).statusCode).toBe(200);
      const logout = await client.post('/rest/v1/auth/logout');
      expect(logout.statusCode).toBe(200);
      expect(logout.json()).toEqual({ data: { redirectUrl: '/' } });
      expect((await client.get('/rest/v1/users/current_user')).statusCode).toBe(401);
    });

    it('should answer 401 in the envelope to anonymous current_user', async () => {
      const response = await t.client().get('/rest/v1/users/current_user');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ errors: [{ code: 'UNAUTHENTICATED', message: expect.any(String) }] });
    });
  });

  describe('rate limiting', () => {
    it('should block an account after repeated failures, even for the right password, with Retry-After', async () => {
      await t.client().register('victim_1', 'Str0ng-pass!', 'victim1@example.com');
      const attacker = t.client();
      for (let i = 0; i < 3; i += 1) {
        expect((await attacker.login('victim_1', 'Guess-123!')).statusCode).toBe(401);
      }
      const blocked = await attacker.login('victim_1', 'Guess-123!');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().errors[0].code).toBe('TOO_MANY_ATTEMPTS');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await t.client().login('victim_1', 'Str0ng-pass!')).statusCode).toBe(429);
    });

    it('should block an IP that sprays many accounts', async () => {
      const sprayer = t.client();
      const ip = { 'x-forwarded-for': '203.0.113.9' };
      let last = 0;
      for (let i = 0; i < 10; i += 1) {
        const response = await sprayer.post(
          '/rest/v1/auth/login',
          { login: `spray_${i}`, password: 'Guess-123!' },
          { headers: ip },
        );
        last = response.statusCode;
      }
      // TRUST_PROXY is off, so the header is ignored and the inject socket's address is the key.
      expect(last).toBe(429);
    });
  });
});
