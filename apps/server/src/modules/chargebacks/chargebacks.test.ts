import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  adminChargebackPageSchema,
  auditLogPageSchema,
  chargebackSchema,
  currentUserSchema,
  tradeSchema,
} from '@app/contract';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';

type Response = Awaited<ReturnType<TestClient['get']>>;

/**
 * Chargeback reports through the real HTTP stack and database: who may report what, the console's
 * exactly-once decision, and what a confirmed chargeback does to the buyer's account and the trade page.
 */
describe('chargebacks', () => {
  let t: TestApp;
  let s: ReturnType<typeof tradeScenario>;
  let seller: Party;
  let offer: string;
  const staff: Record<string, Party> = {};

  const ok = (response: Response, status = 200) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json().data;
  };
  const codeOf = (response: Response) => (response.json().errors?.[0] as { code: string } | undefined)?.code;
  const body = (hash: string, extra: Record<string, unknown> = {}) => ({
    id_hashed: hash,
    chargeback_date: '2026-01-15',
    amount: '10',
    description: 'My bank reversed the transfer after a claim by the sender.',
    ...extra,
  });
  const member = async (name: string, role: 'moderator' | 'supermod' | 'admin') => {
    staff[name] = await s.staffMember(name, role);
  };
  async function completedTrade() {
    const buyer = await s.party('cbuyer');
    const trade = await s.start(buyer, offer, '10');
    await s.markPaid(buyer, trade.id);
    ok(await seller.c.post(`/rest/v1/trade/${trade.id}/release`, {}));
    return { buyer, hash: trade.id };
  }

  beforeAll(async () => {
    t = await createTestApp();
    s = tradeScenario(t);
    seller = await s.party('cseller');
    await s.fund(seller.name, '1');
    offer = await s.sellOffer(seller);
    await member('cbmod', 'moderator');
    await member('cbsuper', 'supermod');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('should take a report only from the seller of a completed trade, once, with valid values', async () => {
    const { buyer, hash } = await completedTrade();
    const stranger = await s.party('cstranger');
    expect((await stranger.c.post('/rest/v1/user-reports/chargeback', body(hash))).statusCode).toBe(404);
    const byBuyer = await buyer.c.post('/rest/v1/user-reports/chargeback', body(hash));
    expect(byBuyer.statusCode).toBe(403);
    expect(codeOf(byBuyer)).toBe('CHARGEBACK_NOT_SELLER');
    const bad = await seller.c.post('/rest/v1/user-reports/chargeback', {
      id_hashed: hash,
      chargeback_date: '2999-01-01',
      amount: '-3',
      description: 'x'.repeat(3_000),
    });
    expect(bad.statusCode).toBe(422);
    const fields = (bad.json().errors[0].details as { field: string }[]).map((d) => d.field).sort();
    expect(fields).toEqual(['amount', 'chargeback_date', 'description']);
    const control = await seller.c.post(
      '/rest/v1/user-reports/chargeback',
      body(hash, { description: 'a\u0007b' }),
    );
    expect(control.statusCode).toBe(422);
    expect(
      (await seller.c.post('/rest/v1/user-reports/chargeback', body(hash), { csrf: false })).statusCode,
    ).toBe(403);
    const report = chargebackSchema.parse(
      ok(await seller.c.post('/rest/v1/user-reports/chargeback', body(hash)), 201),
    );
    expect(report).toMatchObject({
      tradeHash: hash,
      status: 'Pending',
      reporter: seller.name,
      accused: buyer.name,
    });
    expect(codeOf(await seller.c.post('/rest/v1/user-reports/chargeback', body(hash)))).toBe(
      'ALREADY_REPORTED',
    );
    // A trade that is still running has nothing to reverse.
    const running = await s.start(await s.party('cbuyer'), offer, '10');
    expect(codeOf(await seller.c.post('/rest/v1/user-reports/chargeback', body(running.id)))).toBe(
      'CHARGEBACK_NOT_AVAILABLE',
    );
    expect(tradeSchema.parse(ok(await seller.c.get(`/rest/v1/trade/${hash}`))).chargeback).toEqual({
      status: 'Pending',
    });
  });

  it('should let only supermods and admins handle reports; outsiders get 404', async () => {
    expect((await seller.c.get('/rest/v1/admin/chargebacks')).statusCode).toBe(404);
    expect(
      (await t.client().post('/rest/v1/admin/chargebacks/1', { status: 'Dismissed', reason: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(codeOf(await staff.cbmod!.c.get('/rest/v1/admin/chargebacks'))).toBe('FORBIDDEN_ROLE');
    const page = adminChargebackPageSchema.parse(
      ok(await staff.cbsuper!.c.get('/rest/v1/admin/chargebacks')),
    );
    expect(page.items.length).toBeGreaterThan(0);
    expect(
      (await staff.cbsuper!.c.post('/rest/v1/admin/chargebacks/999999', { status: 'Dismissed', reason: 'x' }))
        .statusCode,
    ).toBe(404);
    const wrong = await staff.cbsuper!.c.post(`/rest/v1/admin/chargebacks/${page.items[0]!.id}`, {
      status: 'Pending',
      reason: '',
    });
    expect(wrong.statusCode).toBe(422);
  });

  it('should confirm once under 20 racing decisions, restrict the buyer and leave a notice, audited', async () => {
    const { buyer, hash } = await completedTrade();
    const report = chargebackSchema.parse(
      ok(await seller.c.post('/rest/v1/user-reports/chargeback', body(hash)), 201),
    );
    const decisions = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        staff.cbsuper!.c.post(`/rest/v1/admin/chargebacks/${report.id}`, {
          status: i % 2 === 0 ? 'Confirmed' : 'Dismissed',
          reason: 'The bank confirmed the recall.',
        }),
      ),
    );
    const won = decisions.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(
      decisions.filter((r) => r.statusCode === 409).every((r) => codeOf(r) === 'CHARGEBACK_DECIDED'),
    ).toBe(true);
    const decided = chargebackSchema.parse(won[0]!.json().data);
    const me = currentUserSchema.parse(ok(await buyer.c.get('/rest/v1/users/current_user')));
    if (decided.status === 'Confirmed') {
      expect(me).toMatchObject({ accountState: 'restricted', accountNotice: 2 });
    } else {
      expect(me).toMatchObject({ accountState: 'active', accountNotice: null });
    }
    expect(tradeSchema.parse(ok(await buyer.c.get(`/rest/v1/trade/${hash}`))).chargeback).toEqual({
      status: decided.status,
    });
    const log = auditLogPageSchema.parse(
      ok(await staff.cbsuper!.c.get(`/rest/v1/admin/audit-log?targetId=${report.id}`)),
    );
    expect(log.items).toHaveLength(1);
    expect(log.items[0]).toMatchObject({ action: 'chargeback.decide', after: { status: decided.status } });
  });

  it('should confirm: the buyer is restricted with notice 2, a banned buyer stays banned', async () => {
    const { buyer, hash } = await completedTrade();
    const report = chargebackSchema.parse(
      ok(await seller.c.post('/rest/v1/user-reports/chargeback', body(hash)), 201),
    );
    await t.database.db.execute(
      sql`UPDATE users SET account_state = 'banned' WHERE username = ${buyer.name}`,
    );
    ok(
      await staff.cbsuper!.c.post(`/rest/v1/admin/chargebacks/${report.id}`, {
        status: 'Confirmed',
        reason: 'Recall confirmed.',
      }),
    );
    const [row] = (
      (await t.database.db.execute(
        sql`SELECT account_state, account_notice FROM users WHERE username = ${buyer.name}`,
      )) as unknown as { rows: { account_state: string; account_notice: number }[] }
    ).rows;
    expect(row).toEqual({ account_state: 'banned', account_notice: 2 });
  });

  it('should list one status with both parties and the trade, in cursor pages, and refuse bad input', async () => {
    const reports: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const { hash } = await completedTrade();
      reports.push(
        chargebackSchema.parse(ok(await seller.c.post('/rest/v1/user-reports/chargeback', body(hash)), 201))
          .id,
      );
    }
    const sup = staff.cbsuper!.c;
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = adminChargebackPageSchema.parse(
        ok(
          await sup.get(
            `/rest/v1/admin/chargebacks?status=Pending&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          ),
        ),
      );
      expect(page.items.length).toBeLessThanOrEqual(2);
      for (const item of page.items) {
        expect(item).toMatchObject({ status: 'Pending', reporter: seller.name });
        expect(item.accused).toMatch(/^cbuyer/);
        expect(item.tradeHash).toMatch(/\S/);
      }
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    // Oldest first, no repeats, every pending report reached.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of reports) expect(seen).toContain(id);

    const id = reports[0]!;
    const noCsrf = await sup.post(
      `/rest/v1/admin/chargebacks/${id}`,
      { status: 'Dismissed', reason: 'x' },
      { csrf: false },
    );
    expect(noCsrf.statusCode).toBe(403);
    expect(codeOf(noCsrf)).toBe('CSRF_TOKEN_MISMATCH');
    for (const reason of ['bad\u0000reason', 'x'.repeat(100_000)]) {
      const bad = await sup.post(`/rest/v1/admin/chargebacks/${id}`, { status: 'Dismissed', reason });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors[0].details[0].field).toBe('reason');
    }
    for (const query of ['status=Nope', 'cursor=abc', 'limit=1000']) {
      expect((await sup.get(`/rest/v1/admin/chargebacks?${query}`)).statusCode, query).toBe(422);
    }
    const dismissed = chargebackSchema.parse(
      ok(await sup.post(`/rest/v1/admin/chargebacks/${id}`, { status: 'Dismissed', reason: 'No proof.' })),
    );
    expect(dismissed).toMatchObject({
      status: 'Dismissed',
      decidedBy: 'cbsuper',
      decisionReason: 'No proof.',
    });
    const dismissedPage = adminChargebackPageSchema.parse(
      ok(await sup.get('/rest/v1/admin/chargebacks?status=Dismissed')),
    );
    expect(dismissedPage.items.map((i) => i.id)).toContain(id);
    expect(dismissedPage.items.every((i) => i.status === 'Dismissed')).toBe(true);
    const log = auditLogPageSchema.parse(ok(await sup.get(`/rest/v1/admin/audit-log?targetId=${id}`)));
    expect(log.items[0]).toMatchObject({
      action: 'chargeback.decide',
      before: { status: 'Pending' },
      after: { status: 'Dismissed' },
    });
  });

  it('should refuse more than 10 chargeback reports a day from one seller (429)', async () => {
    const other = await s.party('cbseller2');
    await s.fund(other.name, '1');
    const otherOffer = await s.sellOffer(other);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const buyer = await s.party('cbuyer');
      const trade = await s.start(buyer, otherOffer, '10');
      await s.markPaid(buyer, trade.id);
      ok(await other.c.post(`/rest/v1/trade/${trade.id}/release`, {}));
      const response = await other.c.post('/rest/v1/user-reports/chargeback', body(trade.id));
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(codeOf(response)).toBe('TOO_MANY_REPORTS');
    }
    expect(statuses).toEqual([...Array<number>(10).fill(201), 429]);
  }, 60_000);
});
