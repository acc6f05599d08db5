import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyScopes, type ApiKeyScope } from '@app/contract';
import type { LightMyRequestResponse } from 'fastify';
import { runAdminCommand } from '../src/cli/commands.js';
import { STAFF_PREFIX } from '../src/platform/auth/staff-guard.js';
import { accessOf, ROUTE_ACCESS, routeKey, type RouteAccess } from '../src/platform/http/route-access.js';
import { createTestApp, type TestApp, type TestClient } from './helpers.js';
import { loadOperations, queryString, urlFor, type Operation } from './fuzz/openapi.js';

/**
 * The route access table (platform/http/route-access.ts, decision 0049) against the running app: every
 * registered route has exactly one line, and every operation of the OpenAPI document answers each kind
 * of caller as its line says, with input that would fail validation, so the login and the key's scope
 * are shown to come first (issue 26, items 3 and 4).
 */

/** A request for the operation that its schemas refuse: control characters in every path and query
 * value, an array where the body's object belongs. */
function invalidRequest(operation: Operation): { url: string; body?: unknown[] } {
  const path = Object.fromEntries(
    operation.parameters.filter((p) => p.in === 'path').map((p) => [p.name, { raw: '%00' }]),
  );
  const query = operation.parameters
    .filter((p) => p.in === 'query')
    .map((p) => [p.name, { raw: '%00' }] as [string, { raw: string }]);
  const url = urlFor(operation, path);
  const search = queryString(query);
  return {
    url: search ? `${url}?${search}` : url,
    body: operation.method === 'GET' || operation.method === 'DELETE' ? undefined : [],
  };
}

const codeOf = (response: LightMyRequestResponse): string | undefined => {
  if (!/json/.test(String(response.headers['content-type']))) return undefined;
  return (response.json() as { errors?: { code: string }[] }).errors?.[0]?.code;
};

const lineOf = (operation: Operation): RouteAccess => {
  const line = ROUTE_ACCESS[operation.id];
  if (!line) throw new Error(`${operation.id} has no line in the route access table`);
  return line;
};

describe('accessOf', () => {
  it('should read a route by its Fastify pattern, HEAD as GET', () => {
    expect(accessOf('GET', '/rest/v1/trade/:id')).toEqual({ caller: 'member', key: 'read' });
    expect(accessOf('HEAD', '/rest/v1/trade/:id')).toEqual({ caller: 'member', key: 'read' });
    expect(accessOf('POST', '/rest/v1/trade/:id/release')).toEqual({ caller: 'member', key: 'trade' });
    expect(accessOf('get', '/rest/v1/offers')).toEqual({ caller: 'anyone', key: 'read' });
    expect(routeKey('HEAD', '/rest/v1/trade/:id/attachments/:attachmentId')).toBe(
      'GET /rest/v1/trade/{id}/attachments/{attachmentId}',
    );
  });

  it('should close a route without a line to keys and leave everyone else to its handler', () => {
    expect(accessOf('GET', '/rest/v1/not-decided-yet')).toEqual({ caller: 'anyone', key: null });
    expect(accessOf('DELETE', '/rest/v1/offers')).toEqual({ caller: 'anyone', key: null });
  });
});

describe('the route access table', () => {
  let t: TestApp;
  let operations: Operation[];
  const keys = new Map<string, Record<string, string>>();
  let visitor: TestClient;
  let member: TestClient;
  let admin: TestClient;

  beforeAll(async () => {
    // Each key makes a call per operation: no per-key limit in the way.
    t = await createTestApp({ RATE_LIMIT_API_KEY_PER_MINUTE: '0' });
    visitor = t.client();
    await visitor.fetchCsrfToken();
    member = t.client();
    await member.register('ra_member');
    const created = await runAdminCommand({ db: t.database.db, config: t.config }, [
      'user:create',
      ...['--username', 'ra_admin', '--email', 'ra_admin@example.com', '--password', 'Str0ng-pass!'],
      ...['--role', 'admin'],
    ]);
    expect(created.exitCode, created.output).toBe(0);
    admin = t.client();
    expect((await admin.login('ra_admin')).statusCode).toBe(200);
    const scopeSets: Record<string, readonly ApiKeyScope[]> = {
      read: ['read'],
      trade: ['trade'],
      every: apiKeyScopes,
    };
    for (const [name, scopes] of Object.entries(scopeSets)) {
      const response = await member.post('/rest/v1/api-keys', { name, scopes: [...scopes] });
      expect(response.statusCode, response.body).toBe(201);
      keys.set(name, { authorization: `Bearer ${(response.json().data as { secret: string }).secret}` });
    }
    operations = await loadOperations(visitor);
  }, 120_000);
  afterAll(() => t.close());

  it('should have a line for every route the app registers, and no line without a route', () => {
    const registered = [...t.app.registeredRoutes];
    const lines = Object.keys(ROUTE_ACCESS);
    expect(registered.filter((key) => !(key in ROUTE_ACCESS))).toEqual([]);
    expect(lines.filter((line) => !t.app.registeredRoutes.has(line))).toEqual([]);
    expect(lines.length).toBeGreaterThan(190);
    // Every operation of the document is a registered route, so the checks below cover the table.
    expect(operations.filter((o) => !(o.id in ROUTE_ACCESS)).map((o) => o.id)).toEqual([]);
  });

  it('should mark the console as staff, and nothing else', () => {
    const wrong = Object.entries(ROUTE_ACCESS).filter(
      ([key, line]) => (line.caller === 'staff') !== key.split(' ')[1]!.startsWith(STAFF_PREFIX),
    );
    expect(wrong).toEqual([]);
  });

  it('should keep the account’s personal data and security from every key', () => {
    for (const key of [
      'GET /rest/v1/users/current_user',
      'GET /rest/v1/app/initial-state',
      'GET /rest/v1/user-verification/email',
      'GET /rest/v1/users/phone',
      'GET /rest/v1/users/settings',
      'GET /rest/v1/verification/requests',
      'GET /rest/v1/webhooks',
      'GET /rest/v1/webhooks/deliveries',
      'GET /rest/v1/users/sessions',
      'GET /rest/v1/users/two-factor',
      'GET /rest/v1/api-keys',
      'GET /rest/v1/bankaccounts/{id}',
      'GET /rest/v1/mobile-money-wallets/{id}',
    ]) {
      expect(ROUTE_ACCESS[key]?.key, key).toBeNull();
    }
  });

  /** Calls every operation with refused input as `who`, and collects what the table did not predict. */
  async function everyOperation(
    who: string,
    client: TestClient,
    expected: (line: RouteAccess, operation: Operation) => (response: LightMyRequestResponse) => boolean,
    options: { headers?: Record<string, string>; skip?: string[] } = {},
  ): Promise<string[]> {
    const wrong: string[] = [];
    for (const operation of operations) {
      if (options.skip?.includes(operation.id)) continue;
      const { url, body } = invalidRequest(operation);
      const response = await client.request(operation.method, url, body, {
        csrf: !options.headers,
        headers: options.headers,
      });
      const fits = expected(lineOf(operation), operation);
      if (response.statusCode >= 500 || !fits(response)) {
        wrong.push(`${who} ${operation.id}: ${response.statusCode} ${codeOf(response) ?? ''}`);
      }
    }
    return wrong;
  }

  const is = (status: number, code: string) => (r: LightMyRequestResponse) =>
    r.statusCode === status && codeOf(r) === code;
  const isNot = (status: number, code: string) => (r: LightMyRequestResponse) => !is(status, code)(r);
  const notFound = is(404, 'ROUTE_NOT_FOUND');
  /** Past the gate: neither the login check, nor a key refusal, nor the console's 404. */
  const past = (r: LightMyRequestResponse) =>
    !['UNAUTHENTICATED', 'API_KEY_NOT_ALLOWED', 'API_KEY_SCOPE', 'ROUTE_NOT_FOUND'].includes(codeOf(r) ?? '');

  it('should answer a visitor 401 before validation on every operation that needs a login', async () => {
    const wrong = await everyOperation('visitor', visitor, (line) =>
      line.caller === 'staff'
        ? notFound
        : line.caller === 'anyone'
          ? isNot(401, 'UNAUTHENTICATED')
          : is(401, 'UNAUTHENTICATED'),
    );
    expect(wrong).toEqual([]);
  });

  it('should let a member past the login check everywhere but the console', async () => {
    // Logging out would end the session the rest of the calls are made with.
    const skip = ['POST /rest/v1/auth/logout'];
    const wrong = await everyOperation(
      'member',
      member,
      (line) => (line.caller === 'staff' ? notFound : past),
      { skip },
    );
    expect(wrong).toEqual([]);
  });

  it('should let an admin into the console and past the login check everywhere', async () => {
    const skip = ['POST /rest/v1/auth/logout'];
    const wrong = await everyOperation('admin', admin, () => past, { skip });
    expect(wrong).toEqual([]);
  });

  /** What a key with `scopes` gets on an operation, by its line: before validation in every case. */
  const forKey = (scopes: readonly ApiKeyScope[]) => (line: RouteAccess) => {
    if (line.caller === 'staff') return notFound;
    if (!line.key) return is(403, 'API_KEY_NOT_ALLOWED');
    return scopes.includes(line.key) ? past : is(403, 'API_KEY_SCOPE');
  };

  it.each([
    ['read', ['read']],
    ['trade', ['trade']],
    ['every', apiKeyScopes],
  ] as const)(
    'should hold a key with the %s scope(s) to the table before validation',
    async (name, scopes) => {
      const wrong = await everyOperation(`${name} key`, t.client(), forKey(scopes), {
        headers: keys.get(name),
      });
      expect(wrong).toEqual([]);
    },
  );

  it('should answer twenty logged-out calls at once with 401, never the body’s 422', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => visitor.post('/rest/v1/bankaccounts', { iban: '\u0000' })),
    );
    expect(answers.map((a) => `${a.statusCode} ${codeOf(a)}`)).toEqual(
      Array.from({ length: 20 }, () => '401 UNAUTHENTICATED'),
    );
  });
});
