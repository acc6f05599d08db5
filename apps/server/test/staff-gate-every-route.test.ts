import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffRoles, type StaffPermission, type StaffRole } from '@app/contract';
import { runAdminCommand } from '../src/cli/commands.js';
import { can } from '../src/platform/auth/permissions.js';
import { createTestApp, type TestApp, type TestClient } from './helpers.js';
import { loadOperations, urlFor, type Operation } from './fuzz/openapi.js';

const PERMISSION = /Staff permission: `([a-z_.]+)`\./;

/**
 * Every operation under /rest/v1/admin/ in the OpenAPI document (issue 11: "every console call refused to
 * non-staff (404) and to a lower role (403)"): anonymous visitors and plain users get the unknown-route
 * 404; each staff role gets 403 FORBIDDEN_ROLE exactly where the permission table says it may not, and
 * reaches the handler (any other answer) everywhere else. The permission each route needs is read from
 * its documentation, which must name one.
 */
describe('the staff gate on every console route', () => {
  let t: TestApp;
  let operations: Operation[];
  const clients = new Map<string, TestClient>();

  beforeAll(async () => {
    t = await createTestApp();
    const user = t.client();
    await user.register('gate_user');
    clients.set('user', user);
    const anonymous = t.client();
    await anonymous.fetchCsrfToken();
    clients.set('anonymous', anonymous);
    for (const role of staffRoles) {
      const name = `gate_${role}`;
      const created = await runAdminCommand({ db: t.database.db, config: t.config }, [
        'user:create',
        ...['--username', name, '--email', `${name}@example.com`, '--password', 'Str0ng-pass!'],
        ...['--role', role],
      ]);
      expect(created.exitCode, created.output).toBe(0);
      const client = t.client();
      expect((await client.login(name)).statusCode).toBe(200);
      clients.set(role, client);
    }
    operations = (await loadOperations(user)).filter((o) => o.path.startsWith('/rest/v1/admin/'));
  }, 120_000);
  afterAll(() => t.close());

  const call = (who: string, operation: Operation) =>
    clients
      .get(who)!
      .request(operation.method, urlFor(operation, {}), operation.method === 'GET' ? undefined : {});

  it('should document the permission of every console operation', () => {
    expect(operations.length).toBeGreaterThan(15);
    const undocumented = operations.filter((o) => !PERMISSION.test(o.description ?? '')).map((o) => o.id);
    expect(undocumented).toEqual([]);
  });

  it('should answer anonymous visitors and plain users with the unknown-route 404 on every one', async () => {
    for (const operation of operations) {
      for (const who of ['anonymous', 'user']) {
        const response = await call(who, operation);
        expect(response.statusCode, `${who} ${operation.id}`).toBe(404);
        expect(response.json().errors[0].code, `${who} ${operation.id}`).toBe('ROUTE_NOT_FOUND');
      }
    }
  });

  it('should refuse each staff role with 403 FORBIDDEN_ROLE exactly where the table says so', async () => {
    const refused: string[] = [];
    for (const operation of operations) {
      const permission = PERMISSION.exec(operation.description ?? '')![1] as StaffPermission;
      for (const role of staffRoles as readonly StaffRole[]) {
        const response = await call(role, operation);
        const code = response.json()?.errors?.[0]?.code as string | undefined;
        const what = `${role} ${operation.id} (${permission}): ${response.statusCode} ${code}`;
        if (can(role, permission)) {
          expect(code === 'FORBIDDEN_ROLE' || code === 'ROUTE_NOT_FOUND', what).toBe(false);
          expect(response.statusCode, what).toBeLessThan(500);
        } else {
          expect([response.statusCode, code], what).toEqual([403, 'FORBIDDEN_ROLE']);
          refused.push(`${role} ${operation.id}`);
        }
      }
    }
    // The table refuses something to moderators and supermods, and nothing to admins.
    expect(refused.some((r) => r.startsWith('moderator '))).toBe(true);
    expect(refused.some((r) => r.startsWith('supermod '))).toBe(true);
    expect(refused.some((r) => r.startsWith('admin '))).toBe(false);
  });
});
