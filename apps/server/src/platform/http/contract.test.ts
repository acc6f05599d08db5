import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createTestApp, type TestApp } from '../../../test/helpers.js';

describe('the HTTP contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        beforeReady(app) {
          const typed = app.withTypeProvider<ZodTypeProvider>();
          typed.get(
            '/test/echo',
            {
              schema: {
                querystring: z.object({
                  page: z.coerce.number().int().min(1).optional(),
                  name: z.string().optional(),
                }),
              },
            },
            async (request) => ({ data: { received: request.query, nestedValue: { someKey: 1 } } }),
          );
          for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
            typed.route({ method, url: '/test/write', handler: async () => ({ data: { ok: true } }) });
          }
          typed.get(
            '/test/typed',
            {
              schema: {
                response: {
                  200: z.object({
                    data: z.object({ someValue: z.string(), rates: z.record(z.string(), z.string()) }),
                  }),
                },
              },
            },
            async () => ({ data: { someValue: 'x', rates: { USD: '1', 'bank-transfer': '2' } } }),
          );
          typed.get('/test/boom', async () => {
            throw new Error('database password is hunter2');
          });
          typed.post(
            '/test/body',
            { schema: { body: z.object({ amount: z.string().regex(/^\d+$/) }) } },
            async (request) => ({
              data: request.body,
            }),
          );
        },
      },
    );
  });
  afterAll(() => t.close());

  it('should answer an unknown API route with 404 in the envelope', async () => {
    const response = await t.client().get('/rest/v1/does-not-exist');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errors: [{ message: expect.any(String), code: 'ROUTE_NOT_FOUND' }] });
  });

  it('should answer an unknown POST route with 404, not a CSRF error', async () => {
    const response = await t.client().post('/rest/v1/does-not-exist', {}, { csrf: false });
    expect(response.statusCode).toBe(404);
  });

  it('should answer 500 with a request id and no internals', async () => {
    const response = await t.client().get('/test/boom');
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body.errors[0]).toEqual({
      code: 'INTERNAL_ERROR',
      message: expect.any(String),
      requestId: response.headers['x-request-id'],
    });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('at ');
  });

  it('should treat empty, null and undefined query values as absent', async () => {
    const response = await t.client().get('/test/echo?page=&name=null&other=undefined');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.received).toEqual({});
  });

  it('should map an invalid query to 422 with field details', async () => {
    const response = await t.client().get('/test/echo?page=0');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatchObject({
      code: 'ERROR_INPUT_VALIDATION',
      details: [{ field: 'page', code: 'too_small' }],
    });
  });

  it('should map malformed JSON to 422, never 500', async () => {
    const client = t.client();
    await client.fetchCsrfToken();
    const response = await t.app.inject({
      method: 'POST',
      url: '/test/body',
      headers: { 'content-type': 'application/json', 'x-csrf-token': 'x' },
      payload: '{"amount": ',
    });
    // No session cookie: CSRF refuses first, before the body is even parsed.
    expect(response.statusCode).toBe(403);
    const withSession = await client.request('POST', '/test/body', undefined, {
      headers: { 'content-type': 'application/json' },
    });
    expect([422]).toContain(withSession.statusCode);
    expect(withSession.json().errors[0].code).toBe('ERROR_INPUT_VALIDATION');
  });

  it.each([
    '/rest/v1/users/%ZZ',
    '/rest/v1/users/%',
    '/rest/v1/users/%ED%A0%80',
    `/rest/v1/users/${'x'.repeat(500)}`,
  ])('should answer the unreadable path %s with 422 in the envelope', async (url) => {
    const response = await t.client().get(url);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      errors: [
        {
          code: 'ERROR_INPUT_VALIDATION',
          message: expect.any(String),
          details: [{ field: '_', message: expect.any(String), code: expect.any(String) }],
        },
      ],
    });
  });

  it('should convert answers to snake_case on ?case=snake', async () => {
    const response = await t.client().get('/test/echo?case=snake');
    expect(response.json().data).toEqual({ received: {}, nested_value: { some_key: 1 } });
  });

  it('should check the camelCase answer against its schema, then convert it on ?case=snake', async () => {
    const response = await t.client().get('/test/typed?case=snake');
    expect(response.statusCode, response.body).toBe(200);
    // Keys that are data (currency codes, slugs) stay as they are.
    expect(response.json()).toEqual({ data: { some_value: 'x', rates: { USD: '1', 'bank-transfer': '2' } } });
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(response.body));
  });

  it('should convert error bodies on ?case=snake', async () => {
    const response = await t.client().get('/test/boom?case=snake');
    expect(response.statusCode).toBe(500);
    expect(response.json().errors[0]).toEqual({
      code: 'INTERNAL_ERROR',
      message: expect.any(String),
      request_id: response.headers['x-request-id'],
    });
  });

  describe('CSRF', () => {
    it('should refuse every state-changing method without the token', async () => {
      const client = t.client();
      await client.fetchCsrfToken();
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const url = method === 'POST' ? '/rest/v1/auth/logout' : '/test/write';
        const response = await client.request(method, url, method === 'DELETE' ? undefined : {}, {
          csrf: false,
        });
        expect(response.statusCode, method).toBe(403);
        expect(response.json().errors[0].code).toBe('CSRF_TOKEN_MISMATCH');
      }
    });

    it("should refuse another session's token", async () => {
      const victim = t.client();
      const attacker = t.client();
      const victimToken = await victim.fetchCsrfToken();
      await attacker.fetchCsrfToken();
      const response = await attacker.request(
        'POST',
        '/rest/v1/auth/logout',
        {},
        {
          csrf: false,
          headers: { 'x-csrf-token': victimToken },
        },
      );
      expect(response.statusCode).toBe(403);
    });

    it('should accept the matching token', async () => {
      const client = t.client();
      await client.fetchCsrfToken();
      expect((await client.post('/rest/v1/auth/logout')).statusCode).toBe(200);
    });
  });

  describe('HTML shell', () => {
    it('should serve client routes with the CSRF meta tag and the initial state', async () => {
      const response = await t.client().get('/es/login', { headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      const token = /<meta name="_token" content="([^"]+)"/.exec(response.body)?.[1];
      expect(token).toBeTruthy();
      const state = JSON.parse(
        /window\.__INITIAL_STATE__=(.*?);<\/script>/.exec(response.body)?.[1] ?? 'null',
      );
      expect(state.session.csrfToken).toBe(token);
      expect(state.currentUser).toBeNull();
      expect(state.routes).toMatchObject({ register: '/register', login: '/login', walletIndex: '/wallet' });
      expect(Object.values(state.features).every((on) => on === false)).toBe(true);
      expect(response.body).toContain('<html lang="es"');
    });

    it('should serve the page at an address whose subpaths are API calls (a reload of /account/verification)', async () => {
      for (const path of ['/account/verification', '/es/account/verification']) {
        const response = await t.client().get(path, { headers: { accept: 'text/html' } });
        expect(response.statusCode, path).toBe(200);
        expect(response.headers['content-type'], path).toContain('text/html');
      }
      // Its calls stay API calls: a POST without a session is refused as JSON, not answered with the page.
      const call = await t.client().post('/account/verification/start/id', {});
      expect(call.headers['content-type']).toContain('application/json');
    });

    it('should escape the state so user data cannot close the script tag', async () => {
      const client = t.client();
      const response = await client.get('/', { headers: { accept: 'text/html', cookie: 'theme=dark' } });
      expect(response.body).toContain('data-mantine-color-scheme="dark"');
      expect(response.body.match(/<\/script>/g)?.length).toBe(1);
    });
  });

  describe('OpenAPI', () => {
    it('should serve the document generated from the route schemas', async () => {
      const response = await t.client().get('/docs/json');
      expect(response.statusCode).toBe(200);
      const doc = response.json();
      expect(doc.openapi).toMatch(/^3\./);
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          '/rest/v1/auth/register',
          '/rest/v1/auth/login',
          '/rest/v1/users/current_user',
        ]),
      );
      expect(doc.paths['/rest/v1/auth/register'].post.requestBody).toBeDefined();
    });
  });
});
