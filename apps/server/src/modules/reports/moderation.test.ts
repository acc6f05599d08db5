import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  adminOfferAppealPageSchema,
  adminOfferAppealSchema,
  adminReportPageSchema,
  adminReportSchema,
  auditLogPageSchema,
  myOffersListSchema,
} from '@app/contract';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { runAdminCommand } from '../../cli/commands.js';

type Response = Awaited<ReturnType<TestClient['get']>>;

/**
 * The offer-report queue and the system penalty through the real HTTP stack and database: dismiss,
 * deactivate, message the owner, penalise; what the owner sees and may do; the reset after the penalty;
 * outsiders 404, exactly once under racing moderators.
 */
describe('offer moderation', () => {
  let t: TestApp;
  let owner: TestClient;
  let mod: TestClient;
  let superMod: TestClient;
  let superMod2: TestClient;
  let admin: TestClient;
  const reporters: TestClient[] = [];

  const ok = (response: Response, status = 200) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json().data;
  };
  const codeOf = (response: Response) => (response.json().errors?.[0] as { code: string } | undefined)?.code;
  const staff = async (name: string, role: string) => {
    const created = await runAdminCommand({ db: t.database.db, config: t.config }, [
      'user:create',
      ...['--username', name, '--email', `${name}@example.com`, '--password', 'Str0ng-pass!', '--role', role],
    ]);
    expect(created.exitCode, created.output).toBe(0);
    const client = t.client();
    expect((await client.login(name)).statusCode).toBe(200);
    return client;
  };
  const createOffer = async () =>
    ok(
      await owner.post('/rest/v1/my-offers', {
        type: 'buy',
        crypto_currency_code: 'BTC',
        fiat_currency_code: 'USD',
        payment_method: 'bank-transfer',
        margin: '1',
        range_min: '10',
        range_max: '500',
        offer_terms: 'Pay me outside the platform for a better rate.',
      }),
      201,
    ).idHashed as string;
  /** Reports on the offer by `count` users (from the `first`th reporter on); the ids of the reports, oldest first. */
  const reported = async (hash: string, count = 1, first = 0) => {
    for (const reporter of reporters.slice(first, first + count)) {
      ok(await reporter.post(`/rest/v1/offers/${hash}/report`, { reason: 'outside_escrow' }), 201);
    }
    const rows = (await t.database.db.execute(
      sql`SELECT r.id FROM offer_reports r JOIN offers o ON o.id = r.offer_id WHERE o.hash = ${hash} ORDER BY r.id`,
    )) as unknown as { rows: { id: number }[] };
    return rows.rows.map((r) => r.id);
  };
  const mine = async (hash: string) =>
    myOffersListSchema
      .parse(ok(await owner.get('/rest/v1/my-offers/list')))
      .offers.find((o) => o.idHashed === hash)!;
  const act = (client: TestClient, id: number, body: Record<string, unknown>) =>
    client.post(`/rest/v1/admin/reports/${id}`, body);
  const appeal = (hash: string, text = 'The terms only describe the bank details.', client = owner) =>
    client.post(`/rest/v1/my-offers/${hash}/appeal`, { text });
  const decide = (client: TestClient, id: number, outcome: 'uphold' | 'reject', reason = 'Checked.') =>
    client.post(`/rest/v1/admin/offer-appeals/${id}/decide`, { outcome, reason });
  /** The offer rejected by `by` (deactivated, or penalised for `penaltyHours`). */
  const rejected = async (by: TestClient, penaltyHours?: number) => {
    const hash = await createOffer();
    const [id] = await reported(hash);
    ok(
      await act(by, id!, {
        action: penaltyHours ? 'penalty' : 'deactivate',
        reason: 'Asks to pay outside escrow.',
        text: 'Remove the outside-payment request.',
        penaltyHours,
      }),
    );
    return hash;
  };
  const editAndSave = async (hash: string) => {
    const editor = ok(await owner.get(`/rest/v1/my-offers/${hash}`)).body;
    return owner.put(`/rest/v1/my-offers/${hash}`, {
      ...editor,
      offer_terms: 'Platform only.',
      is_active: true,
    });
  };

  beforeAll(async () => {
    t = await createTestApp({ REPORTS_MAX_PER_DAY: '50' });
    owner = t.client();
    await owner.register('m_owner');
    for (let i = 0; i < 3; i += 1) {
      const client = t.client();
      await client.register(`m_rep${i}`);
      reporters.push(client);
    }
    mod = await staff('m_mod', 'moderator');
    superMod = await staff('m_super', 'supermod');
    superMod2 = await staff('m_super2', 'supermod');
    admin = await staff('m_admin', 'admin');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('should show open reports oldest first to moderators, and 404 to everyone else', async () => {
    const hash = await createOffer();
    const [first] = await reported(hash, 2);
    expect((await owner.get('/rest/v1/admin/reports')).statusCode).toBe(404);
    expect(
      (await t.client().post(`/rest/v1/admin/reports/${first}`, { action: 'dismiss', reason: 'x' }))
        .statusCode,
    ).toBe(404);
    const page = adminReportPageSchema.parse(ok(await mod.get('/rest/v1/admin/reports')));
    const item = page.items.find((i) => i.id === first)!;
    expect(item).toMatchObject({
      reason: 'outside_escrow',
      reporter: 'm_rep0',
      status: 'open',
      openReportsOnOffer: 2,
      offer: { hash, owner: 'm_owner', isActive: true, moderationStatus: 1, penaltyUntil: null },
    });
    const bad = await act(mod, first!, { action: 'penalty', reason: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].details[0].field).toBe('penaltyHours');
    const noText = await act(mod, first!, { action: 'message_owner', reason: 'x' });
    expect(noText.json().errors[0].details[0].field).toBe('text');
    expect((await act(mod, first!, { action: 'dismiss', reason: 'x' })).statusCode).toBe(200);
    expect(codeOf(await act(mod, first!, { action: 'dismiss', reason: 'again' }))).toBe('REPORT_HANDLED');
  });

  it('should deactivate a rejected offer until the owner edits it', async () => {
    const hash = await createOffer();
    const [id] = await reported(hash, 2);
    const done = adminReportSchema.parse(
      ok(
        await act(mod, id!, {
          action: 'deactivate',
          reason: 'Asks to pay outside escrow.',
          text: 'Remove the outside-payment request.',
        }),
      ),
    );
    expect(done).toMatchObject({ status: 'actioned', offer: { isActive: false, moderationStatus: 2 } });
    // Every open report on that offer is answered by the same action.
    const open = adminReportPageSchema.parse(ok(await mod.get('/rest/v1/admin/reports?limit=100')));
    expect(open.items.filter((i) => i.offer.hash === hash)).toEqual([]);
    expect(await mine(hash)).toMatchObject({
      isActive: false,
      moderationStatus: 2,
      moderatorNote: 'Remove the outside-payment request.',
      penalty: null,
    });
    expect(codeOf(await owner.put(`/rest/v1/my-offers/${hash}/status`, { new_status: true }))).toBe(
      'OFFER_REJECTED_BY_MODERATOR',
    );
    const editor = ok(await owner.get(`/rest/v1/my-offers/${hash}`)).body;
    ok(
      await owner.put(`/rest/v1/my-offers/${hash}`, {
        ...editor,
        offer_terms: 'Pay through the platform only.',
        is_active: true,
      }),
    );
    expect(await mine(hash)).toMatchObject({ isActive: true, moderationStatus: 1 });
  });

  it('should cancel an offer by system penalty, refuse it with the spec code, and reset only after the time', async () => {
    const hash = await createOffer();
    const [id] = await reported(hash);
    ok(await act(superMod, id!, { action: 'penalty', reason: 'Repeated scam reports.', penaltyHours: 2 }));
    const offer = await mine(hash);
    expect(offer).toMatchObject({ isActive: false, moderationStatus: 2, penalty: { resettable: false } });
    expect(codeOf(await owner.put(`/rest/v1/my-offers/${hash}/status`, { new_status: true }))).toBe(
      'offer_has_cancelled_by_system_penalty',
    );
    const editor = ok(await owner.get(`/rest/v1/my-offers/${hash}`)).body;
    expect(codeOf(await owner.put(`/rest/v1/my-offers/${hash}`, { ...editor, is_active: true }))).toBe(
      'offer_has_cancelled_by_system_penalty',
    );
    ok(await owner.post('/offer-manager/toggle-all-offers-state', { new_status: true }));
    expect((await mine(hash)).isActive).toBe(false);
    // Not yet; a stranger cannot; then the time passes.
    expect(codeOf(await owner.put(`/rest/v1/my-offers/${hash}/reset-penalty`))).toBe(
      'offer_has_cancelled_by_system_penalty',
    );
    expect((await reporters[0]!.put(`/rest/v1/my-offers/${hash}/reset-penalty`)).statusCode).toBe(404);
    await t.database.db.execute(
      sql`UPDATE offers SET penalty_until = now() - interval '1 minute' WHERE hash = ${hash}`,
    );
    expect((await mine(hash)).penalty).toMatchObject({ resettable: true });
    ok(await owner.put(`/rest/v1/my-offers/${hash}/reset-penalty`));
    expect(await mine(hash)).toMatchObject({ isActive: false, moderationStatus: 1, penalty: null });
    expect(codeOf(await owner.put(`/rest/v1/my-offers/${hash}/reset-penalty`))).toBe('OFFER_HAS_NO_PENALTY');
    ok(await owner.put(`/rest/v1/my-offers/${hash}/status`, { new_status: true }));
    const log = auditLogPageSchema.parse(ok(await superMod.get(`/rest/v1/admin/audit-log?targetId=${hash}`)));
    expect(log.items[0]).toMatchObject({
      action: 'report.penalty',
      actor: 'm_super',
      before: { isActive: true },
    });
  });

  it('should handle a report once when 20 moderators act on it at once', async () => {
    const hash = await createOffer();
    const [id] = await reported(hash);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        act(i % 2 ? mod : superMod, id!, { action: i % 3 ? 'dismiss' : 'deactivate', reason: `r${i}` }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
  });
  it('should message the owner without touching the offer, and filter the queue by status', async () => {
    const hash = await createOffer();
    const [first, second] = await reported(hash, 2);
    const done = adminReportSchema.parse(
      ok(
        await act(mod, first!, {
          action: 'message_owner',
          reason: 'Terms ask for payment outside escrow.',
          text: 'Please remove the outside-payment request from your terms.',
        }),
      ),
    );
    expect(done).toMatchObject({ status: 'actioned', offer: { isActive: true, moderationStatus: 1 } });
    expect(await mine(hash)).toMatchObject({
      isActive: true,
      moderationStatus: 1,
      moderatorNote: 'Please remove the outside-payment request from your terms.',
      penalty: null,
    });
    // The message answered the other open report on the offer too.
    expect(codeOf(await act(mod, second!, { action: 'dismiss', reason: 'late' }))).toBe('REPORT_HANDLED');
    const actioned = adminReportPageSchema.parse(
      ok(await mod.get('/rest/v1/admin/reports?status=actioned&limit=100')),
    );
    expect(actioned.items.map((i) => i.id)).toEqual(expect.arrayContaining([first, second]));
    expect(actioned.items.every((i) => i.status === 'actioned')).toBe(true);
    const open = adminReportPageSchema.parse(
      ok(await mod.get('/rest/v1/admin/reports?status=open&limit=100')),
    );
    expect(open.items.every((i) => i.status === 'open')).toBe(true);
    const dismissed = adminReportPageSchema.parse(
      ok(await mod.get('/rest/v1/admin/reports?status=dismissed&limit=100')),
    );
    expect(dismissed.items.every((i) => i.status === 'dismissed')).toBe(true);
    for (const query of ['status=closed', 'cursor=-1', 'limit=0']) {
      expect((await mod.get(`/rest/v1/admin/reports?${query}`)).statusCode, query).toBe(422);
    }
  });

  it('should refuse a missing CSRF token (403) and control characters or huge strings (422 on the field)', async () => {
    const hash = await createOffer();
    const [id] = await reported(hash);
    const noCsrf = await mod.post(
      `/rest/v1/admin/reports/${id}`,
      { action: 'dismiss', reason: 'x' },
      { csrf: false },
    );
    expect(noCsrf.statusCode).toBe(403);
    expect(codeOf(noCsrf)).toBe('CSRF_TOKEN_MISMATCH');
    const bad: [Record<string, unknown>, string][] = [
      [{ action: 'dismiss', reason: 'a\u0000b' }, 'reason'],
      [{ action: 'dismiss', reason: 'x'.repeat(100_000) }, 'reason'],
      [{ action: 'message_owner', reason: 'x', text: 'hi\u001bthere' }, 'text'],
      [{ action: 'message_owner', reason: 'x', text: 'x'.repeat(100_000) }, 'text'],
      [{ action: 'penalty', reason: 'x', penaltyHours: 0 }, 'penaltyHours'],
      [{ action: 'penalty', reason: 'x', penaltyHours: 'soon' }, 'penaltyHours'],
      [{ action: 'delete', reason: 'x' }, 'action'],
    ];
    for (const [body, field] of bad) {
      const response = await act(mod, id!, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(response.json().errors[0].details[0].field).toBe(field);
    }
    expect((await act(mod, 999_999, { action: 'dismiss', reason: 'x' })).statusCode).toBe(404);
    const reset = await owner.put(`/rest/v1/my-offers/${hash}/reset-penalty`, {}, { csrf: false });
    expect(reset.statusCode).toBe(403);
    // Nothing happened to the report.
    expect(adminReportSchema.parse(ok(await act(mod, id!, { action: 'dismiss', reason: 'ok' }))).status).toBe(
      'dismissed',
    );
  });

  it('should let the owner appeal a rejection once, and a second moderator uphold it: approved, penalty lifted', async () => {
    const hash = await rejected(superMod, 48);
    expect((await appeal(hash, 'x', reporters[0])).statusCode).toBe(404);
    for (const [text, why] of [
      ['', 'empty'],
      ['a\u0000b', 'NUL'],
      ['x'.repeat(100_000), 'huge'],
    ]) {
      const refused = await appeal(hash, text);
      expect(refused.statusCode, why).toBe(422);
      expect(refused.json().errors[0].details[0].field).toBe('text');
    }
    expect(
      (await owner.post(`/rest/v1/my-offers/${hash}/appeal`, { text: 'x' }, { csrf: false })).statusCode,
    ).toBe(403);
    // Twenty appeals at once: one is taken, under the offer's row lock.
    const racing = await Promise.all(Array.from({ length: 20 }, () => appeal(hash)));
    expect(racing.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(racing.filter((r) => codeOf(r) === 'ALREADY_APPEALED')).toHaveLength(19);
    expect(await mine(hash)).toMatchObject({
      moderationStatus: 4,
      penalty: { resettable: false },
      appeal: { status: 'appealed', text: 'The terms only describe the bank details.', decisionReason: null },
    });
    expect(codeOf(await owner.put(`/rest/v1/my-offers/${hash}/status`, { new_status: true }))).toBe(
      'offer_has_cancelled_by_system_penalty',
    );

    expect((await owner.get('/rest/v1/admin/offer-appeals')).statusCode).toBe(404);
    expect(codeOf(await mod.get('/rest/v1/admin/offer-appeals'))).toBe('FORBIDDEN_ROLE');
    const waiting = adminOfferAppealPageSchema.parse(
      ok(await superMod2.get('/rest/v1/admin/offer-appeals?limit=100')),
    );
    const item = waiting.items.find((i) => i.offer.hash === hash)!;
    expect(item).toMatchObject({
      status: 'appealed',
      owner: 'm_owner',
      rejection: { moderator: 'm_super', note: 'Remove the outside-payment request.' },
      offer: { moderationStatus: 4, isActive: false },
      decidedBy: null,
    });
    expect(codeOf(await decide(superMod, item.id, 'uphold'))).toBe('APPEAL_SAME_MODERATOR');
    expect(codeOf(await decide(mod, item.id, 'uphold'))).toBe('FORBIDDEN_ROLE');
    expect((await decide(owner, item.id, 'uphold')).statusCode).toBe(404);

    const decisions = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        decide(i % 2 ? superMod2 : admin, item.id, 'uphold', 'The terms were fine.'),
      ),
    );
    expect(decisions.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(decisions.filter((r) => codeOf(r) === 'APPEAL_DECIDED')).toHaveLength(19);
    const decided = adminOfferAppealSchema.parse(decisions.find((r) => r.statusCode === 200)!.json().data);
    expect(decided).toMatchObject({ status: 'upheld', decisionReason: 'The terms were fine.' });
    expect(await mine(hash)).toMatchObject({
      isActive: false,
      moderationStatus: 1,
      penalty: null,
      moderatorNote: 'The terms were fine.',
      appeal: { status: 'upheld', decisionReason: 'The terms were fine.' },
    });
    ok(await owner.put(`/rest/v1/my-offers/${hash}/status`, { new_status: true }));
    const log = auditLogPageSchema.parse(ok(await admin.get(`/rest/v1/admin/audit-log?targetId=${hash}`)));
    expect(log.items[0]).toMatchObject({
      action: 'offer_appeal.uphold',
      before: { moderationStatus: 4, isActive: false },
      after: { moderationStatus: 1, penaltyUntil: null },
    });
  });

  it('should turn an appeal down (3, no appeal) until an edit; an edit or a new rejection withdraws a waiting appeal', async () => {
    const hash = await rejected(mod);
    expect(codeOf(await appeal(await createOffer()))).toBe('OFFER_NOT_REJECTED');
    ok(await appeal(hash), 201);
    const [first] = adminOfferAppealPageSchema
      .parse(ok(await superMod.get('/rest/v1/admin/offer-appeals?limit=100')))
      .items.filter((i) => i.offer.hash === hash);
    ok(await decide(superMod, first!.id, 'reject', 'The terms ask for payment outside escrow.'));
    expect(await mine(hash)).toMatchObject({
      moderationStatus: 3,
      appeal: { status: 'rejected', decisionReason: 'The terms ask for payment outside escrow.' },
    });
    expect(codeOf(await appeal(hash))).toBe('APPEAL_NOT_AVAILABLE');
    expect(codeOf(await owner.put(`/rest/v1/my-offers/${hash}/status`, { new_status: true }))).toBe(
      'OFFER_REJECTED_BY_MODERATOR',
    );
    ok(await editAndSave(hash));
    expect(await mine(hash)).toMatchObject({ isActive: true, moderationStatus: 1 });
    expect(codeOf(await appeal(hash))).toBe('OFFER_NOT_REJECTED');

    // Rejected again and appealed; a moderator's new rejection replaces the decision appealed against.
    const [, second] = await reported(hash, 1, 1);
    ok(await act(mod, second!, { action: 'deactivate', reason: 'Reported again.' }));
    ok(await appeal(hash), 201);
    const [, , third] = await reported(hash, 1, 2);
    ok(await act(superMod2, third!, { action: 'deactivate', reason: 'And again.' }));
    expect(await mine(hash)).toMatchObject({ moderationStatus: 2, appeal: { status: 'withdrawn' } });
    const withdrawn = adminOfferAppealPageSchema
      .parse(ok(await superMod.get('/rest/v1/admin/offer-appeals?status=withdrawn&limit=100')))
      .items.find((i) => i.offer.hash === hash)!;
    expect(withdrawn).toMatchObject({ status: 'withdrawn', decidedBy: 'm_super2' });
    expect(codeOf(await decide(superMod, withdrawn.id, 'uphold'))).toBe('APPEAL_DECIDED');
    // Appealed once more, then the owner fixes the offer instead: the appeal is withdrawn.
    ok(await appeal(hash), 201);
    ok(await editAndSave(hash));
    expect(await mine(hash)).toMatchObject({ moderationStatus: 1, appeal: { status: 'withdrawn' } });
    const waiting = adminOfferAppealPageSchema.parse(
      ok(await superMod.get('/rest/v1/admin/offer-appeals?limit=100')),
    );
    expect(waiting.items.filter((i) => i.offer.hash === hash)).toEqual([]);
  });

  it('should refuse bad decisions and queries (422 on the field), a missing CSRF token (403) and unknown appeals (404)', async () => {
    const hash = await rejected(mod);
    ok(await appeal(hash), 201);
    const { id } = adminOfferAppealPageSchema
      .parse(ok(await superMod.get('/rest/v1/admin/offer-appeals?limit=100')))
      .items.find((i) => i.offer.hash === hash)!;
    const bad: [Record<string, unknown>, string][] = [
      [{ outcome: 'approve', reason: 'x' }, 'outcome'],
      [{ outcome: 'uphold', reason: '' }, 'reason'],
      [{ outcome: 'uphold', reason: 'a\u0007b' }, 'reason'],
      [{ outcome: 'uphold', reason: 'x'.repeat(100_000) }, 'reason'],
    ];
    for (const [body, field] of bad) {
      const response = await superMod.post(`/rest/v1/admin/offer-appeals/${id}/decide`, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect(response.json().errors[0].details[0].field).toBe(field);
    }
    const noCsrf = await superMod.post(
      `/rest/v1/admin/offer-appeals/${id}/decide`,
      { outcome: 'reject', reason: 'x' },
      { csrf: false },
    );
    expect(codeOf(noCsrf)).toBe('CSRF_TOKEN_MISMATCH');
    expect((await decide(superMod, 999_999, 'reject')).statusCode).toBe(404);
    for (const query of ['status=open', 'cursor=0', 'limit=101']) {
      expect((await superMod.get(`/rest/v1/admin/offer-appeals?${query}`)).statusCode, query).toBe(422);
    }
    const snake = await superMod.get('/rest/v1/admin/offer-appeals?case=snake&limit=100');
    expect(snake.json().data.items[0]).toHaveProperty('created_at');
    // Nothing was decided by the refused calls.
    expect((await mine(hash)).moderationStatus).toBe(4);
  });
});
