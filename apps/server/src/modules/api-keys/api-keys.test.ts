import { apiKeyListSchema, createdApiKeySchema, currentUserSchema } from '@app/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';

describe('API keys', () => {
  let t: TestApp;
  let s: ReturnType<typeof tradeScenario>;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_API_KEY_PER_MINUTE: '40' });
    s = tradeScenario(t);
  });
  afterAll(() => t.close());

  const createKey = async (party: Party, scopes: string[], name = 'bot') => {
    const response = await party.c.post('/rest/v1/api-keys', { name, scopes });
    expect(response.statusCode, response.body).toBe(201);
    return createdApiKeySchema.parse(response.json().data);
  };
  /** A client with no cookies: only the key speaks for it. */
  const withKey = (key: string) => {
    const client = t.client();
    const headers = { authorization: `Bearer ${key}` };
    return {
      client,
      get: (url: string) => client.get(url, { headers }),
      post: (url: string, body: Record<string, unknown> = {}) =>
        client.request('POST', url, body as Record<string, never>, { csrf: false, headers }),
    };
  };

  it('should show a new key once, list it without its secret, and let a bot read and trade with it', async () => {
    const owner = await s.party('akown');
    const seller = await s.party('aksel');
    await s.fund(seller.name, '0.05');
    const offer = await s.sellOffer(seller);

    const created = await createKey(owner, ['read', 'trade']);
    expect(created.secret).toMatch(/^p2pk_[0-9A-Za-z]{10}_[0-9A-Za-z]{40}$/);
    expect(created.secret.startsWith(created.prefix)).toBe(true);
    expect(created).toMatchObject({ name: 'bot', scopes: ['read', 'trade'], lastUsedAt: null });
    const listed = apiKeyListSchema.parse((await owner.c.get('/rest/v1/api-keys')).json().data);
    expect(listed.keys.map((k) => k.id)).toEqual([created.id]);
    expect(JSON.stringify(listed)).not.toContain(created.secret.slice(-40));
    const stored = (await t.database.db.execute(
      sql`SELECT secret_hash FROM api_keys WHERE id = ${created.id}`,
    )) as unknown as { rows: { secret_hash: string }[] };
    expect(stored.rows[0]?.secret_hash).not.toContain(created.secret.slice(-40));
    const me = currentUserSchema.parse((await owner.c.get('/rest/v1/users/current_user')).json().data);
    expect(me.isApiKeyConnected).toBe(true);

    // No cookie and no CSRF token: the key is enough.
    const bot = withKey(created.secret);
    const balances = await bot.get('/rest/v2/wallet/balances');
    expect(balances.statusCode, balances.body).toBe(200);
    const started = await bot.post('/rest/v1/trade/start', { offer_hash: offer, fiat_amount: '10' });
    expect(started.statusCode, started.body).toBe(201);
    const trade = started.json().data.id as string;
    expect((await bot.post(`/rest/v1/trade/${trade}/paid`)).statusCode).toBe(200);
    expect((await bot.get(`/rest/v1/trade/${trade}`)).statusCode).toBe(200);

    // The last use is kept for the owner to see.
    const after = apiKeyListSchema.parse((await owner.c.get('/rest/v1/api-keys')).json().data);
    expect(after.keys[0]?.lastUsedAt).not.toBeNull();
    expect(after.keys[0]?.lastUsedIp).toBeTruthy();
  });

  it('should hold a key to its scopes and keep the account secrets from every key', async () => {
    const owner = await s.party('aksc');
    const seller = await s.party('aksc2');
    await s.fund(seller.name, '0.05');
    const offer = await s.sellOffer(seller);
    const reader = withKey((await createKey(owner, ['read'], 'reader')).secret);

    const refused = await reader.post('/rest/v1/trade/start', { offer_hash: offer, fiat_amount: '10' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('API_KEY_SCOPE');
    const withdraw = await reader.post('/rest/v2/wallet/withdraw', {});
    expect(withdraw.json().errors[0].code).toBe('API_KEY_SCOPE');
    for (const [method, url] of [
      ['GET', '/rest/v1/api-keys'],
      ['POST', '/rest/v1/api-keys'],
      ['GET', '/rest/v1/users/sessions'],
      ['GET', '/rest/v1/users/birth-date'],
      ['POST', '/rest/v1/users/confirm-birthday'],
      ['POST', '/rest/v1/auth/password/change'],
      ['POST', '/rest/v1/users/settings'],
    ] as const) {
      const answer = method === 'GET' ? await reader.get(url) : await reader.post(url, { name: 'x' });
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(answer.json().errors[0].code).toBe('API_KEY_NOT_ALLOWED');
    }
    // The account's personal data (issue 26): the e-mail address, phone, settings, identity
    // verification, the webhook and the current user answer a key nothing of theirs.
    for (const url of [
      '/rest/v1/user-verification/email',
      '/rest/v1/users/phone',
      '/rest/v1/users/settings',
      '/rest/v1/verification/requests',
      '/rest/v1/webhooks',
      '/rest/v1/users/current_user',
      '/rest/v1/app/initial-state',
    ]) {
      const answer = await reader.get(url);
      expect([answer.statusCode, answer.json().errors?.[0]?.code], url).toEqual([403, 'API_KEY_NOT_ALLOWED']);
      // The same calls from the owner's browser still answer.
      const own = await owner.c.get(url);
      expect(own.statusCode, url).toBe(200);
      if (url.endsWith('/email')) expect(own.body).toContain(`${owner.name}@example.com`);
    }
    const deliveries = await reader.get('/rest/v1/webhooks/deliveries');
    expect(deliveries.json().errors[0].code).toBe('API_KEY_NOT_ALLOWED');
    // What a bot trades with stays open to the key.
    for (const url of ['/rest/v2/wallet/balances', '/rest/v1/trade/active', '/rest/v1/my-offers/list']) {
      expect((await reader.get(url)).statusCode, url).toBe(200);
    }
    // Not even an admin's key opens the console: the unknown-route 404.
    const admin = await s.staffMember('akadmin', 'admin');
    const adminKey = withKey((await createKey(admin, ['read', 'trade', 'offers'])).secret);
    expect((await adminKey.get('/rest/v1/admin/users?q=a')).statusCode).toBe(404);
    expect((await admin.c.get('/rest/v1/admin/users?q=a')).statusCode).toBe(200);
  });

  it('should refuse a revoked, unknown, malformed or altered key at once, and a banned owner', async () => {
    const owner = await s.party('akrv');
    const other = await s.party('akro');
    const created = await createKey(owner, ['read']);
    const bot = withKey(created.secret);
    expect((await bot.get('/rest/v2/wallet/balances')).statusCode).toBe(200);

    const altered = created.secret.slice(0, -1) + (created.secret.endsWith('a') ? 'b' : 'a');
    for (const key of [altered, 'p2pk_short', `${created.secret}x`, 'x'.repeat(5000), 'p2pk_\u0000']) {
      const answer = await withKey(key).get('/rest/v2/wallet/balances');
      expect(answer.statusCode, key.slice(0, 20)).toBe(401);
      expect(answer.json().errors[0].code).toBe('INVALID_API_KEY');
    }
    // Another user's key id is a 404 to them; the owner's revocation holds from the next call.
    expect((await other.c.delete(`/rest/v1/api-keys/${created.id}`)).statusCode).toBe(404);
    expect((await owner.c.delete(`/rest/v1/api-keys/${created.id}`)).statusCode).toBe(200);
    expect((await bot.get('/rest/v2/wallet/balances')).statusCode).toBe(401);
    expect((await owner.c.delete(`/rest/v1/api-keys/${created.id}`)).statusCode).toBe(404);
    expect((await owner.c.delete('/rest/v1/api-keys/abc')).statusCode).toBe(422);

    const banned = await s.party('akbn');
    const bannedKey = withKey((await createKey(banned, ['read'])).secret);
    await t.database.db.execute(sql`UPDATE users SET account_state = 'banned' WHERE id = ${banned.id}`);
    expect((await bannedKey.get('/rest/v2/wallet/balances')).statusCode).toBe(401);
  });

  it('should check the form, need a session and its CSRF token, and cap the keys under twenty calls at once', async () => {
    const owner = await s.party('akfm');
    const bad = async (body: unknown) => {
      const answer = await owner.c.post('/rest/v1/api-keys', body as Record<string, never>);
      expect(answer.statusCode, JSON.stringify(body)).toBe(422);
      return answer.json().errors[0].details.map((d: { field: string }) => d.field);
    };
    expect(await bad({ name: '', scopes: ['read'] })).toContain('name');
    expect(await bad({ name: 'a\nb', scopes: ['read'] })).toContain('name');
    expect(await bad({ name: 'x'.repeat(61), scopes: ['read'] })).toContain('name');
    expect(await bad({ name: 'ok', scopes: [] })).toContain('scopes');
    expect(await bad({ name: 'ok', scopes: ['read', 'read'] })).toContain('scopes');
    expect(await bad({ name: 'ok', scopes: ['admin'] })).toContain('scopes.0');
    expect((await t.client().post('/rest/v1/api-keys', { name: 'x', scopes: ['read'] })).statusCode).toBe(
      401,
    );
    const noCsrf = await owner.c.post('/rest/v1/api-keys', { name: 'x', scopes: ['read'] }, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    expect(
      (await owner.c.post('/rest/v1/api-keys?case=snake', { name: 'x', scopes: ['read'] })).statusCode,
    ).toBe(201);

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        owner.c.post('/rest/v1/api-keys', { name: `k${i}`, scopes: ['read'] }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(9);
    expect(codes.filter((c) => c === 409)).toHaveLength(11);
    expect(answers.find((a) => a.statusCode === 409)?.json().errors[0].code).toBe('API_KEY_LIMIT');
    expect(apiKeyListSchema.parse((await owner.c.get('/rest/v1/api-keys')).json().data).keys).toHaveLength(
      10,
    );
  });

  it('should limit each key on its own with a Retry-After', async () => {
    const owner = await s.party('akrl');
    const first = withKey((await createKey(owner, ['read'], 'one')).secret);
    const second = withKey((await createKey(owner, ['read'], 'two')).secret);
    const answers = [];
    for (let i = 0; i < 41; i += 1) answers.push(await first.get('/rest/v2/wallet/balances'));
    expect(answers.slice(0, 40).every((a) => a.statusCode === 200)).toBe(true);
    const limited = answers[40]!;
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await second.get('/rest/v2/wallet/balances')).statusCode).toBe(200);
  });
});
