import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema, verificationRequestSchema } from '@app/contract';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';
import { loadConfig } from '../../platform/config.js';
import { isSignedCallback } from './sumsub.js';

const APP_TOKEN = 'sbx:fake-app-token';
const SECRET_KEY = 'fake-secret-key';
const WEBHOOK_SECRET = 'fake-webhook-secret';
const CALLBACK = '/rest/v3/kyc/verifications/sumsub/callback';

type Seen = { method: string; path: string; headers: IncomingMessage['headers']; body: string };

/**
 * A local stand-in for Sumsub's API: it checks each request's signature as Sumsub does (HMAC-SHA256 of
 * time, method, path and body with the secret key) and answers a link to its verification page.
 */
async function fakeSumsub() {
  const seen: Seen[] = [];
  let down = false;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      seen.push({ method: request.method!, path: request.url!, headers: request.headers, body });
      const ts = String(request.headers['x-app-access-ts']);
      const expected = createHmac('sha256', SECRET_KEY)
        .update(ts + request.method + request.url + body)
        .digest('hex');
      response.setHeader('content-type', 'application/json');
      if (down) {
        response.writeHead(503).end('{"description":"maintenance"}');
      } else if (
        request.headers['x-app-token'] !== APP_TOKEN ||
        request.headers['x-app-access-sig'] !== expected
      ) {
        response.writeHead(401).end('{"description":"Request signature mismatch","code":401}');
      } else {
        const { userId } = JSON.parse(body) as { userId: string };
        response.writeHead(200).end(JSON.stringify({ url: `https://in.sumsub.example/websdk/p/${userId}` }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    setDown: (value: boolean) => (down = value),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const sign = (body: string, algorithm = 'sha256', secret = WEBHOOK_SECRET) =>
  createHmac(algorithm, secret).update(body).digest('hex');

describe('the identity service’s callback signature', () => {
  it('should accept the HMAC of the exact bytes only, in constant time, for each named algorithm', () => {
    const body = Buffer.from('{"type":"applicantReviewed"}');
    expect(isSignedCallback(WEBHOOK_SECRET, body, sign(body.toString()), undefined)).toBe(true);
    expect(isSignedCallback(WEBHOOK_SECRET, body, sign(body.toString(), 'sha512'), 'HMAC_SHA512_HEX')).toBe(
      true,
    );
    expect(isSignedCallback(WEBHOOK_SECRET, body, sign(body.toString(), 'sha1'), 'HMAC_SHA1_HEX')).toBe(true);
    expect(isSignedCallback(WEBHOOK_SECRET, body, sign(body.toString(), 'sha1'), 'HMAC_SHA256_HEX')).toBe(
      false,
    );
    expect(isSignedCallback(WEBHOOK_SECRET, body, sign(`${body.toString()} `), undefined)).toBe(false);
    expect(isSignedCallback(WEBHOOK_SECRET, body, sign(body.toString(), 'sha256', 'other'), undefined)).toBe(
      false,
    );
    expect(isSignedCallback(WEBHOOK_SECRET, body, 'not-hex', undefined)).toBe(false);
    expect(isSignedCallback(WEBHOOK_SECRET, body, sign(body.toString()), 'MD5')).toBe(false);
    expect(isSignedCallback(WEBHOOK_SECRET, body, undefined, undefined)).toBe(false);
  });

  it('should need every secret once the operator names a provider', () => {
    expect(() => loadConfig({ KYC_PROVIDER: 'sumsub', KYC_PROVIDER_APP_TOKEN: 'x' })).toThrow(
      /KYC_PROVIDER_SECRET_KEY: required when KYC_PROVIDER=sumsub[\s\S]*KYC_PROVIDER_WEBHOOK_SECRET/,
    );
    expect(loadConfig({}).kyc.provider).toBeNull();
  });
});

/**
 * ID verification decided by the identity service (decision 0041), against a local fake of its API: the
 * start answers the service's page, the trader marks it pending, signed callbacks decide (approve, ask
 * again, deny), unsigned or repeated ones change nothing.
 */
describe('ID verification by the identity service', () => {
  let t: TestApp;
  let s: ReturnType<typeof tradeScenario>;
  let fake: Awaited<ReturnType<typeof fakeSumsub>>;

  const start = (party: Party) => party.c.post('/rest/v3/kyc/verifications/sumsub/start?locale=es');
  const callback = (client: TestClient, payload: unknown, headers: Record<string, string> = {}) => {
    const body = JSON.stringify(payload);
    return client.request('POST', CALLBACK, body as unknown as Record<string, never>, {
      csrf: false,
      headers: { 'content-type': 'application/json', 'x-payload-digest': sign(body), ...headers },
    });
  };
  const reviewed = (
    reference: string,
    answer: 'GREEN' | 'RED',
    rejectType?: 'RETRY' | 'FINAL',
    comment?: string,
  ) => ({
    type: 'applicantReviewed',
    applicantId: `app-${reference}`,
    externalUserId: reference,
    reviewStatus: 'completed',
    reviewResult: { reviewAnswer: answer, reviewRejectType: rejectType, moderationComment: comment },
    extraField: { ignored: true },
  });
  const me = async (party: Party) =>
    currentUserSchema.parse((await party.c.get('/rest/v1/users/current_user')).json().data);

  beforeAll(async () => {
    fake = await fakeSumsub();
    t = await createTestApp({
      KYC_PROVIDER: 'sumsub',
      KYC_PROVIDER_URL: fake.url,
      KYC_PROVIDER_APP_TOKEN: APP_TOKEN,
      KYC_PROVIDER_SECRET_KEY: SECRET_KEY,
      KYC_PROVIDER_WEBHOOK_SECRET: WEBHOOK_SECRET,
      KYC_PROVIDER_LEVEL: 'id-and-liveness',
    });
    s = tradeScenario(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('should send the trader to the service’s page and approve on its signed GREEN', async () => {
    const trader = await s.party('kps');
    expect((await trader.c.get('/rest/v3/kyc/verifications/provider')).json().data).toEqual({
      provider: 'sumsub',
    });
    const started = await start(trader);
    expect(started.statusCode, started.body).toBe(201);
    const { verificationReference: reference, url, request } = started.json().data;
    expect(reference).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(url).toBe(`https://in.sumsub.example/websdk/p/${reference}`);
    expect(request).toMatchObject({ type: 'id', status: 'pending', inReview: false, documents: [] });
    // What the service was asked: our level, our reference as its user, the way back to our page.
    const asked = fake.seen.at(-1)!;
    expect(asked.path).toBe('/resources/sdkIntegrations/levels/-/websdkLink?lang=es');
    expect(JSON.parse(asked.body)).toMatchObject({
      levelName: 'id-and-liveness',
      userId: reference,
      ttlInSecs: 1800,
      redirect: {
        successUrl: expect.stringContaining(`/account/verification?provider=sumsub&reference=${reference}`),
      },
    });

    const pending = await trader.c.post('/rest/v3/kyc/verifications/sumsub/mark-pending', {
      verificationReference: reference,
    });
    expect(pending.statusCode, pending.body).toBe(200);
    expect(verificationRequestSchema.parse(pending.json().data).inReview).toBe(true);

    // Unsigned, wrongly signed, or signed over other bytes: refused before anything is read.
    const anybody = t.client();
    const payload = reviewed(reference, 'GREEN');
    expect((await callback(anybody, payload, { 'x-payload-digest': '' })).statusCode).toBe(401);
    expect((await callback(anybody, payload, { 'x-payload-digest': sign('{}') })).statusCode).toBe(401);
    expect((await callback(anybody, payload, { 'x-payload-digest-alg': 'HMAC_SHA1_HEX' })).statusCode).toBe(
      401,
    );
    expect((await me(trader)).isIdVerified).toBe(false);

    const approved = await callback(anybody, payload);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toEqual({ changed: true });
    expect((await me(trader)).isIdVerified).toBe(true);
    // The service repeats its callbacks: the second changes nothing.
    expect((await callback(anybody, payload)).json().data).toEqual({ changed: false });
    const audit = (await t.database.db.execute(
      sql`SELECT actor_id, actor_role FROM audit_log WHERE action = 'verification.approve'
        AND target_id = ${String(request.id)}`,
    )) as unknown as { rows: { actor_id: number | null; actor_role: string }[] };
    expect(audit.rows).toEqual([{ actor_id: null, actor_role: 'provider:sumsub' }]);
  });

  it('should hand the request back on RED RETRY and deny it on RED FINAL, with the service’s comment', async () => {
    const trader = await s.party('kpr');
    const reference = (await start(trader)).json().data.verificationReference as string;
    const anybody = t.client();
    // The pending callback stands in for the trader's mark-pending.
    expect(
      (await callback(anybody, { type: 'applicantPending', externalUserId: reference })).json().data,
    ).toEqual({
      changed: true,
    });
    expect(
      (await callback(anybody, reviewed(reference, 'RED', 'RETRY', 'The photo is blurry.'))).statusCode,
    ).toBe(200);
    const mine = (await trader.c.get('/rest/v1/verification/requests')).json().data.requests[0];
    expect(mine).toMatchObject({ status: 'pending', inReview: false, reason: 'The photo is blurry.' });
    await trader.c.post('/rest/v3/kyc/verifications/sumsub/mark-pending', {
      verificationReference: reference,
    });
    expect(
      (await callback(anybody, reviewed(reference, 'RED', 'FINAL', 'Document forged.'))).statusCode,
    ).toBe(200);
    const denied = (await trader.c.get('/rest/v1/verification/requests')).json().data.requests[0];
    expect(denied).toMatchObject({ status: 'denied', reason: 'Document forged.' });
    expect((await me(trader)).isIdVerified).toBe(false);
    const again = await trader.c.post('/rest/v3/kyc/verifications/sumsub/mark-pending', {
      verificationReference: reference,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe('VERIFICATION_NOT_PENDING');
  });

  it('should decide once when the service sends the same decision twenty times at once', async () => {
    const trader = await s.party('kpc');
    const started = (await start(trader)).json().data;
    const reference = started.verificationReference as string;
    await trader.c.post('/rest/v3/kyc/verifications/sumsub/mark-pending', {
      verificationReference: reference,
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => callback(t.client(), reviewed(reference, 'GREEN'))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.json().data.changed === true)).toHaveLength(1);
    const audit = (await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'verification.approve'
        AND target_id = ${String(started.request.id)}`,
    )) as unknown as { rows: { n: number }[] };
    expect(audit.rows[0]?.n).toBe(1);
    expect((await me(trader)).isIdVerified).toBe(true);
  });

  it('should keep references private and answer bad input with 4xx', async () => {
    const owner = await s.party('kpo');
    const other = await s.party('kpx');
    const reference = (await start(owner)).json().data.verificationReference as string;
    const stolen = await other.c.post('/rest/v3/kyc/verifications/sumsub/mark-pending', {
      verificationReference: reference,
    });
    expect(stolen.statusCode).toBe(404);
    const malformed = await owner.c.post('/rest/v3/kyc/verifications/sumsub/mark-pending', {
      verificationReference: 'x\u0000y',
    });
    expect(malformed.statusCode).toBe(422);
    expect((await t.client().post('/rest/v3/kyc/verifications/sumsub/start')).statusCode).toBe(401);
    expect(
      (await owner.c.post('/rest/v3/kyc/verifications/sumsub/start', undefined, { csrf: false })).statusCode,
    ).toBe(403);
    // A callback that is not JSON, or is signed but says nothing we know, is answered without a change.
    const broken = await t
      .client()
      .request('POST', CALLBACK, '{"type":' as unknown as Record<string, never>, {
        csrf: false,
        headers: { 'content-type': 'application/json', 'x-payload-digest': sign('{"type":') },
      });
    expect(broken.statusCode).toBe(400);
    expect(
      (await callback(t.client(), { type: 'applicantCreated', externalUserId: reference })).json().data,
    ).toEqual({
      changed: false,
    });
    expect((await callback(t.client(), reviewed('unknownReference0000000', 'GREEN'))).json().data).toEqual({
      changed: false,
    });
    const wrongShape = await callback(t.client(), {
      type: 'applicantReviewed',
      reviewResult: { reviewAnswer: 'BLUE' },
    });
    expect(wrongShape.statusCode).toBe(422);
  });

  it('should say so when the service is down, leaving the trader free to try again', async () => {
    const trader = await s.party('kpd');
    fake.setDown(true);
    try {
      const refused = await start(trader);
      expect(refused.statusCode).toBe(502);
      expect(refused.json().errors[0].code).toBe('PROVIDER_UNAVAILABLE');
    } finally {
      fake.setDown(false);
    }
    // The request the failed start opened is renewed, not counted again.
    expect((await start(trader)).statusCode).toBe(201);
    const { requests, attempts } = (await trader.c.get('/rest/v1/verification/requests')).json().data;
    expect(requests).toHaveLength(1);
    expect(attempts.find((a: { type: string }) => a.type === 'id').attemptsLeft).toBe(4);
  });
});

describe('ID verification without an identity service', () => {
  it('should point the trader to the staff review', async () => {
    const t = await createTestApp();
    try {
      const trader = t.client();
      await trader.register('kp_manual');
      expect((await trader.get('/rest/v3/kyc/verifications/provider')).json().data).toEqual({
        provider: 'manual',
      });
      const start = await trader.post('/rest/v3/kyc/verifications/sumsub/start');
      expect(start.statusCode).toBe(409);
      expect(start.json().errors[0].code).toBe('PROVIDER_NOT_CONFIGURED');
      const callback = await t
        .client()
        .request('POST', CALLBACK, { type: 'applicantReviewed' }, { csrf: false });
      expect(callback.statusCode).toBe(409);
    } finally {
      await t.close();
    }
  });
});
