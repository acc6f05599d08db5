import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminVerificationDetailSchema,
  adminVerificationPageSchema,
  currentUserSchema,
  myVerificationsSchema,
  verificationRequestSchema,
  type VerificationRequest,
} from '@app/contract';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';
import { multipart, pdf, png, type Part } from '../../../test/uploads.js';
import type { BusEvent } from '../../platform/events/bus.js';

type Response = Awaited<ReturnType<TestClient['post']>>;

const ID_BODY = {
  issue_country_iso3: 'esp',
  document_type: 'id_card',
  first_name_original: 'María José',
  middle_name_original: '',
  last_name_original: "O'Neill-García",
  document_number: '12345678z',
};

/**
 * Identity verification through the HTTP stack (decision 0038): starting each flow with good and bad
 * input, uploading documents judged by their bytes, the staff review (approve, deny, ask for a new
 * document) raising the level, the attempts left, documents invisible to anyone but the owner and staff,
 * every staff look audited, erasure after the retention period.
 */
describe('identity verification', () => {
  let t: TestApp;
  let s: ReturnType<typeof tradeScenario>;
  let reviewer: Party;
  const events: BusEvent[] = [];

  const ok = (response: Response, status = 200) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json().data;
  };
  const request = (response: Response, status = 201): VerificationRequest =>
    verificationRequestSchema.parse(ok(response, status));
  const upload = (who: TestClient, requestId: number, parts: Part[]) => {
    const body = multipart(parts);
    return who.request(
      'POST',
      `/rest/v1/verification/requests/${requestId}/documents`,
      body.payload as unknown as Record<string, never>,
      { headers: { 'content-type': body.contentType } },
    );
  };
  const file = (data: Buffer, type = 'image/png'): Part => ({ name: 'file', filename: 'doc', type, data });
  const side = (value: string): Part => ({ name: 'side', value });
  const me = async (party: Party) =>
    currentUserSchema.parse((await party.c.get('/rest/v1/users/current_user')).json().data);
  const level = async (party: Party) =>
    ok(await party.c.get('/rest/v1/limits/levels-info')).current as string;
  /** Everything an ID verification needs, uploaded. */
  async function submitId(party: Party, body = ID_BODY) {
    const started = request(await party.c.post('/account/verification/start/id', body));
    let last: VerificationRequest = started;
    for (const document of started.documents) {
      last = request(await upload(party.c, started.id, [side(document.side), file(await png())]), 200);
    }
    return last;
  }

  beforeAll(async () => {
    t = await createTestApp({ KYC_MAX_ATTEMPTS: '3', KYC_DOCUMENT_RETENTION_DAYS: '0' });
    t.app.events.subscribe((event) => events.push(event));
    s = tradeScenario(t);
    reviewer = await s.staffMember('kyc_reviewer', 'supermod');
  });
  afterAll(() => t.close());

  it('should take an ID verification from start to approval, raising the level', async () => {
    const trader = await s.party('kyi');
    await t.database.db.execute(sql`UPDATE users SET is_email_verified = true, phone = '+34600000001',
      phone_verified_at = now() WHERE id = ${trader.id}`);
    expect(await level(trader)).toBe('L1+');
    const started = request(await trader.c.post('/account/verification/start/id', ID_BODY));
    expect(started).toMatchObject({ type: 'id', status: 'pending', inReview: false });
    expect(started.details).toMatchObject({
      issue_country_iso3: 'ESP',
      first_name_original: 'María José',
      document_number: '•••• 678Z',
    });
    expect(started.documents.map((d) => [d.side, d.status])).toEqual([
      ['front', 'pending'],
      ['back', 'pending'],
      ['selfie', 'pending'],
    ]);
    // A passport has no back: correcting the start before sending changes what is expected.
    const passport = request(
      await trader.c.post('/account/verification/start/id', { ...ID_BODY, document_type: 'passport' }),
    );
    expect(passport.id).toBe(started.id);
    expect(passport.documents.map((d) => d.side)).toEqual(['front', 'selfie']);
    const front = request(await upload(trader.c, started.id, [side('front'), file(await png())]), 200);
    expect(front.documents.find((d) => d.side === 'front')).toMatchObject({
      status: 'uploaded',
      mime: 'image/png',
    });
    expect(front.inReview).toBe(false);
    const full = request(await upload(trader.c, started.id, [side('selfie'), file(await png())]), 200);
    expect(full.inReview).toBe(true);
    // In review: no more changes, from the trader's side.
    expect((await trader.c.post('/account/verification/start/id', ID_BODY)).statusCode).toBe(409);
    expect((await upload(trader.c, started.id, [side('front'), file(await png())])).statusCode).toBe(409);

    const queue = adminVerificationPageSchema.parse(ok(await reviewer.c.get('/rest/v1/admin/verifications')));
    expect(queue.requests.map((r) => r.id)).toContain(started.id);
    const detail = adminVerificationDetailSchema.parse(
      ok(await reviewer.c.get(`/rest/v1/admin/verifications/${started.id}`)),
    );
    expect(detail.details.document_number).toBe('12345678Z');
    expect(detail.user).toMatchObject({ username: trader.name, level: 'L1+', proven: ['email', 'phone'] });
    // What the approval will do, from the levels table: L2, and what the level above needs.
    expect(detail.approval).toEqual({
      level: 'L2',
      target: { level: 'L2', missing: [] },
      next: { level: 'L2+POA', missing: ['address'] },
    });
    const image = await reviewer.c.get(detail.documents[0]!.url!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private, no-store');

    events.length = 0;
    const approved = request(
      await reviewer.c.post(`/rest/v1/admin/verifications/${started.id}/approve`),
      200,
    );
    expect(approved.status).toBe('approved');
    expect(approved.documents.every((d) => d.status === 'approved')).toBe(true);
    expect(await level(trader)).toBe('L2');
    expect(await me(trader)).toMatchObject({ isIdVerified: true });
    expect(events.filter((e) => e.type === 'verification.updated').map((e) => e.userIds)).toEqual([
      [trader.id],
    ]);
    const mail = await t.database.db.execute(
      sql`SELECT template FROM outbox_messages WHERE user_id = ${trader.id} ORDER BY id DESC LIMIT 1`,
    );
    expect((mail as unknown as { rows: { template: string }[] }).rows[0]?.template).toBe(
      'verification_approved',
    );
    // Every look was written down.
    const audit = await t.database.db.execute(
      sql`SELECT action FROM audit_log WHERE target_type = 'verification' AND target_id = ${String(started.id)}
        ORDER BY id`,
    );
    expect((audit as unknown as { rows: { action: string }[] }).rows.map((r) => r.action)).toEqual([
      'verification.view',
      'verification.document_view',
      'verification.approve',
    ]);
    // Decided: approving again is a conflict, never a second level.
    expect((await reviewer.c.post(`/rest/v1/admin/verifications/${started.id}/approve`)).statusCode).toBe(
      409,
    );
  });

  it('should tell the reviewer an ID leaves a trader without a phone at L1, and it does', async () => {
    const trader = await s.party('kynophone');
    await t.database.db.execute(sql`UPDATE users SET is_email_verified = true WHERE id = ${trader.id}`);
    const submitted = await submitId(trader);
    expect(submitted.inReview).toBe(true);
    const url = `/rest/v1/admin/verifications/${submitted.id}`;
    const detail = adminVerificationDetailSchema.parse(ok(await reviewer.c.get(url)));
    expect(detail.user).toMatchObject({ level: 'L1', proven: ['email'] });
    expect(detail.approval).toEqual({
      level: 'L1',
      target: { level: 'L2', missing: ['phone'] },
      next: { level: 'L1+', missing: ['phone'] },
    });
    const snake = await reviewer.c.get(`${url}?case=snake`);
    expect(snake.json().data.approval.target).toEqual({ level: 'L2', missing: ['phone'] });
    // A visitor and a trader do not see it (the console answers 404 to anyone but staff, 0019).
    expect((await t.client().get(url)).statusCode).toBe(404);
    expect((await trader.c.get(url)).statusCode).toBe(404);
    request(await reviewer.c.post(`${url}/approve`), 200);
    expect(await level(trader)).toBe('L1');
    // Decided: the outcome now reads from where the trader stands, nothing left to gain from the ID.
    const after = adminVerificationDetailSchema.parse(ok(await reviewer.c.get(url)));
    expect(after.user.proven).toEqual(['email', 'id_document', 'selfie']);
    expect(after.approval.level).toBe('L1');
  });

  it('should refuse bad input field by field, never with a 500', async () => {
    const trader = await s.party('kyb');
    const bad = await trader.c.post('/account/verification/start/id', {
      issue_country_iso3: 'XX1',
      document_type: 'library_card',
      first_name_original: 'R0b\u0007ert',
      last_name_original: '',
      document_number: '!',
    });
    expect(bad.statusCode).toBe(422);
    const fields = (bad.json().errors[0].details as { field: string }[]).map((d) => d.field).sort();
    expect(fields).toEqual(
      expect.arrayContaining([
        'document_number',
        'document_type',
        'first_name_original',
        'issue_country_iso3',
        'last_name_original',
      ]),
    );
    const unknownCountry = await trader.c.post('/account/verification/start/id', {
      ...ID_BODY,
      issue_country_iso3: 'PRK',
    });
    expect(unknownCountry.statusCode).toBe(422);
    expect(unknownCountry.json().errors[0].details[0]).toMatchObject({ field: 'issue_country_iso3' });
    const noIdCard = await trader.c.post('/account/verification/start/id', {
      ...ID_BODY,
      issue_country_iso3: 'GBR',
    });
    expect(noIdCard.json().errors[0].details[0]).toMatchObject({
      field: 'document_type',
      code: 'document_not_accepted',
    });
    const huge = await trader.c.post('/account/verification/start/id', {
      ...ID_BODY,
      first_name_original: 'A'.repeat(100_000),
    });
    expect(huge.statusCode).toBe(422);
    // Nigeria needs its two numbers, and only Nigeria.
    const address = {
      country_iso3: 'NGA',
      document_type: 'utility_bill',
      city_name: 'Lagos',
      address_line_1: '12 Marina Road',
      zip_code: '101001',
    };
    const nigeria = await trader.c.post('/account/verification/start/document', address);
    expect((nigeria.json().errors[0].details as { field: string }[]).map((d) => d.field).sort()).toEqual([
      'nga_bvn',
      'nga_nin',
    ]);
    const shortNin = await trader.c.post('/account/verification/start/document', {
      ...address,
      nga_nin: '123',
      nga_bvn: '12345678901',
    });
    expect(shortNin.json().errors[0].details[0]).toMatchObject({ field: 'nga_nin' });
    const notNigeria = await trader.c.post('/account/verification/start/document', {
      ...address,
      country_iso3: 'KEN',
      nga_nin: '12345678901',
    });
    expect(notNigeria.json().errors[0].details[0]).toMatchObject({ field: 'nga_nin' });
    const good = request(
      await trader.c.post('/account/verification/start/document', {
        ...address,
        nga_nin: '12345678901',
        nga_bvn: '22345678901',
      }),
    );
    expect(good.details).toMatchObject({ country_iso3: 'NGA', nga_nin: '•••• 8901', city_name: 'Lagos' });
    // Video: a secure link, and only after an ID.
    expect(
      (await trader.c.post('/account/verification/video/upload', { url: 'http://example.com/v' })).statusCode,
    ).toBe(422);
    const early = await trader.c.post('/account/verification/video/upload', { url: 'https://example.com/v' });
    expect(early.statusCode).toBe(409);
    expect(early.json().errors[0].code).toBe('VIDEO_NOT_AVAILABLE');
    // Unknown types and ids answer 422 or 404; ?case=snake reaches the answers.
    expect((await trader.c.get('/rest/v1/verification/left-attempt/passport')).statusCode).toBe(422);
    expect((await trader.c.get('/rest/v1/verification/left-attempt/ID')).statusCode).toBe(200);
    expect(
      (await trader.c.get('/rest/v1/verification/requests?case=snake')).json().data.requests[0].in_review,
    ).toBe(false);
  });

  it('should judge documents by their bytes and mark what is not a picture as corrupted', async () => {
    const trader = await s.party('kyd');
    const started = request(
      await trader.c.post('/account/verification/start/id', { ...ID_BODY, document_type: 'passport' }),
    );
    const fake = await upload(trader.c, started.id, [
      side('front'),
      file(Buffer.from('GIF89a not really'), 'image/png'),
    ]);
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors[0]).toMatchObject({ code: 'DOCUMENT_REFUSED' });
    const mine = myVerificationsSchema.parse(ok(await trader.c.get('/rest/v1/verification/requests')));
    expect(mine.requests[0]!.documents.find((d) => d.side === 'front')).toMatchObject({
      status: 'corrupted',
    });
    // A PDF is no photo of an ID; it is a proof of address.
    const asPdf = await upload(trader.c, started.id, [side('front'), file(await pdf(1), 'application/pdf')]);
    expect(asPdf.statusCode).toBe(422);
    expect(
      (await upload(trader.c, started.id, [side('back'), file(await png())])).json().errors[0].details[0],
    ).toMatchObject({
      field: 'side',
    });
    expect((await upload(trader.c, started.id, [side('moon'), file(await png())])).statusCode).toBe(422);
    expect((await upload(trader.c, started.id, [side('front')])).statusCode).toBe(422);
    const fixed = request(await upload(trader.c, started.id, [side('front'), file(await png())]), 200);
    expect(fixed.documents.find((d) => d.side === 'front')).toMatchObject({
      status: 'uploaded',
      reason: null,
    });
    // The owner sees their own upload; nobody else does, not even its address.
    const url = fixed.documents.find((d) => d.side === 'front')!.url!;
    expect((await trader.c.get(url)).statusCode).toBe(200);
    const stranger = await s.party('kyx');
    expect((await stranger.c.get(url)).statusCode).toBe(404);
    expect((await t.client().get(url)).statusCode).toBe(401);
    expect((await upload(stranger.c, started.id, [side('selfie'), file(await png())])).statusCode).toBe(404);
    // Not a staff member: the console's calls are 404.
    expect((await trader.c.get(`/rest/v1/admin/verifications/${started.id}`)).statusCode).toBe(404);
    expect((await trader.c.post(`/rest/v1/admin/verifications/${started.id}/approve`)).statusCode).toBe(404);
    const address = request(
      await trader.c.post('/account/verification/start/document', {
        country_iso3: 'ESP',
        document_type: 'bank_statement',
        city_name: 'Madrid',
        address_line_1: 'Calle Mayor 1',
      }),
    );
    const statement = request(
      await upload(trader.c, address.id, [side('address'), file(await pdf(1), 'application/pdf')]),
      200,
    );
    expect(statement).toMatchObject({ inReview: true });
  });

  it('should deny with a reason, ask for a new document, and count the attempts', async () => {
    const trader = await s.party('kya');
    const first = await submitId(trader);
    const denied = request(
      await reviewer.c.post(`/rest/v1/admin/verifications/${first.id}/deny`, {
        reason: 'The photo is too blurry to read.',
      }),
      200,
    );
    expect(denied).toMatchObject({ status: 'denied', reason: 'The photo is too blurry to read.' });
    expect(
      (await reviewer.c.post(`/rest/v1/admin/verifications/${first.id}/deny`, { reason: 'x' })).statusCode,
    ).toBe(422);
    expect(await level(trader)).toBe('L0');
    const second = await submitId(trader);
    const selfie = second.documents.find((d) => d.side === 'selfie')!;
    const asked = request(
      await reviewer.c.post(`/rest/v1/admin/verifications/${second.id}/documents/${selfie.id}/reject`, {
        reason: 'Hold the document next to your face.',
      }),
      200,
    );
    expect(asked.inReview).toBe(false);
    expect(asked.documents.find((d) => d.side === 'selfie')).toMatchObject({
      status: 'rejected',
      reason: 'Hold the document next to your face.',
    });
    const again = request(await upload(trader.c, second.id, [side('selfie'), file(await png())]), 200);
    expect(again.inReview).toBe(true);
    // Two of three attempts used; a third, then none.
    const left = ok(await trader.c.get('/rest/v1/verification/left-attempt/id'));
    expect(left).toMatchObject({ attemptsLeft: 1, maxAttempts: 3 });
    request(
      await reviewer.c.post(`/rest/v1/admin/verifications/${second.id}/deny`, {
        reason: 'Expired document.',
      }),
      200,
    );
    await submitId(trader);
    const thirdId = myVerificationsSchema.parse(ok(await trader.c.get('/rest/v1/verification/requests')))
      .requests[0]!.id;
    request(
      await reviewer.c.post(`/rest/v1/admin/verifications/${thirdId}/deny`, { reason: 'Expired document.' }),
      200,
    );
    const none = await trader.c.post('/account/verification/start/id', ID_BODY);
    expect(none.statusCode).toBe(429);
    expect(none.json().errors[0].code).toBe('VERIFICATION_ATTEMPTS_EXCEEDED');
    expect(Number(none.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('should let staff review only what is submitted, and never their own', async () => {
    const trader = await s.party('kyr');
    const started = request(await trader.c.post('/account/verification/start/id', ID_BODY));
    expect((await reviewer.c.post(`/rest/v1/admin/verifications/${started.id}/approve`)).statusCode).toBe(
      409,
    );
    expect((await reviewer.c.post('/rest/v1/admin/verifications/999999/approve')).statusCode).toBe(404);
    const own = await submitId(reviewer);
    const refused = await reviewer.c.post(`/rest/v1/admin/verifications/${own.id}/approve`);
    expect(refused.statusCode).toBe(403);
    // A moderator's role does not include reviews.
    const moderator = await s.staffMember('kyc_mod', 'moderator');
    expect((await moderator.c.get('/rest/v1/admin/verifications')).statusCode).toBe(403);
  });

  it('should offer the video call after an ID or when staff invite, and approve it', async () => {
    const trader = await s.party('kyv');
    const invited = ok(
      await reviewer.c.put(`/rest/v1/admin/users/${trader.name}/video-verification`, { status: 'forced' }),
    );
    expect(invited).toEqual({ username: trader.name, videoStatus: 'forced' });
    expect(await me(trader)).toMatchObject({ isVideoVerifiedForced: true });
    const video = request(
      await trader.c.post('/account/verification/video/upload', { url: 'https://video.example.com/call/1' }),
    );
    expect(video).toMatchObject({
      type: 'video',
      inReview: true,
      details: { url: 'https://video.example.com/call/1' },
    });
    expect(await me(trader)).toMatchObject({ isVideoVerifiedPending: true, isVideoVerifiedForced: false });
    request(await reviewer.c.post(`/rest/v1/admin/verifications/${video.id}/approve`), 200);
    expect(await me(trader)).toMatchObject({ isVideoVerifiedApproved: true });
    expect(
      (await trader.c.post('/account/verification/video/upload', { url: 'https://example.com/again' }))
        .statusCode,
    ).toBe(409);
  });

  it('should list the countries and documents accepted', async () => {
    const trader = await s.party('kyk');
    const countries = ok(await trader.c.get('/rest/v1/verification/supported-countries?locale=es'));
    expect(countries.countries.find((c: { iso3: string }) => c.iso3 === 'ESP').name.localized).toBe('España');
    expect(countries.countries.some((c: { iso3: string }) => c.iso3 === 'PRK')).toBe(false);
    const documents = ok(await trader.c.get('/rest/v1/verification/document-country'));
    const of = (iso3: string) =>
      documents.countries.find((c: { iso3: string }) => c.iso3 === iso3).documentTypes;
    expect(of('ESP')).toContain('id_card');
    expect(of('GBR')).not.toContain('id_card');
    expect(of('GBR')).toContain('passport');
  });

  it('should erase a decided request’s documents once the retention period is over', async () => {
    const trader = await s.party('kye');
    const submitted = await submitId(trader, { ...ID_BODY, document_type: 'passport' });
    request(await reviewer.c.post(`/rest/v1/admin/verifications/${submitted.id}/approve`), 200);
    const keys = await t.database.db.execute(
      sql`SELECT storage_key FROM verification_documents WHERE request_id = ${submitted.id}`,
    );
    expect(
      (keys as unknown as { rows: { storage_key: string | null }[] }).rows.every((r) => r.storage_key),
    ).toBe(true);
    // Retention 0 days here: the erasure happens at once; the level stays.
    const erased = ok(await trader.c.post('/rest/v1/verification/documents/erase'));
    expect(erased).toMatchObject({ retentionDays: 0, erasedNow: 2 });
    const after = myVerificationsSchema.parse(ok(await trader.c.get('/rest/v1/verification/requests')));
    expect(after.requests[0]!.documents.every((d) => d.url === null)).toBe(true);
    expect(await level(trader)).toBe('L0');
    expect(await me(trader)).toMatchObject({ isIdVerified: true });
  });
});
