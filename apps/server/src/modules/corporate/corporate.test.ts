import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  corporateAccountSchema,
  corporateConversionSchema,
  currentUserSchema,
  type CorporateConversion,
} from '@app/contract';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';
import { multipart, pdf } from '../../../test/uploads.js';
import { corporateStatusOf } from './service.js';

type Response = Awaited<ReturnType<TestClient['post']>>;

const COMPANY = {
  legal_name: 'Acme Trading S.L.',
  business_name: 'Acme Crypto',
  registration_number: 'b-12345678',
  country_iso3: 'esp',
  name_display: 'business_name',
};
const CONVERT = '/rest/v1/users/corporate-accounts/convert-to-corporate';
const PERSONAL = '/rest/v1/users/corporate-accounts/convert-to-personal';
const POSTPONE = '/rest/v1/users/postpone-company-verification';

describe('corporate statuses', () => {
  it('should derive each spec status from the company verification', () => {
    const request = (
      status: 'pending' | 'expired' | 'approved' | 'denied',
      submitted = false,
      resubmit = false,
    ) => ({
      id: 1,
      status,
      submitted,
      resubmit,
    });
    expect(corporateStatusOf(null)).toBe('application_submitted');
    expect(corporateStatusOf(request('pending'))).toBe('application_submitted');
    expect(corporateStatusOf(request('pending', true))).toBe('in_review');
    expect(corporateStatusOf(request('pending', false, true))).toBe('application_waiting_resubmission');
    expect(corporateStatusOf(request('approved', true))).toBe('application_approved');
    expect(corporateStatusOf(request('denied', true))).toBe('application_rejected');
    expect(corporateStatusOf(request('expired'))).toBe('application_submitted');
  });
});

/**
 * Corporate accounts through the HTTP stack (decision 0040): the conversion both ways, the application's
 * status following its company verification through the staff review, the names it shows, postponing.
 */
describe('corporate accounts', () => {
  let t: TestApp;
  let s: ReturnType<typeof tradeScenario>;
  let reviewer: Party;

  const ok = (response: Response, status = 200) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json().data;
  };
  const conversion = (response: Response): CorporateConversion =>
    corporateConversionSchema.parse(ok(response));
  const refused = (response: Response, status: number, code: string) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().errors[0].code).toBe(code);
  };
  const me = async (party: Party) =>
    currentUserSchema.parse((await party.c.get('/rest/v1/users/current_user')).json().data);
  const uploadPapers = async (party: Party, requestId: number) => {
    const body = multipart([
      { name: 'side', value: 'company' },
      { name: 'file', filename: 'registry.pdf', type: 'application/pdf', data: await pdf(1) },
    ]);
    return ok(
      await party.c.request(
        'POST',
        `/rest/v1/verification/requests/${requestId}/documents`,
        body.payload as unknown as Record<string, never>,
        { headers: { 'content-type': body.contentType } },
      ),
    );
  };
  const companyRequests = async (userId: number) =>
    (
      (await t.database.db.execute(
        sql`SELECT id, status FROM verification_requests WHERE user_id = ${userId} AND type = 'company'
          ORDER BY id`,
      )) as unknown as { rows: { id: number; status: string }[] }
    ).rows;

  beforeAll(async () => {
    t = await createTestApp();
    s = tradeScenario(t);
    reviewer = await s.staffMember('corp_reviewer', 'supermod');
  });
  afterAll(() => t.close());

  it('should refuse a bad application with the fields at fault, and strangers', async () => {
    const trader = await s.party('cob');
    const bad = await trader.c.post(CONVERT, {
      legal_name: ' ',
      business_name: 'A\u0000B',
      registration_number: '#',
      country_iso3: 'spain',
      name_display: 'nickname',
    });
    expect(bad.statusCode, bad.body).toBe(422);
    const fields = (bad.json().errors[0].details as { field: string }[]).map((e) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'business_name',
        'country_iso3',
        'legal_name',
        'name_display',
        'registration_number',
      ]),
    );
    const unknownCountry = await trader.c.post(CONVERT, { ...COMPANY, country_iso3: 'ZZZ' });
    expect(unknownCountry.statusCode).toBe(422);
    expect(JSON.stringify(unknownCountry.json().errors)).toContain('country_iso3');
    const huge = await trader.c.post(CONVERT, { ...COMPANY, legal_name: 'A'.repeat(100_000) });
    expect(huge.statusCode).toBe(422);
    // Nothing was written.
    expect((await me(trader)).isCorporateAccount).toBe(false);
    expect(await companyRequests(trader.id)).toEqual([]);

    const stranger = t.client();
    expect((await stranger.post(CONVERT, COMPANY)).statusCode).toBe(401);
    expect((await stranger.post(PERSONAL)).statusCode).toBe(401);
    expect((await stranger.post(POSTPONE)).statusCode).toBe(401);
    const noCsrf = await trader.c.request('POST', CONVERT, COMPANY, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('should take a company from its application through the review to a verified name, and back', async () => {
    const trader = await s.party('coa');
    const converted = conversion(await trader.c.post(CONVERT, COMPANY));
    expect(converted.redirect).toBe('/account/verification');
    const application = converted.corporateAccount!;
    expect(application).toMatchObject({
      status: 'application_submitted',
      legalName: 'Acme Trading S.L.',
      businessName: 'Acme Crypto',
      registrationNumber: 'B-12345678',
      countryIso3: 'ESP',
      nameDisplay: 'business_name',
      postponedUntil: null,
    });
    const requestId = application.verificationRequestId!;
    expect(requestId).toBeGreaterThan(0);
    const current = await me(trader);
    expect(current.isCorporateAccount).toBe(true);
    expect(current.corporateAccount?.status).toBe('application_submitted');
    expect(current.accountCorporateNames).toEqual(['Acme Trading S.L.', 'Acme Crypto']);

    // Sent again before the papers: the same request, corrected (not a second attempt).
    const corrected = conversion(
      await trader.c.post(CONVERT, { ...COMPANY, business_name: '', name_display: 'legal_entity' }),
    );
    expect(corrected.corporateAccount?.verificationRequestId).toBe(requestId);
    expect(corrected.corporateAccount?.businessName).toBe('');

    // The papers are in: in review, and the application cannot change meanwhile.
    await uploadPapers(trader, requestId);
    expect((await me(trader)).corporateAccount?.status).toBe('in_review');
    refused(await trader.c.post(CONVERT, COMPANY), 409, 'VERIFICATION_IN_REVIEW');

    // Staff ask for a new document: waiting for the resubmission, then in review again.
    const detail = ok(await reviewer.c.get(`/rest/v1/admin/verifications/${requestId}`));
    const documentId = (detail.documents as { id: number; side: string }[]).find(
      (d) => d.side === 'company',
    )!.id;
    ok(
      await reviewer.c.post(`/rest/v1/admin/verifications/${requestId}/documents/${documentId}/reject`, {
        reason: 'The registry extract is older than three months.',
      }),
    );
    expect((await me(trader)).corporateAccount?.status).toBe('application_waiting_resubmission');
    await uploadPapers(trader, requestId);
    expect((await me(trader)).corporateAccount?.status).toBe('in_review');

    // Approved: verified, its chosen name on its public profile; nothing more to convert or put off.
    const profile = async () => ok(await t.client().get(`/rest/v1/users/${trader.name}`));
    expect((await profile()).companyName).toBeNull();
    ok(await reviewer.c.post(`/rest/v1/admin/verifications/${requestId}/approve`));
    const verified = await me(trader);
    expect(verified.corporateAccount).toMatchObject({
      status: 'application_approved',
      verificationRequestId: null,
    });
    expect(verified.isCompanyVerified).toBe(true);
    expect((await profile()).companyName).toBe('Acme Trading S.L.');
    refused(await trader.c.post(CONVERT, COMPANY), 409, 'ALREADY_CORPORATE');
    refused(await trader.c.post(POSTPONE), 409, 'ALREADY_VERIFIED');

    // Back to personal: the company's proof is taken back and its name leaves the profile.
    expect(conversion(await trader.c.post(PERSONAL))).toEqual({ redirect: null, corporateAccount: null });
    const personal = await me(trader);
    expect(personal).toMatchObject({
      isCorporateAccount: false,
      corporateAccount: null,
      accountCorporateNames: [],
      isCompanyVerified: false,
    });
    expect((await profile()).companyName).toBeNull();
    refused(await trader.c.post(PERSONAL), 409, 'NOT_CORPORATE_ACCOUNT');
    refused(await trader.c.post(POSTPONE), 409, 'NOT_CORPORATE_ACCOUNT');
  });

  it('should end the review of a company that converts back while staff look at it', async () => {
    const trader = await s.party('cop');
    const requestId = conversion(await trader.c.post(CONVERT, COMPANY)).corporateAccount!
      .verificationRequestId!;
    await uploadPapers(trader, requestId);
    conversion(await trader.c.post(PERSONAL));
    expect(await companyRequests(trader.id)).toEqual([{ id: requestId, status: 'expired' }]);
    refused(
      await reviewer.c.post(`/rest/v1/admin/verifications/${requestId}/approve`),
      409,
      'VERIFICATION_NOT_IN_REVIEW',
    );
    expect((await me(trader)).isCompanyVerified).toBe(false);

    // A rejected application may be sent again: a new attempt.
    const again = conversion(await trader.c.post(CONVERT, COMPANY)).corporateAccount!;
    await uploadPapers(trader, again.verificationRequestId!);
    ok(
      await reviewer.c.post(`/rest/v1/admin/verifications/${again.verificationRequestId}/deny`, {
        reason: 'The company is not in the registry.',
      }),
    );
    expect((await me(trader)).corporateAccount?.status).toBe('application_rejected');
    const third = conversion(await trader.c.post(CONVERT, COMPANY)).corporateAccount!;
    expect(third.status).toBe('application_submitted');
    expect(third.verificationRequestId).not.toBe(again.verificationRequestId);
  });

  it('should put the company verification off for a week', async () => {
    const trader = await s.party('cpp');
    conversion(await trader.c.post(CONVERT, COMPANY));
    const before = Date.now();
    const postponed = corporateAccountSchema.parse(ok(await trader.c.post(POSTPONE)));
    const until = Date.parse(postponed.postponedUntil!);
    expect(until - before).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(until - before).toBeLessThan(7 * 86_400_000 + 60_000);
    // Correcting the application shows the reminder again.
    expect(conversion(await trader.c.post(CONVERT, COMPANY)).corporateAccount?.postponedUntil).toBeNull();
  });

  it('should answer twenty simultaneous conversions with one account and one application', async () => {
    const trader = await s.party('cor');
    const answers = await Promise.all(Array.from({ length: 20 }, () => trader.c.post(CONVERT, COMPANY)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const ids = new Set(answers.map((a) => a.json().data.corporateAccount.verificationRequestId));
    expect(ids.size).toBe(1);
    expect(await companyRequests(trader.id)).toHaveLength(1);
    const back = await Promise.all(Array.from({ length: 20 }, () => trader.c.post(PERSONAL)));
    expect(back.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(back.filter((a) => a.statusCode === 409)).toHaveLength(19);
    expect((await me(trader)).isCorporateAccount).toBe(false);
  });
});
