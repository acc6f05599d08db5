import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';

describe('public profile: GET /rest/v1/users/{username}', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('should show what anyone may see, and nothing private', async () => {
    const trader = t.client();
    await trader.register('p_trader');
    await t.database.db.execute(sql`UPDATE users SET country_iso = 'DE' WHERE username = 'p_trader'`);

    // Anyone, logged in or not, and the username in any case.
    const response = await t.client().get('/rest/v1/users/P_Trader');
    expect(response.statusCode, response.body).toBe(200);
    const profile = response.json().data;
    expect(profile).toMatchObject({
      username: 'p_trader',
      avatarUrl: null,
      country: { iso: 'DE', name: 'Germany' },
      isOnline: true,
      isBanned: false,
      bio: '',
      // Counted by the feedback module: nobody rated this new trader yet.
      feedback: { positive: 0, negative: 0 },
      // No finished trade yet: no rate and no release time (decision 0045), not a made-up 100 %.
      tradeStats: { completedTrades: 0, completionRate: null, avgReleaseSeconds: null },
      // No verified ID, and shown to nobody by default (decision 0050).
      fullName: null,
    });
    expect(Date.parse(profile.joinedAt)).not.toBeNaN();
    expect(Date.parse(profile.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(profile.joinedAt));
    expect(Object.keys(profile).sort()).toEqual(
      [
        'avatarUrl',
        'bio',
        'country',
        'feedback',
        'isBanned',
        'isBlocked',
        'isOnline',
        'isTrusted',
        'joinedAt',
        'lastSeenAt',
        'username',
        'trustedCount',
        'blockedCount',
        'companyName',
        'fullName',
        'tradeStats',
      ].sort(),
    );
    expect(response.body).not.toContain('@example.com');
  });

  it('should say offline with the last sign of life once the sessions went quiet', async () => {
    const quiet = t.client();
    await quiet.register('p_quiet');
    await t.database.db.execute(sql`UPDATE sessions SET last_seen_at = now() - interval '2 hours'
      WHERE user_id = (SELECT id FROM users WHERE username = 'p_quiet')`);
    await t.database.db.execute(sql`UPDATE users SET last_login_at = NULL WHERE username = 'p_quiet'`);
    const profile = (await t.client().get('/rest/v1/users/p_quiet')).json().data;
    expect(profile.isOnline).toBe(false);
    const ageMs = Date.now() - Date.parse(profile.lastSeenAt);
    expect(ageMs).toBeGreaterThan(7_000_000);
    expect(ageMs).toBeLessThan(7_400_000);
  });

  it('should tell a logged-in viewer whether they trust or block the user, and nobody else', async () => {
    const viewer = t.client();
    await viewer.register('p_viewer');
    const target = t.client();
    await target.register('p_target');
    const flags = async (client: typeof viewer, username: string) => {
      const { isTrusted, isBlocked } = (await client.get(`/rest/v1/users/${username}`)).json().data;
      return { isTrusted, isBlocked };
    };
    expect(await flags(viewer, 'p_target')).toEqual({ isTrusted: false, isBlocked: false });

    expect((await viewer.put('/rest/v1/users/p_target/relations', { action: 'trusted' })).statusCode).toBe(
      200,
    );
    expect(await flags(viewer, 'p_target')).toEqual({ isTrusted: true, isBlocked: false });
    const counts = async () => {
      const { trustedCount, blockedCount } = (await t.client().get('/rest/v1/users/p_target')).json().data;
      return { trustedCount, blockedCount };
    };
    expect(await counts()).toEqual({ trustedCount: 1, blockedCount: 0 });
    // The relation is the viewer's own: not the target's view of the viewer, not a visitor's.
    expect(await flags(target, 'p_viewer')).toEqual({ isTrusted: false, isBlocked: false });
    expect(await flags(t.client(), 'p_target')).toEqual({ isTrusted: false, isBlocked: false });

    expect((await viewer.put('/rest/v1/users/p_target/relations', { action: 'blocked' })).statusCode).toBe(
      200,
    );
    expect(await flags(viewer, 'P_TARGET')).toEqual({ isTrusted: false, isBlocked: true });
    expect(await counts()).toEqual({ trustedCount: 0, blockedCount: 1 });
    expect(await flags(viewer, 'p_viewer')).toEqual({ isTrusted: false, isBlocked: false });
  });

  it('should show the bio the user wrote in their settings, until the account is banned or closed', async () => {
    const writer = t.client();
    await writer.register('p_writer');
    const bio = 'Bank transfers in EUR.\nI answer within minutes.';
    expect((await writer.post('/rest/v1/users/settings', { bio })).statusCode).toBe(200);
    expect((await t.client().get('/rest/v1/users/p_writer')).json().data.bio).toBe(bio);

    await t.database.db.execute(sql`UPDATE users SET closed_at = now() WHERE username = 'p_writer'`);
    expect((await t.client().get('/rest/v1/users/p_writer')).json().data.bio).toBe('');
    await t.database.db.execute(sql`UPDATE users SET closed_at = NULL, account_state = 'banned'
      WHERE username = 'p_writer'`);
    expect((await t.client().get('/rest/v1/users/p_writer')).json().data.bio).toBe('');
  });

  it('should show a banned account by name only', async () => {
    const banned = t.client();
    await banned.register('p_banned');
    await t.database.db.execute(sql`UPDATE users SET account_state = 'banned', country_iso = 'ES'
      WHERE username = 'p_banned'`);
    const profile = (await t.client().get('/rest/v1/users/p_banned')).json().data;
    expect(profile).toMatchObject({ username: 'p_banned', isBanned: true, country: null, lastSeenAt: null });
    expect(profile.isOnline).toBe(false);
  });

  it('should answer 404 for an unknown user, and keep /current_user working', async () => {
    const response = await t.client().get('/rest/v1/users/nobody_here');
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0].code).toBe('NOT_FOUND');
    expect((await t.client().get('/rest/v1/users/current_user')).statusCode).toBe(401);
  });
});
