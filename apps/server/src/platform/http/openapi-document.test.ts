import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  createMarket,
  MARKET_ENV,
  multipartBody,
  smallPng,
  type Market,
} from '../../../test/fixtures/market.js';
import { loadOperations, send } from '../../../test/fuzz/openapi.js';
import { validRequest } from '../../../test/fuzz/requests.js';
import {
  operationIdFor,
  securityFor,
  SECURITY,
  toOpenApi30,
  type OpenApiDocument,
} from './openapi-document.js';

type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
};

/** A visitor may call it: no requirement, an empty one, or the anonymous CSRF cookie. */
const isPublic = (operation: Operation) =>
  !operation.security ||
  operation.security.length === 0 ||
  operation.security.some((r) => Object.keys(r).length === 0 || SECURITY.anonymousCsrf in r);

/** Every operation of the document with its method and path. */
function operationsOf(document: OpenApiDocument): { id: string; operation: Operation }[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      id: `${method.toUpperCase()} ${path}`,
      operation: operation as Operation,
    })),
  );
}

describe('operationIdFor', () => {
  it.each([
    ['POST', '/rest/v1/trade/{id}/paid', 'postTradeByIdPaid'],
    ['POST', '/rest/v1/trade/:id/paid', 'postTradeByIdPaid'],
    ['GET', '/rest/v2/trade/{tradeHash}/offer', 'getV2TradeByTradeHashOffer'],
    ['GET', '/rest/v1/banks/by-iban', 'getBanksByIban'],
    ['GET', '/rest/v2/payment-methods/icons/{file}', 'getV2PaymentMethodsIconsByFile'],
    ['GET', '/healthz', 'getHealthz'],
    ['GET', '/', 'getRoot'],
  ])('should name %s %s %s', (method, path, id) => {
    expect(operationIdFor(method, path)).toBe(id);
  });
});

describe('securityFor', () => {
  const session = { sessionCookie: [] };
  const withCsrf = { sessionCookie: [], csrfToken: [] };
  const apiKey = { apiKey: [] };

  it('should ask a state-changing call for the session and the CSRF header, or an API key', () => {
    expect(securityFor('POST', '/rest/v1/trade/{id}/paid', true)).toEqual([withCsrf, apiKey]);
  });

  it('should ask a read for the session or an API key', () => {
    expect(securityFor('GET', '/rest/v1/trade/{id}', true)).toEqual([session, apiKey]);
  });

  it("should let a visitor's state-changing call pair the header with the anonymous CSRF cookie", () => {
    expect(securityFor('POST', '/rest/v1/auth/login', true)).toEqual([
      withCsrf,
      { csrfCookie: [], csrfToken: [] },
    ]);
  });

  it('should offer the API key only where the route access table lets keys in', () => {
    expect(securityFor('GET', '/rest/v1/user-verification/email', true)).toEqual([session]);
    expect(securityFor('POST', '/rest/v1/api-keys', true)).toEqual([withCsrf]);
    expect(securityFor('GET', '/rest/v1/app/initial-state', true)).toEqual([{}, session]);
  });

  it('should make credentials optional on public reads', () => {
    expect(securityFor('GET', '/rest/v1/offers', true)).toEqual([{}, session, apiKey]);
  });

  it('should ask nothing of a route without CSRF, which proves itself otherwise (a signed callback)', () => {
    expect(securityFor('POST', '/rest/v3/kyc/verifications/sumsub/callback', false)).toEqual([]);
  });
});

describe('toOpenApi30', () => {
  it('should make a nullable union of literals one nullable enum (3.0 ignores nullable without a type)', () => {
    const schema = { nullable: true, anyOf: [0, 1, 2].map((n) => ({ type: 'number', enum: [n] })) };
    expect(toOpenApi30(schema)).toEqual({ nullable: true, type: 'number', enum: [0, 1, 2] });
  });

  it('should carry nullable on each typed branch of any other nullable union', () => {
    const schema = { nullable: true, anyOf: [{ type: 'string' }, { type: 'number', minimum: 0 }] };
    expect(toOpenApi30(schema)).toEqual({
      anyOf: [
        { type: 'string', nullable: true },
        { type: 'number', minimum: 0, nullable: true },
      ],
    });
  });

  it('should define the required keys of a record over an enum, inside other schemas too', () => {
    const record = {
      type: 'object',
      additionalProperties: { type: 'boolean' },
      required: ['bids', 'messenger'],
    };
    expect(toOpenApi30({ type: 'object', properties: { features: record } })).toEqual({
      type: 'object',
      properties: {
        features: {
          ...record,
          properties: { bids: { type: 'boolean' }, messenger: { type: 'boolean' } },
        },
      },
    });
  });
});

/**
 * Two paths one request could match with neither the more specific (OpenAPI prefers literal segments):
 * `/a/{x}/b` and `/a/c/{y}` are ambiguous for `/a/c/b`.
 */
function ambiguous(a: string, b: string): boolean {
  const x = a.split('/');
  const y = b.split('/');
  if (a === b || x.length !== y.length) return false;
  const templated = (segment: string) => /^\{.+\}$/.test(segment);
  let aLiteralFirst = false;
  let bLiteralFirst = false;
  for (const [i, segment] of x.entries()) {
    const other = y[i]!;
    if (!templated(segment) && !templated(other) && segment !== other) return false;
    if (!templated(segment) && templated(other)) aLiteralFirst = true;
    if (templated(segment) && !templated(other)) bLiteralFirst = true;
  }
  return aLiteralFirst === bLiteralFirst;
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let m: Market;
  let document: OpenApiDocument;

  beforeAll(async () => {
    t = await createTestApp({ ...MARKET_ENV, BOND_AMOUNTS: 'BTC:0.01' });
    m = await createMarket(t, 'od');
    const response = await t.client().get('/docs/json');
    expect(response.statusCode).toBe(200);
    document = response.json() as OpenApiDocument;
  }, 180_000);
  afterAll(() => t.close());

  it('should declare the session cookie, the CSRF header and cookie, the API key and the server', () => {
    const components = document.components as { securitySchemes: Record<string, unknown> };
    expect(components.securitySchemes).toMatchObject({
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'sid' },
      csrfToken: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
      csrfCookie: { type: 'apiKey', in: 'cookie', name: 'csrf' },
      apiKey: { type: 'http', scheme: 'bearer' },
    });
    expect(document.servers).toEqual([{ url: t.config.mail.publicUrl }]);
    const { description } = document.info as { description: string };
    expect(description).toContain('GET /rest/v1/auth/csrf');
    expect(description).toContain('X-CSRF-Token');
  });

  it('should give every operation its security, public exactly where a visitor gets past the login check', async () => {
    const upload = multipartBody({ filename: 'proof.png', type: 'image/png', data: await smallPng() });
    const paths = document.paths ?? {};
    const wrong: string[] = [];
    for (const operation of await loadOperations(t.client())) {
      const documented = paths[operation.path]![operation.method.toLowerCase()] as Operation;
      if (!documented.security) wrong.push(`${operation.id}: no security`);
      const visitor = t.client();
      await visitor.fetchCsrfToken();
      const response = await send(visitor, validRequest(operation, m, { upload, documentUpload: upload }));
      const json = /json/.test(String(response.headers['content-type']));
      const code = json ? (response.json() as { errors?: { code: string }[] }).errors?.[0]?.code : undefined;
      const refused = response.statusCode === 401 && code === 'UNAUTHENTICATED';
      if (isPublic(documented) && refused) wrong.push(`${operation.id}: documented public, answered 401`);
      // The staff console hides itself behind its 404; the login is checked before validation (0049).
      if (!isPublic(documented) && !refused && code !== 'ROUTE_NOT_FOUND') {
        wrong.push(`${operation.id}: documented as needing a login, answered ${response.statusCode} ${code}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  // A stranger reads the summary in the list and the description on the operation's page: what it
  // does, who may call it, what its ids are, its notable refusals. A staff route's permission note alone
  // says only who.
  it('should give every operation a summary and a description that says more than the summary', () => {
    const permissionNote = /\s*Staff permission: `[^`]+`\.[^]*$/;
    const incomplete = operationsOf(document).flatMap(({ id, operation }) => {
      const summary = operation.summary?.trim();
      const description = operation.description?.replace(permissionNote, '').trim();
      if (!summary) return [`${id}: no summary`];
      if (!description) return [`${id}: no description`];
      return description === summary ? [`${id}: the description repeats the summary`] : [];
    });
    expect(incomplete).toEqual([]);
  });

  it('should give every operation a unique operationId', () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.filter(({ operation }) => !operation.operationId).map(({ id }) => id)).toEqual([]);
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const { id, operation } of operations) {
      const first = seen.get(operation.operationId!);
      if (first) duplicates.push(`${operation.operationId}: ${first} and ${id}`);
      seen.set(operation.operationId!, id);
    }
    expect(duplicates).toEqual([]);
  });

  // Redocly's no-ambiguous-paths compares paths without methods (off in redocly.yaml): this compares
  // the paths of each method.
  it('should have no two paths of one method that the same request could match', () => {
    const pathsOf = new Map<string, string[]>();
    for (const [path, byMethod] of Object.entries(document.paths ?? {})) {
      for (const method of Object.keys(byMethod)) pathsOf.set(method, [...(pathsOf.get(method) ?? []), path]);
    }
    const clashes = [...pathsOf].flatMap(([method, paths]) =>
      paths.flatMap((a, i) =>
        paths.slice(i + 1).flatMap((b) => (ambiguous(a, b) ? [`${method.toUpperCase()} ${a} / ${b}`] : [])),
      ),
    );
    expect(clashes).toEqual([]);
    expect(ambiguous('/rest/v1/users/{username}/active-offers', '/rest/v1/users/sessions/{id}')).toBe(true);
  });

  it.each([
    ['post', '/rest/v1/trade/start', '201'],
    ['get', '/rest/v1/trade/active', '200'],
    ['get', '/rest/v1/trade/history', '200'],
    ['get', '/rest/v1/trade/{id}', '200'],
    ['get', '/rest/v2/trade/{tradeHash}', '200'],
    ['get', '/rest/v2/trade/{tradeHash}/offer', '200'],
    ['post', '/rest/v1/trade/{id}/paid', '200'],
    ['post', '/rest/v1/trade/{id}/release', '200'],
    ['post', '/rest/v1/trade/{id}/cancel', '200'],
    ['get', '/rest/v1/dispute/reasons', '200'],
    ['post', '/rest/v1/trade/{id}/dispute', '200'],
    ['post', '/rest/v1/trade/{id}/fallback', '200'],
    ['post', '/rest/v1/trade/{id}/policy-read', '200'],
    ['post', '/rest/v1/trade/{id}/requirement', '200'],
    ['get', '/rest/v1/trade/{id}/messages', '200'],
    ['post', '/rest/v1/trade/{id}/messages', '201'],
  ])('should type the answer of %s %s as sent (%s)', (method, path, status) => {
    const { responses } = document.paths![path]![method] as {
      responses: Record<string, { content?: Record<string, { schema: { properties?: object } }> }>;
    };
    const success = Object.keys(responses).filter((code) => code.startsWith('2'));
    expect(success).toEqual([status]);
    expect(responses[status]!.content?.['application/json']?.schema.properties).toHaveProperty('data');
  });

  it('should document the error envelope on every operation for each status it can answer', () => {
    const components = document.components as {
      schemas: Record<string, unknown>;
      responses: Record<string, { headers?: Record<string, unknown> }>;
    };
    expect(components.schemas.ErrorEnvelope).toMatchObject({ properties: { errors: { type: 'array' } } });
    expect(components.responses.RateLimited!.headers).toHaveProperty('Retry-After');
    const missing: string[] = [];
    for (const [path, byMethod] of Object.entries(document.paths ?? {})) {
      for (const [method, raw] of Object.entries(byMethod)) {
        const operation = raw as Operation & {
          responses: Record<string, unknown>;
          parameters?: { in: string }[];
          requestBody?: unknown;
        };
        const expected = ['429', '503'];
        if (!isPublic(operation)) expected.push('401', '403');
        if (operation.parameters?.some((p) => p.in === 'path')) expected.push('404');
        if (operation.requestBody || operation.parameters?.some((p) => p.in === 'query')) {
          expected.push('422');
        }
        if (method !== 'get' && operation.security?.length) expected.push('403');
        // Fastify refuses a body over the limit or of another type before any handler.
        if (method !== 'get') expected.push('409', '413', '415');
        const absent = expected.filter((status) => !operation.responses[status]);
        if (absent.length > 0) missing.push(`${method.toUpperCase()} ${path}: ${absent.join(', ')}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('should name the ETag header where the answer carries one', () => {
    const { responses } = document.paths!['/rest/v2/currencies']!.get as {
      responses: Record<string, { headers?: Record<string, unknown> }>;
    };
    expect(responses['200']!.headers).toHaveProperty('ETag');
    expect(responses['304']).toBeDefined();
  });

  it.each([
    '/rest/v1/trade/{id}/attachments',
    '/rest/v1/trade/{id}/upload',
    '/rest/v1/verification/requests/{id}/documents',
    '/rest/v1/users/process-avatar',
  ])('should describe the multipart body of POST %s', (path) => {
    const { requestBody } = document.paths![path]!.post as {
      requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
    };
    expect(Object.keys(requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    expect(requestBody!.content['multipart/form-data']!.schema.properties.file).toMatchObject({
      type: 'string',
      format: 'binary',
    });
  });
});
