import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  adminUserChangeSchema,
  adminUserDetailSchema,
  adminUserListSchema,
  auditLogPageSchema,
  currentUserSchema,
  staffPermissionsSchema,
} from '@app/contract';
import { createTestApp, sellOfferBody, type TestApp, type TestClient } from '../../../test/helpers.js';
import { runAdminCommand } from '../../cli/commands.js';

type Response = Awaited<ReturnType<TestClient['get']>>;

/**
 * The staff console's foundation through the real HTTP stack and database: the gate (404 to outsiders,
 * 403 to a lower role), account actions with reasons and their audit rows, the rank rule, role changes,
 * the audit log's filters and its append-only trigger, and identical actions racing.
 */
describe('staff console: users and audit log', () => {
  let t: TestApp;
  const clients: Record<string, TestClient> = {};
  let offerHash: string;

  const admin = (...argv: string[]) => runAdminCommand({ db: t.database.db, config: t.config }, argv);
  const ok = (response: Response, status = 200) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json().data;
  };
  const errorOf = (response: Response) => response.json().errors[0] as { code: string; details?: unknown[] };
  const c = (name: string) => {
    const client = clients[name];
    if (!client) throw new Error(`no client ${name}`);
    return client;
  };

  async function staff(username: string, role: string) {
    const created = await admin(
      'user:create',
      ...['--username', username, '--email', `${username}@example.com`, '--password', 'Str0ng-pass!'],
      ...['--role', role],
    );
    expect(created.exitCode, created.output).toBe(0);
    const client = t.client();
    expect((await client.login(username)).statusCode).toBe(200);
    clients[username] = client;
  }
  async function user(username: string) {
    const client = t.client();
    await client.register(username);
    clients[username] = client;
  }
  const act = (by: string, username: string, body: Record<string, unknown>) =>
    c(by).post(`/rest/v1/admin/users/${username}/actions`, body);
  const searchHashes = async () =>
    (
      ok(await t.client().get('/rest/v1/offers?type=buy&currency=USD&limit=50')) as {
        offers: { hash: string }[];
      }
    ).offers.map((o) => o.hash);

  beforeAll(async () => {
    t = await createTestApp();
    await staff('st_admin', 'admin');
    await staff('st_super', 'supermod');
    await staff('st_mod', 'moderator');
    await staff('st_mod2', 'moderator');
    for (const name of ['st_alice', 'st_bob', 'st_carol', 'st_dave', 'st_erin']) await user(name);
    expect(
      (await admin('wallet:deposit', '--user', 'st_alice', '--crypto', 'BTC', '--amount', '1')).exitCode,
    ).toBe(0);
    offerHash = ok(
      await c('st_alice').post('/rest/v1/my-offers', sellOfferBody({ offer_terms: 'Own account only.' })),
      201,
    ).idHashed;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** One call per console operation, with a valid body, so only the gate can refuse it. */
  const operations: [string, string, Record<string, unknown>?][] = [
    ['GET', '/rest/v1/admin/permissions'],
    ['GET', '/rest/v1/admin/users?q=st_'],
    ['GET', '/rest/v1/admin/users/st_carol'],
    ['POST', '/rest/v1/admin/users/st_carol/actions', { action: 'restrict', reason: 'test' }],
    ['POST', '/rest/v1/admin/users/st_carol/role', { role: 'moderator', reason: 'test' }],
    ['GET', '/rest/v1/admin/audit-log'],
    ['GET', '/rest/v1/admin/no-such-screen'],
  ];

  describe('the gate', () => {
    it('should answer anonymous users and plain users exactly like an unknown route (404), writes too', async () => {
      for (const client of [t.client(), c('st_bob')]) {
        for (const [method, url, body] of operations) {
          const response = await client.request(method as 'GET', url, body);
          const path = url.split('?')[0];
          expect(response.statusCode, `${method} ${url}`).toBe(404);
          expect(response.json(), `${method} ${url}`).toEqual({
            errors: [{ message: `No route ${method} ${path}`, code: 'ROUTE_NOT_FOUND' }],
          });
        }
        // Neither a missing CSRF token nor an invalid body gives the route away.
        const noCsrf = await client.post('/rest/v1/admin/users/st_carol/actions', {}, { csrf: false });
        expect(noCsrf.statusCode).toBe(404);
        const invalid = await client.post('/rest/v1/admin/users/st_carol/actions', { action: 'nope' });
        expect(invalid.statusCode).toBe(404);
      }
      // Nothing happened to the target.
      expect(ok(await c('st_admin').get('/rest/v1/admin/users/st_carol')).profile.accountState).toBe(
        'active',
      );
    });

    it('should answer 403 FORBIDDEN_ROLE to a staff role that lacks the permission', async () => {
      const refusals: [string, string, string, Record<string, unknown>?][] = [
        ['st_mod', 'GET', '/rest/v1/admin/audit-log'],
        ['st_mod', 'POST', '/rest/v1/admin/users/st_carol/role', { role: 'moderator', reason: 'x' }],
        ['st_super', 'POST', '/rest/v1/admin/users/st_carol/role', { role: 'moderator', reason: 'x' }],
        ['st_mod', 'POST', '/rest/v1/admin/users/st_carol/actions', { action: 'ban', reason: 'x' }],
        ['st_mod', 'POST', '/rest/v1/admin/users/st_carol/actions', { action: 'freeze', reason: 'x' }],
      ];
      for (const [who, method, url, body] of refusals) {
        const response = await c(who).request(method as 'GET', url, body);
        expect(response.statusCode, `${who} ${method} ${url}`).toBe(403);
        expect(errorOf(response).code).toBe('FORBIDDEN_ROLE');
      }
      // Staff still need the CSRF token like everyone else.
      const noCsrf = await c('st_super').post(
        '/rest/v1/admin/users/st_carol/actions',
        { action: 'restrict', reason: 'x' },
        { csrf: false },
      );
      expect(noCsrf.statusCode).toBe(403);
      expect(errorOf(noCsrf).code).toBe('CSRF_TOKEN_MISMATCH');
    });

    it('should tell each role what it may do', async () => {
      const of = async (who: string) =>
        staffPermissionsSchema.parse(ok(await c(who).get('/rest/v1/admin/permissions')));
      expect((await of('st_mod')).permissions).not.toContain('account.ban');
      expect((await of('st_super')).permissions).toContain('account.ban');
      expect((await of('st_super')).permissions).not.toContain('roles.change');
      expect((await of('st_admin')).permissions).toContain('roles.change');
    });
  });

  describe('users', () => {
    it('should search by username or e-mail prefix with trades count and last seen', async () => {
      const list = adminUserListSchema.parse(ok(await c('st_mod').get('/rest/v1/admin/users?q=ST_AL')));
      expect(list.items.map((u) => u.username)).toEqual(['st_alice']);
      expect(list.items[0]).toMatchObject({ role: 'user', accountState: 'active', tradesCount: 0 });
      expect(list.items[0]?.lastSeenAt).not.toBeNull();
      const byMail = adminUserListSchema.parse(
        ok(await c('st_mod').get('/rest/v1/admin/users?q=st_bob@exa')),
      );
      expect(byMail.items.map((u) => u.username)).toEqual(['st_bob']);
      // A wildcard typed by staff is a character, not a pattern.
      expect(ok(await c('st_mod').get('/rest/v1/admin/users?q=%25')).items).toEqual([]);
      const paged = adminUserListSchema.parse(
        ok(await c('st_mod').get('/rest/v1/admin/users?q=st_&limit=2')),
      );
      expect(paged.items).toHaveLength(2);
      expect(paged.hasMore).toBe(true);
      expect((await c('st_mod').get('/rest/v1/admin/users?limit=0')).statusCode).toBe(422);
    });

    it('should show a user with offers, sessions, IPs and what the viewer may do', async () => {
      const detail = adminUserDetailSchema.parse(ok(await c('st_mod').get('/rest/v1/admin/users/st_alice')));
      expect(detail.offers.map((o) => o.hash)).toEqual([offerHash]);
      expect(detail.sessions.length).toBeGreaterThan(0);
      expect(detail.ips.map((i) => i.source)).toContain('session');
      expect(detail.allowedActions).toEqual(['suspend', 'compromised', 'on_hold', 'restrict']);
      expect(detail.canChangeRole).toBe(false);
      const asAdmin = adminUserDetailSchema.parse(ok(await c('st_admin').get('/rest/v1/admin/users/st_mod')));
      expect(asAdmin.canChangeRole).toBe(true);
      // A moderator sees a peer, but may do nothing to them.
      expect(
        adminUserDetailSchema.parse(ok(await c('st_mod').get('/rest/v1/admin/users/st_mod2'))).allowedActions,
      ).toEqual([]);
      expect((await c('st_mod').get('/rest/v1/admin/users/nobody_here')).statusCode).toBe(404);
    });

    it('should refuse an action without a reason with 422 naming the field', async () => {
      for (const body of [{ action: 'restrict' }, { action: 'restrict', reason: '   ' }]) {
        const response = await act('st_mod', 'st_carol', body);
        expect(response.statusCode).toBe(422);
        expect(errorOf(response)).toMatchObject({
          code: 'ERROR_INPUT_VALIDATION',
          details: [expect.objectContaining({ field: 'reason' })],
        });
      }
      const noAction = await act('st_mod', 'st_carol', { action: 'delete_everything', reason: 'x' });
      expect(noAction.statusCode).toBe(422);
      expect(errorOf(noAction).details).toEqual([expect.objectContaining({ field: 'action' })]);
      const noNotice = await act('st_super', 'st_carol', { action: 'set_notice', reason: 'x' });
      expect(noNotice.statusCode).toBe(422);
      expect(errorOf(noNotice).details).toEqual([expect.objectContaining({ field: 'notice' })]);
    });

    it('should ban: the session ends at once, the offers leave search, an audit row keeps before/after', async () => {
      expect(await searchHashes()).toContain(offerHash);
      expect((await c('st_alice').get('/rest/v1/users/current_user')).statusCode).toBe(200);

      const change = adminUserChangeSchema.parse(
        ok(await act('st_super', 'st_alice', { action: 'ban', reason: 'Scam reported by three buyers' })),
      );
      expect(change.user).toMatchObject({ username: 'st_alice', accountState: 'banned', accountNotice: 1 });
      expect(change.audit).toMatchObject({
        actor: 'st_super',
        actorRole: 'supermod',
        action: 'user.ban',
        targetType: 'user',
        targetId: 'st_alice',
        reason: 'Scam reported by three buyers',
        before: { accountState: 'active', accountNotice: null },
        after: { accountState: 'banned', accountNotice: 1 },
      });

      const next = await c('st_alice').get('/rest/v1/users/current_user');
      expect(next.statusCode).toBe(401);
      const sessions = await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.username = 'st_alice'`,
      );
      expect((sessions as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
      expect(await searchHashes()).not.toContain(offerHash);
      const login = await t.client().login('st_alice');
      expect(login.statusCode).toBe(403);
      expect(errorOf(login).code).toBe('ACCOUNT_BANNED');
    });

    it('should let only a role that may ban lift a ban, and clear the notice', async () => {
      const byMod = await act('st_mod', 'st_alice', { action: 'restore', reason: 'appeal' });
      expect(byMod.statusCode).toBe(403);
      expect(errorOf(byMod).code).toBe('FORBIDDEN_ROLE');
      const restored = adminUserChangeSchema.parse(
        ok(await act('st_super', 'st_alice', { action: 'restore', reason: 'Appeal accepted' })),
      );
      expect(restored.user).toMatchObject({ accountState: 'active', accountNotice: null });
      expect(restored.audit).toMatchObject({
        action: 'user.restore',
        before: { accountState: 'banned', accountNotice: 1 },
        after: { accountState: 'active', accountNotice: null },
      });
      expect(await searchHashes()).toContain(offerHash);
      const again = await act('st_super', 'st_alice', { action: 'restore', reason: 'twice' });
      expect(again.statusCode).toBe(409);
      expect(errorOf(again).code).toBe('ACCOUNT_ACTION_NOT_APPLICABLE');
    });

    it('should put the account notice and the new states in the current user', async () => {
      ok(await act('st_super', 'st_carol', { action: 'freeze', reason: 'Chargeback under review' }));
      const me = currentUserSchema.parse(ok(await c('st_carol').get('/rest/v1/users/current_user')));
      expect(me).toMatchObject({ accountState: 'frozen', isFrozen: true, accountNotice: 0 });
      ok(await act('st_super', 'st_carol', { action: 'set_notice', notice: 2, reason: 'Payment support' }));
      expect(ok(await c('st_carol').get('/rest/v1/users/current_user')).accountNotice).toBe(2);
      ok(
        await act('st_super', 'st_carol', { action: 'compliance_hold', reason: 'AML review', notice: null }),
      );
      expect(ok(await c('st_carol').get('/rest/v1/users/current_user'))).toMatchObject({
        accountState: 'compliance_hold',
        accountNotice: null,
      });
      // Compromised locks the account (and a thief's session) out at once.
      ok(await act('st_mod', 'st_carol', { action: 'compromised', reason: 'Owner reports takeover' }));
      expect((await c('st_carol').get('/rest/v1/users/current_user')).statusCode).toBe(401);
      const login = await t.client().login('st_carol');
      expect(errorOf(login).code).toBe('ACCOUNT_COMPROMISED');
    });

    it('should refuse acting on a peer or a superior, and on oneself', async () => {
      const peer = await act('st_mod', 'st_mod2', { action: 'restrict', reason: 'x' });
      expect(peer.statusCode).toBe(403);
      expect(errorOf(peer).code).toBe('FORBIDDEN_RANK');
      const up = await act('st_super', 'st_admin', { action: 'restrict', reason: 'x' });
      expect(errorOf(up).code).toBe('FORBIDDEN_RANK');
      const self = await act('st_mod', 'st_mod', { action: 'restrict', reason: 'x' });
      expect(errorOf(self).code).toBe('FORBIDDEN_RANK');
    });
  });

  describe('roles', () => {
    const role = (by: string, username: string, body: Record<string, unknown>) =>
      c(by).post(`/rest/v1/admin/users/${username}/role`, body);

    it('should refuse changing one own role, and granting a role at or above one own', async () => {
      const self = await role('st_admin', 'st_admin', { role: 'user', reason: 'x' });
      expect(self.statusCode).toBe(403);
      expect(errorOf(self).code).toBe('FORBIDDEN_RANK');
      const toAdmin = await role('st_admin', 'st_bob', { role: 'admin', reason: 'x' });
      expect(errorOf(toAdmin).code).toBe('FORBIDDEN_RANK');
      const noReason = await role('st_admin', 'st_bob', { role: 'moderator' });
      expect(noReason.statusCode).toBe(422);
      expect(errorOf(noReason).details).toEqual([expect.objectContaining({ field: 'reason' })]);
    });

    it('should promote a user, audited, and the new role applies on their next call', async () => {
      expect((await c('st_bob').get('/rest/v1/admin/permissions')).statusCode).toBe(404);
      const change = adminUserChangeSchema.parse(
        ok(await role('st_admin', 'st_bob', { role: 'moderator', reason: 'New moderator for EU hours' })),
      );
      expect(change.user.role).toBe('moderator');
      expect(change.audit).toMatchObject({
        action: 'user.role_change',
        before: { role: 'user' },
        after: { role: 'moderator' },
        actor: 'st_admin',
      });
      expect(ok(await c('st_bob').get('/rest/v1/admin/permissions')).role).toBe('moderator');
      expect(ok(await c('st_bob').get('/rest/v1/users/current_user')).isModerator).toBe(true);
    });
  });

  describe('audit log', () => {
    it('should filter by actor, action, target, time and text, newest first, with cursor pages', async () => {
      const get = async (query: string) =>
        auditLogPageSchema.parse(ok(await c('st_admin').get(`/rest/v1/admin/audit-log?${query}`)));
      const bans = await get('action=user.ban');
      expect(bans.items.map((e) => e.targetId)).toEqual(['st_alice']);
      const alice = await get('targetType=user&targetId=st_alice');
      expect(alice.items.map((e) => e.action)).toEqual(['user.restore', 'user.ban']);
      expect((await get('actor=ST_ADMIN')).items.map((e) => e.action)).toEqual(['user.role_change']);
      expect((await get('q=three buyers')).items.map((e) => e.action)).toEqual(['user.ban']);
      expect((await get('q=%25')).items).toEqual([]);
      expect((await get('from=2999-01-01T00:00:00Z')).items).toEqual([]);
      expect((await get(`to=${new Date(Date.now() + 60_000).toISOString()}`)).items.length).toBeGreaterThan(
        3,
      );

      const first = await get('limit=2');
      expect(first.items).toHaveLength(2);
      expect(first.nextCursor).not.toBeNull();
      const second = await get(`limit=2&cursor=${first.nextCursor}`);
      expect(second.items[0]?.id).toBeLessThan(first.items[1]?.id ?? 0);

      for (const bad of ['from=yesterday', 'cursor=abc', 'limit=1000']) {
        const response = await c('st_admin').get(`/rest/v1/admin/audit-log?${bad}`);
        expect(response.statusCode, bad).toBe(422);
      }
    });

    it('should refuse UPDATE, DELETE and TRUNCATE on audit rows, whoever asks', async () => {
      const db = t.database.db;
      await expect(db.execute(sql`UPDATE audit_log SET reason = 'rewritten'`)).rejects.toThrow();
      await expect(db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
      await expect(db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
      const count = await db.execute(
        sql`SELECT count(*)::int AS n FROM audit_log WHERE reason = 'rewritten'`,
      );
      expect((count as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    });
  });

  it('should leave one change and one audit row when 20 identical actions race', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => act('st_mod', 'st_dave', { action: 'suspend', reason: 'Race' })),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const log = auditLogPageSchema.parse(
      ok(await c('st_admin').get('/rest/v1/admin/audit-log?targetType=user&targetId=st_dave')),
    );
    expect(log.items).toHaveLength(1);
    expect(log.items[0]).toMatchObject({
      action: 'user.suspend',
      before: { accountState: 'active', accountNotice: null },
      after: { accountState: 'suspended', accountNotice: null },
    });
    expect(ok(await c('st_admin').get('/rest/v1/admin/users/st_dave')).profile.accountState).toBe(
      'suspended',
    );
    expect((await c('st_dave').get('/rest/v1/users/current_user')).statusCode).toBe(401);
  });
});
