import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../helpers.js';
import { createMarket, MARKET_ENV, multipartBody, smallPng, type Market } from '../fixtures/market.js';
import {
  FIXED_PATH_SEGMENTS,
  HUGE_STRING,
  ODD_PATH_SEGMENTS,
  fuzzArbitrary,
  hostileString,
} from './hostile.js';
import {
  describeRequest,
  loadOperations,
  queryString,
  send,
  urlFor,
  type Operation,
  type SentRequest,
} from './openapi.js';
import { bodyHint, pathValuesFor, uniqueName, validRequest } from './requests.js';

/**
 * The API fuzz test (issue 10, "Done means"): every operation of the OpenAPI document gets malformed
 * types, huge and control-character strings, odd unicode, missing and extra fields, wrong content types,
 * `?case=snake` and odd path parameters, as a visitor and as a logged-in party with a valid CSRF token,
 * on the ids of a real market so handlers run. Any 5xx fails the test with the request and the answer;
 * so does a 4xx outside the error envelope. Values come from fast-check with a fixed seed
 * (FUZZ_SEED, FUZZ_RUNS override it; the seed is printed).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
/** Random requests per operation and identity, on top of the fixed cases. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);

type Identity = 'anonymous' | 'party';
type Case = { label: string; request: SentRequest };

/** Header values a real HTTP client cannot send (Node refuses them before they leave). */
const UNSENDABLE = new Set(['ERR_INVALID_CHAR', 'ERR_HTTP_INVALID_HEADER_VALUE', 'ERR_INVALID_HTTP_TOKEN']);

describe('API fuzz over the OpenAPI document', () => {
  let t: TestApp;
  let m: Market;
  let operations: Operation[];
  let anonymous: TestClient;
  let upload: { payload: Buffer; contentType: string };
  let documentUpload: { payload: Buffer; contentType: string };
  const leaver = { name: '', password: 'Str0ng-pass!' };

  // The market fixture makes ~25 calls (two password hashes): slow on a loaded machine.
  beforeAll(async () => {
    t = await createTestApp({ ...MARKET_ENV, BOND_AMOUNTS: 'BTC:0.01' });
    m = await createMarket(t, 'fz');
    operations = await loadOperations(t.client());
    anonymous = t.client();
    await anonymous.fetchCsrfToken();
    upload = multipartBody({ filename: 'proof.png', type: 'image/png', data: await smallPng() });
    documentUpload = multipartBody(
      { filename: 'front.png', type: 'image/png', data: await smallPng() },
      { side: 'front' },
    );
    leaver.name = uniqueName('fzleave');
    await t.client().register(leaver.name, leaver.password);
    console.info(`API fuzz: seed ${SEED} (FUZZ_SEED), ${RUNS} random requests per operation (FUZZ_RUNS)`);
  }, 180_000);
  afterAll(() => t.close());

  /**
   * Calls that change who is logged in get a client of their own, so the fixture's parties stay logged
   * in; the logged-in identity alternates between the buyer and the seller of the fixture's trades.
   */
  async function clientFor(operation: Operation, identity: Identity, index: number): Promise<TestClient> {
    const auth = /^\/rest\/v1\/auth\/(login|logout|register)$/.exec(operation.path)?.[1];
    if (auth) {
      const client = t.client();
      if (auth === 'logout' && identity === 'party') {
        const login = await client.login(leaver.name, leaver.password);
        if (login.statusCode !== 200) throw new Error(`fuzz: leaver login answered ${login.statusCode}`);
      } else {
        await client.fetchCsrfToken();
      }
      return client;
    }
    if (identity === 'anonymous') return anonymous;
    // The staff console's calls reach their handlers only as staff (everyone else gets its 404).
    if (operation.path.startsWith('/rest/v1/admin/')) return m.staff.c;
    return index % 2 === 0 ? m.buyer.c : m.seller.c;
  }

  /** Query values travel as text: arrays repeat the key, objects go as JSON, strings as they are. */
  function queryEntries(name: string, value: unknown): [string, string][] {
    if (value === undefined) return [];
    if (Array.isArray(value)) return value.flatMap((item) => queryEntries(name, item));
    if (value !== null && typeof value === 'object') return [[name, JSON.stringify(value)]];
    return [[name, String(value)]];
  }

  /** Random requests: every part of a well-formed request may be swapped for a hostile one. */
  function randomCases(operation: Operation, index: number): Case[] {
    const real = pathValuesFor(operation, m);
    const pathParams = operation.parameters.filter((p) => p.in === 'path');
    const queryParams = operation.parameters.filter((p) => p.in === 'query');
    const headerParams = operation.parameters.filter((p) => p.in === 'header');
    const noHint = () => undefined;
    const arbitrary = fc.record({
      path: fc.record(
        Object.fromEntries(
          pathParams.map((p) => [
            p.name,
            fc.oneof(
              { weight: 4, arbitrary: fc.constant<string | { raw: string }>(real[p.name]!) },
              { weight: 2, arbitrary: fc.constantFrom(...ODD_PATH_SEGMENTS).map((raw) => ({ raw })) },
              { weight: 1, arbitrary: hostileString },
            ),
          ]),
        ),
      ),
      query: fc.tuple(
        ...queryParams.map((p) =>
          fc.option(fuzzArbitrary(p.schema, p.name, noHint), { nil: undefined, freq: 2 }),
        ),
      ),
      headers: fc.tuple(...headerParams.map(() => fc.option(hostileString, { nil: undefined }))),
      body: operation.body
        ? fuzzArbitrary(operation.body, '', bodyHint(operation, m))
        : fc.constant(undefined),
      snake: fc.boolean(),
      contentType: fc.oneof(
        { weight: 8, arbitrary: fc.constant(undefined) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/json; charset=utf-16',
            'multipart/form-data',
          ),
        },
      ),
    });
    return fc.sample(arbitrary, { seed: SEED + index, numRuns: RUNS }).map((sample, n) => {
      const query = queryParams.flatMap((p, i) => queryEntries(p.name, sample.query[i]));
      if (sample.snake) query.push(['case', 'snake']);
      const headers: Record<string, string> = {};
      headerParams.forEach((p, i) => {
        const value = sample.headers[i];
        if (value !== undefined) headers[p.name] = value;
      });
      const request: SentRequest = {
        method: operation.method,
        url: urlFor(operation, sample.path, query),
        headers,
      };
      if (operation.body) {
        const json = JSON.stringify(sample.body) ?? 'null';
        request.body = sample.contentType ? { raw: json } : { json: sample.body };
        if (sample.contentType) headers['content-type'] = sample.contentType;
      } else if (operation.multipart) {
        request.body = { raw: upload.payload };
        headers['content-type'] = sample.contentType ?? upload.contentType;
      }
      return { label: `random #${n}`, request };
    });
  }

  /** The same malformed shapes for every operation, so none is left to chance. */
  function fixedCases(operation: Operation): Case[] {
    const valid = () => validRequest(operation, m, { upload, documentUpload });
    const cases: Case[] = [
      { label: '?case=snake', request: validRequest(operation, m, { snake: true, upload, documentUpload }) },
    ];
    const withUrl = (label: string, url: string): Case => ({ label, request: { ...valid(), url } });
    const real = pathValuesFor(operation, m);

    for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
      for (const raw of FIXED_PATH_SEGMENTS) {
        cases.push(
          withUrl(
            `path ${parameter.name}=${raw.slice(0, 20)}`,
            urlFor(operation, { ...real, [parameter.name]: { raw } }),
          ),
        );
      }
    }
    const base = valid().url;
    const joiner = base.includes('?') ? '&' : '?';
    for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
      for (const value of ['\u0000', '\u001b[2J', HUGE_STRING, '\ud800', '👍🏽', ' ']) {
        cases.push(
          withUrl(
            `query ${parameter.name}=${JSON.stringify(value.slice(0, 10))}`,
            `${base}${joiner}${queryString([[parameter.name, value]])}`,
          ),
        );
      }
      cases.push(
        withUrl(`query ${parameter.name} twice`, `${base}${joiner}${parameter.name}=1&${parameter.name}=2`),
      );
      cases.push(withUrl(`query ${parameter.name} bracketed`, `${base}${joiner}${parameter.name}[a]=1`));
    }
    cases.push(withUrl('case twice', `${base}${joiner}case=snake&case=camel`));
    for (const parameter of operation.parameters.filter((p) => p.in === 'header')) {
      for (const value of ['\u0000', '\u001b', 'x'.repeat(10_000), '👍🏽👍🏽👍🏽👍🏽', 'short']) {
        const request = valid();
        cases.push({
          label: `header ${parameter.name}`,
          request: { ...request, headers: { ...request.headers, [parameter.name]: value } },
        });
      }
    }

    if (operation.body) {
      const body = (valid().body as { json: unknown }).json;
      const object =
        body !== null && typeof body === 'object' && !Array.isArray(body)
          ? (body as Record<string, unknown>)
          : {};
      const json = (label: string, value: unknown): Case => ({
        label,
        request: { ...valid(), body: { json: value } },
      });
      const raw = (label: string, text: string | Buffer, contentType = 'application/json'): Case => {
        const request = valid();
        return {
          label,
          request: {
            ...request,
            headers: { ...request.headers, 'content-type': contentType },
            body: { raw: text },
          },
        };
      };
      cases.push(json('empty object', {}));
      for (const key of operation.body.required ?? []) {
        const rest = { ...object };
        delete rest[key];
        cases.push(json(`without ${key}`, rest));
      }
      cases.push(json('extra fields', { ...object, extra: 'x', isAdmin: true, role: 'admin', user_id: 1 }));
      for (const key of Object.keys(operation.body.properties ?? {})) {
        // Each field once with a wrong type, a control character, a huge and a broken string; the
        // random cases mix the rest of the hostile values in.
        for (const value of [null, 12345, [], 'a\u0000b', HUGE_STRING, '\ud800x']) {
          cases.push(json(`${key}=${JSON.stringify(value)?.slice(0, 12)}`, { ...object, [key]: value }));
        }
      }
      for (const value of [null, [], 'text', 42, true]) {
        cases.push(json(`body ${JSON.stringify(value)}`, value));
      }
      const text = JSON.stringify(object);
      cases.push(raw('empty body', ''));
      cases.push(raw('cut JSON', text.slice(0, Math.max(1, text.length - 3))));
      cases.push(raw('two documents', `${text}${text}`));
      cases.push(raw('prototype keys', '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}'));
      cases.push(raw('deep nesting', `${'['.repeat(5_000)}${']'.repeat(5_000)}`));
      cases.push(raw('over the body limit', `{"x":"${'y'.repeat(1_100_000)}"}`));
      cases.push(
        raw(
          'invalid UTF-8',
          Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
        ),
      );
      for (const contentType of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'application/xml',
        'application/json; charset=latin1',
      ]) {
        cases.push(raw(`as ${contentType}`, text, contentType));
      }
    }
    if (operation.multipart) {
      const request = valid();
      const file = (label: string, body: ReturnType<typeof multipartBody>): Case => ({
        label,
        request: {
          ...request,
          headers: { ...request.headers, 'content-type': body.contentType },
          body: { raw: body.payload },
        },
      });
      for (const filename of [
        'a\u0000b.png',
        '../../etc/passwd.png',
        `${'n'.repeat(2_000)}.png`,
        '\u202egnp.exe',
        'x%00.png',
      ]) {
        cases.push(
          file(
            `file name ${JSON.stringify(filename.slice(0, 20))}`,
            multipartBody({ filename, type: 'image/png', data: Buffer.from('not an image') }),
          ),
        );
      }
      cases.push(
        file(
          'requirement with NUL',
          multipartBody(
            { filename: 'a.png', type: 'image/png', data: Buffer.from('x') },
            { requirement_id: '1\u0000' },
          ),
        ),
      );
      cases.push({
        label: 'multipart without boundary',
        request: {
          ...request,
          headers: { ...request.headers, 'content-type': 'multipart/form-data' },
          body: { raw: upload.payload },
        },
      });
      cases.push({ label: 'JSON instead of a file', request: { ...request, body: { json: { file: 'x' } } } });
    }
    return cases;
  }

  // Thousands of requests: minutes on a loaded 2-core machine, seconds per operation.
  it(
    'should answer every operation with a 2xx or a 4xx in the envelope, never a 5xx',
    { timeout: 900_000 },
    async () => {
      const failures: string[] = [];
      const violations: string[] = [];
      const statuses = new Map<string, number>();
      const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
      let unsendable = 0;

      for (const [index, operation] of operations.entries()) {
        const runs: [Identity, Case][] = [
          ...randomCases(operation, index * 2).map((c): [Identity, Case] => ['anonymous', c]),
          ...randomCases(operation, index * 2 + 1).map((c): [Identity, Case] => ['party', c]),
          ...fixedCases(operation).map((c): [Identity, Case] => ['party', c]),
        ];
        for (const [n, [identity, { label, request }]] of runs.entries()) {
          const client = await clientFor(operation, identity, n);
          let response;
          try {
            response = await send(client, request);
          } catch (error) {
            if (UNSENDABLE.has((error as { code?: string }).code ?? '')) {
              unsendable += 1;
              continue;
            }
            failures.push(
              `${operation.id} [${label}] as ${identity}\n  ${describeRequest(request)}\n  -> threw ${String(error)}`,
            );
            continue;
          }
          const status = response.statusCode;
          let code = '';
          const json = /json/.test(String(response.headers['content-type']));
          if (status >= 400 && json) {
            const body = response.json() as { errors?: { code?: unknown; details?: unknown }[] };
            code = typeof body.errors?.[0]?.code === 'string' ? body.errors[0].code : '';
            if (!code || (status === 422 && !Array.isArray(body.errors?.[0]?.details))) {
              violations.push(`${operation.id} [${label}]: ${status} ${response.body.slice(0, 300)}`);
            }
          } else if (status >= 400) {
            violations.push(
              `${operation.id} [${label}]: ${status} without a JSON error body (${String(response.headers['content-type'])})`,
            );
          }
          count(`${identity} ${status}${code ? ` ${code}` : ''}`);
          if (status >= 500) {
            failures.push(
              `${operation.id} [${label}] as ${identity}\n  ${describeRequest(request)}\n  -> ${status} ${response.body.slice(0, 500)}`,
            );
          }
        }
      }

      const summary = [...statuses.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, n]) => `${key}: ${n}`);
      console.info(
        `API fuzz: ${operations.length} operations, ${unsendable} unsendable header values skipped\n${summary.join('\n')}`,
      );
      expect(failures, `${failures.length} answers were 5xx (seed ${SEED}):\n${failures.join('\n')}`).toEqual(
        [],
      );
      expect(violations, violations.join('\n')).toEqual([]);

      // The requests must have got past the session and CSRF checks, or the test proves nothing.
      const total = (identity: Identity) =>
        [...statuses].filter(([k]) => k.startsWith(`${identity} `)).reduce((sum, [, n]) => sum + n, 0);
      const matching = (pattern: RegExp) =>
        [...statuses].filter(([k]) => pattern.test(k)).reduce((sum, [, n]) => sum + n, 0);
      const csrfRefused = matching(/ 403 CSRF_TOKEN_MISMATCH$/);
      expect(csrfRefused, summary.join('\n')).toBe(0);
      const party = total('party');
      const reached = party - matching(/^party (401|403)\b/) - matching(/^party 404 ROUTE_NOT_FOUND$/);
      expect(reached / party, summary.join('\n')).toBeGreaterThan(0.8);
      expect(matching(/^party 2\d\d/) / party, summary.join('\n')).toBeGreaterThan(0.05);
      expect(matching(/^party 422 ERROR_INPUT_VALIDATION$/) / party, summary.join('\n')).toBeGreaterThan(0.3);
    },
  );
});
