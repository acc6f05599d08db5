import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  adminDisputeDetailSchema,
  adminDisputePageSchema,
  adminDisputeSchema,
  auditLogPageSchema,
  parseAmount,
  tradeSchema,
} from '@app/contract';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';
import { checkLedger, createLedger } from '../ledger/index.js';

type Response = Awaited<ReturnType<TestClient['get']>>;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The moderators' side of a dispute through the real HTTP stack and database: the queue, exclusive taking
 * and takeover, the moderator in the chat, evidence requests, each award with balances to the unit, and
 * every refusal (outsiders 404, a party 403, a lower role 403, no CSRF 403, bad input 422).
 */
describe('disputes console', () => {
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
  const units = (amount: string) => {
    const parsed = parseAmount(amount, 8);
    if (!parsed.ok) throw new Error(`not a BTC amount: ${amount}`);
    return parsed.units;
  };
  const available = async (userId: number) =>
    (await createLedger(t.database.db).balancesOf(userId)).get('BTC')?.available ?? 0n;
  const fees = async () => {
    const [row] = rowsOf<{ balance: string }>(
      await t.database.db.execute(
        sql`SELECT balance::text AS balance FROM ledger_accounts WHERE kind = 'fees' AND crypto_code = 'BTC'`,
      ),
    );
    return BigInt(row?.balance ?? '0');
  };
  const ledgerOk = async () => {
    const report = await checkLedger(t.database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
  };
  const member = async (name: string, role: 'moderator' | 'supermod' | 'admin') => {
    staff[name] = await s.staffMember(name, role);
  };
  const disputed = (amount = '10') => s.disputedTrade(seller, offer, amount);
  const take = (who: string, hash: string, body: Record<string, unknown> = {}) =>
    staff[who]!.c.post(`/rest/v1/admin/disputes/${hash}/assign`, body);
  const award = (who: string, hash: string, winner: string, reason = `Decided for the ${winner}.`) =>
    staff[who]!.c.post(`/rest/v1/admin/disputes/${hash}/award`, { winner, reason });

  beforeAll(async () => {
    t = await createTestApp({ TRADE_DISPUTE_AFTER_PAID_MINUTES: '0' });
    s = tradeScenario(t);
    seller = await s.party('dseller');
    await s.fund(seller.name, '1');
    offer = await s.sellOffer(seller);
    await member('dmod', 'moderator');
    await member('dmod2', 'moderator');
    await member('dsuper', 'supermod');
  }, 120_000);
  afterAll(async () => {
    await ledgerOk();
    await t?.close();
  });

  it('should list an open dispute with both parties, the reason and no holder; refuse outsiders with 404', async () => {
    const { buyer, trade } = await disputed();
    const page = adminDisputePageSchema.parse(ok(await staff.dmod!.c.get('/rest/v1/admin/disputes')));
    const item = page.items.find((i) => i.tradeHash === trade.id);
    expect(item).toMatchObject({
      tradeStatus: 'dispute_open',
      buyer: { username: buyer.name, accountState: 'active' },
      seller: { username: seller.name },
      reasonId: 2,
      reasonSlug: 'buyer_payment_issue',
      reasonText: 'Paid from my own account.',
      openedBy: 'buyer',
      assignee: null,
      decision: null,
    });
    expect(item!.escrowAmount).toMatch(/^0\.\d+$/);
    // Outsiders: the same 404 as a path that does not exist, on every console call.
    for (const client of [buyer.c, t.client()]) {
      expect((await client.get('/rest/v1/admin/disputes')).statusCode).toBe(404);
      expect((await client.get(`/rest/v1/admin/disputes/${trade.id}`)).statusCode).toBe(404);
      expect((await client.post(`/rest/v1/admin/disputes/${trade.id}/assign`, {})).statusCode).toBe(404);
      const awarded = await client.post(`/rest/v1/admin/disputes/${trade.id}/award`, {
        winner: 'buyer',
        reason: 'x',
      });
      expect(awarded.statusCode).toBe(404);
    }
    // Staff without a CSRF token: refused like every write.
    const noCsrf = await staff.dmod!.c.post(
      `/rest/v1/admin/disputes/${trade.id}/assign`,
      {},
      { csrf: false },
    );
    expect(noCsrf.statusCode).toBe(403);
    expect((await staff.dmod!.c.get('/rest/v1/admin/disputes/UnknownTrade01')).statusCode).toBe(404);
    expect((await staff.dmod!.c.get('/rest/v1/admin/disputes?status=nope')).statusCode).toBe(422);
  });

  it('should let one moderator take a dispute, tell the chat, and refuse another without a takeover', async () => {
    const { buyer, trade } = await disputed();
    // Before taking it, a moderator may read the chat but not write, and may not award.
    expect(codeOf(await award('dmod', trade.id, 'buyer'))).toBe('DISPUTE_NOT_YOURS');
    const blocked = await staff.dmod!.c.post(`/rest/v1/trade/${trade.id}/messages`, { text: 'hi' });
    expect(blocked.statusCode).toBe(400);
    const taken = adminDisputeSchema.parse(ok(await take('dmod', trade.id)));
    expect(taken.assignee?.username).toBe('dmod');
    // Taking again is a no-op; another moderator is refused with the holder's name.
    expect(adminDisputeSchema.parse(ok(await take('dmod', trade.id))).assignee?.username).toBe('dmod');
    const second = await take('dmod2', trade.id);
    expect(second.statusCode).toBe(409);
    expect(codeOf(second)).toBe('DISPUTE_ASSIGNED');
    expect(second.body).toContain('dmod');
    // The parties see a moderator arrive, and who it is on the trade page.
    const messages = ok(await buyer.c.get(`/rest/v1/trade/${trade.id}/messages`)).messages as {
      system: { event: string } | null;
    }[];
    expect(messages.filter((m) => m.system?.event === 'moderator_available')).toHaveLength(1);
    expect(tradeSchema.parse(ok(await buyer.c.get(`/rest/v1/trade/${trade.id}`))).dispute.moderator).toBe(
      'dmod',
    );
    // The holder writes in the chat as the moderator, from the console (the parties' route is theirs).
    const posted = ok(
      await staff.dmod!.c.post(`/rest/v1/admin/disputes/${trade.id}/messages`, { text: 'Send the receipt.' }),
      201,
    );
    expect(posted.author).toEqual({ username: 'dmod', role: 'moderator' });
    expect(
      codeOf(await staff.dmod!.c.post(`/rest/v1/trade/${trade.id}/messages`, { text: 'Send the receipt.' })),
    ).toBe('TRADE_FORBIDDEN_ACTION');
    // The queue shows it under assigned, not open.
    const open = adminDisputePageSchema.parse(
      ok(await staff.dmod2!.c.get('/rest/v1/admin/disputes?status=open')),
    );
    expect(open.items.map((i) => i.tradeHash)).not.toContain(trade.id);
    const assigned = adminDisputePageSchema.parse(
      ok(await staff.dmod2!.c.get('/rest/v1/admin/disputes?status=assigned')),
    );
    expect(assigned.items.find((i) => i.tradeHash === trade.id)?.assignee?.username).toBe('dmod');
    // A takeover moves it, audited with before and after.
    const over = adminDisputeSchema.parse(
      ok(await take('dmod2', trade.id, { takeover: true, reason: 'dmod is off today' })),
    );
    expect(over.assignee?.username).toBe('dmod2');
    const log = auditLogPageSchema.parse(
      ok(await staff.dsuper!.c.get(`/rest/v1/admin/audit-log?targetId=${trade.id}`)),
    );
    expect(log.items.map((e) => e.action)).toEqual(['dispute.takeover', 'dispute.message', 'dispute.take']);
    expect(log.items[0]).toMatchObject({
      actor: 'dmod2',
      before: { assignee: 'dmod' },
      after: { assignee: 'dmod2' },
    });
  });

  it('should let the holder leave a dispute: back in the queue, the chat says no moderator is available', async () => {
    const { buyer, trade } = await disputed();
    const leave = (who: string) => staff[who]!.c.post(`/rest/v1/admin/disputes/${trade.id}/release`, {});
    expect(codeOf(await leave('dmod'))).toBe('DISPUTE_NOT_HELD');
    ok(await take('dmod', trade.id));
    expect(codeOf(await leave('dmod2'))).toBe('DISPUTE_NOT_YOURS');
    expect(adminDisputeSchema.parse(ok(await leave('dmod'))).assignee).toBeNull();
    const open = adminDisputePageSchema.parse(
      ok(await staff.dmod2!.c.get('/rest/v1/admin/disputes?status=open&limit=100')),
    );
    expect(open.items.map((i) => i.tradeHash)).toContain(trade.id);
    const messages = ok(await buyer.c.get(`/rest/v1/trade/${trade.id}/messages`)).messages as {
      system: { event: string } | null;
    }[];
    expect(messages.at(-1)?.system?.event).toBe('moderator_not_available');
    expect(
      tradeSchema.parse(ok(await buyer.c.get(`/rest/v1/trade/${trade.id}`))).dispute.moderator,
    ).toBeNull();
    // The former holder no longer writes in its chat.
    expect(
      (await staff.dmod!.c.post(`/rest/v1/trade/${trade.id}/messages`, { text: 'still here?' })).statusCode,
    ).toBe(400);
  });

  it('should ask a party for evidence in the chat, and show the whole chat in the dispute view', async () => {
    const { buyer, trade } = await disputed();
    ok(await take('dmod', trade.id));
    const bad = await staff.dmod!.c.post(`/rest/v1/admin/disputes/${trade.id}/evidence-request`, {
      party: 'nobody',
      text: 'x'.repeat(2_000),
    });
    expect(bad.statusCode).toBe(422);
    const fields = (bad.json().errors[0].details as { field: string }[]).map((d) => d.field).sort();
    expect(fields).toEqual(['party', 'text']);
    const control = await staff.dmod!.c.post(`/rest/v1/admin/disputes/${trade.id}/evidence-request`, {
      party: 'buyer',
      text: 'bad\u0000text',
    });
    expect(control.statusCode).toBe(422);
    ok(
      await staff.dmod!.c.post(`/rest/v1/admin/disputes/${trade.id}/evidence-request`, {
        party: 'buyer',
        text: 'Upload the bank statement showing the transfer.',
      }),
    );
    const messages = ok(await buyer.c.get(`/rest/v1/trade/${trade.id}/messages`)).messages as {
      text: string;
      system: { event: string } | null;
    }[];
    expect(messages.at(-1)).toMatchObject({
      text: 'Upload the bank statement showing the transfer.',
      system: { event: 'evidence_requested_buyer' },
    });
    const detail = adminDisputeDetailSchema.parse(
      ok(await staff.dmod2!.c.get(`/rest/v1/admin/disputes/${trade.id}`)),
    );
    expect(detail.messages.map((m) => m.system?.event ?? m.kind)).toEqual([
      'trade_started',
      'status_changed',
      'dispute_opened',
      'moderator_available',
      'evidence_requested_buyer',
    ]);
    expect(detail.offerTerms).toBe('Pay from your own account.');
    // Only the holder (or who may reassign) asks; another moderator is refused.
    const other = await staff.dmod2!.c.post(`/rest/v1/admin/disputes/${trade.id}/evidence-request`, {
      party: 'seller',
      text: 'Anything?',
    });
    expect(codeOf(other)).toBe('DISPUTE_NOT_YOURS');
  });

  it('should award to the buyer: escrow released less the fee, fee to the platform, reason in the chat', async () => {
    const { buyer, trade } = await disputed('20');
    ok(await take('dmod', trade.id));
    const [sellerBefore, buyerBefore, feesBefore] = [
      await available(seller.id),
      await available(buyer.id),
      await fees(),
    ];
    const missing = await staff.dmod!.c.post(`/rest/v1/admin/disputes/${trade.id}/award`, {
      winner: 'buyer',
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors[0].details[0].field).toBe('reason');
    const decided = adminDisputeSchema.parse(
      ok(await award('dmod', trade.id, 'buyer', 'The bank statement shows the transfer.')),
    );
    expect(decided).toMatchObject({
      tradeStatus: 'dispute_won_buyer',
      decision: { outcome: 'buyer', moderator: 'dmod', reason: 'The bank statement shows the transfer.' },
    });
    expect((await available(buyer.id)) - buyerBefore).toBe(units(trade.buyerReceives));
    expect(await available(seller.id)).toBe(sellerBefore);
    expect((await fees()) - feesBefore).toBe(units(trade.escrowAmount) - units(trade.buyerReceives));
    const view = tradeSchema.parse(ok(await buyer.c.get(`/rest/v1/trade/${trade.id}`)));
    expect(view.dispute.decision).toMatchObject({
      outcome: 'buyer',
      reason: 'The bank statement shows the transfer.',
    });
    // Decided: a second award, a take, an evidence request are refused; the decided tab lists it.
    expect(codeOf(await award('dsuper', trade.id, 'seller'))).toBe('DISPUTE_DECIDED');
    expect(codeOf(await take('dmod2', trade.id))).toBe('DISPUTE_DECIDED');
    const done = adminDisputePageSchema.parse(
      ok(await staff.dmod!.c.get('/rest/v1/admin/disputes?status=decided')),
    );
    expect(done.items[0]?.tradeHash).toBe(trade.id);
    const log = auditLogPageSchema.parse(
      ok(await staff.dsuper!.c.get(`/rest/v1/admin/audit-log?targetId=${trade.id}&action=dispute.award`)),
    );
    expect(log.items[0]).toMatchObject({
      actor: 'dmod',
      after: { status: 'dispute_won_buyer', winner: 'buyer' },
    });
    await ledgerOk();
  });

  it('should award to the seller: the whole escrow back, no fee; a supermod may decide without holding it', async () => {
    const { buyer, trade } = await disputed('15');
    const sellerBefore = await available(seller.id);
    const feesBefore = await fees();
    const decided = adminDisputeSchema.parse(
      ok(await award('dsuper', trade.id, 'seller', 'No payment arrived.')),
    );
    expect(decided.tradeStatus).toBe('dispute_won_seller');
    expect((await available(seller.id)) - sellerBefore).toBe(units(trade.escrowAmount));
    expect(await available(buyer.id)).toBe(0n);
    expect(await fees()).toBe(feesBefore);
    await ledgerOk();
  });

  it('should never let a party of the trade hold or decide its dispute', async () => {
    await member('dmodtrader', 'moderator');
    const trader = staff.dmodtrader!;
    const trade = await s.start(trader, offer, '10');
    await s.markPaid(trader, trade.id);
    await t.database.db.execute(
      sql`UPDATE trades SET dispute_available_at = now() - interval '1 minute' WHERE hash = ${trade.id}`,
    );
    await s.openDispute(trader, trade.id);
    expect(codeOf(await take('dmodtrader', trade.id))).toBe('DISPUTE_OWN_TRADE');
    expect(codeOf(await award('dmodtrader', trade.id, 'buyer'))).toBe('DISPUTE_OWN_TRADE');
    // Nor be given it.
    expect(codeOf(await take('dsuper', trade.id, { username: 'dmodtrader' }))).toBe('DISPUTE_OWN_TRADE');
    // A moderator may not hand disputes out (supermod and admin may); unknown names are field errors.
    expect(codeOf(await take('dmod', trade.id, { username: 'dmod2' }))).toBe('FORBIDDEN_ROLE');
    const unknown = await take('dsuper', trade.id, { username: 'nobody_here' });
    expect(unknown.statusCode).toBe(422);
    expect(
      adminDisputeSchema.parse(ok(await take('dsuper', trade.id, { username: 'dmod2' }))).assignee?.username,
    ).toBe('dmod2');
  });

  it('should give one holder when 20 moderators take the same dispute at once', async () => {
    const { trade } = await disputed();
    const names = Array.from({ length: 20 }, (_, i) => `drace${i}`);
    for (const name of names) await member(name, 'moderator');
    const results = await Promise.all(names.map((name) => take(name, trade.id)));
    const winners = results.filter((r) => r.statusCode === 200);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409).length).toBe(19);
    const holder = adminDisputeSchema.parse(winners[0]!.json().data).assignee?.username;
    const [count] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM trade_messages m JOIN trades t ON t.id = m.trade_id
          WHERE t.hash = ${trade.id} AND m.system_event = 'moderator_available'`,
      ),
    );
    expect(count!.n).toBe(1);
    expect(names).toContain(holder);
  }, 120_000);
});
