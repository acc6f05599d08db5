import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  adminAppealPageSchema,
  adminAppealSchema,
  currentUserSchema,
  formatBaseUnitsTrimmed,
  parseAmount,
  tradeSchema,
} from '@app/contract';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';
import { runAdminCommand } from '../../cli/commands.js';
import { checkLedger, createLedger } from '../ledger/index.js';

type Response = Awaited<ReturnType<TestClient['get']>>;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Appeals through the real HTTP stack and database (FEATURES=disputeAppeal): who may appeal and when, a
 * second moderator's decision, the reversal through the ledger with balances to the unit (from the award's
 * hold, decision 0048; award-hold.test.ts covers the hold itself), and, for an award made before holds
 * existed, the shortfall when the first winner no longer has it.
 */
describe('dispute appeals', () => {
  let t: TestApp;
  let s: ReturnType<typeof tradeScenario>;
  let seller: Party;
  let offer: string;
  const staff: Record<string, TestClient> = {};

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
  const held = async (userId: number) =>
    (await createLedger(t.database.db).balancesOf(userId)).get('BTC')?.held ?? 0n;
  const fees = async () =>
    BigInt(
      rowsOf<{ balance: string }>(
        await t.database.db.execute(
          sql`SELECT balance::text AS balance FROM ledger_accounts WHERE kind = 'fees' AND crypto_code = 'BTC'`,
        ),
      )[0]?.balance ?? '0',
    );
  const member = async (name: string, role: 'moderator' | 'supermod' | 'admin') => {
    staff[name] = (await s.staffMember(name, role)).c;
  };
  /** A 20 USD dispute decided for `winner` by the supermod `asuper`. */
  async function decided(winner: 'buyer' | 'seller') {
    const { buyer, trade } = await s.disputedTrade(seller, offer, '20');
    ok(
      await staff.asuper!.post(`/rest/v1/admin/disputes/${trade.id}/award`, {
        winner,
        reason: `For the ${winner}.`,
      }),
    );
    return { buyer, trade };
  }
  const appealIdOf = async (hash: string) =>
    rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`SELECT a.id FROM dispute_appeals a JOIN trades t ON t.id = a.trade_id WHERE t.hash = ${hash}`,
      ),
    )[0]!.id;

  beforeAll(async () => {
    t = await createTestApp({
      FEATURES: 'disputeAppeal',
      TRADE_APPEAL_WINDOW_HOURS: '48',
      TRADE_DISPUTE_AFTER_PAID_MINUTES: '0',
    });
    s = tradeScenario(t);
    seller = await s.party('aseller');
    await s.fund(seller.name, '1');
    offer = await s.sellOffer(seller);
    await member('asuper', 'supermod');
    await member('asuper2', 'supermod');
    await member('amod', 'moderator');
  }, 120_000);
  afterAll(async () => {
    const report = await checkLedger(t.database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
    await t?.close();
  });

  it('should let only the losing party appeal, once, within the window', async () => {
    const { buyer, trade } = await decided('buyer');
    const sellerView = tradeSchema.parse(ok(await seller.c.get(`/rest/v1/trade/${trade.id}`)));
    expect(sellerView.dispute.appeal).toMatchObject({ status: 'available', outcome: null });
    expect(sellerView.dispute.appeal.closesAt).not.toBeNull();
    expect(tradeSchema.parse(ok(await buyer.c.get(`/rest/v1/trade/${trade.id}`))).dispute.appeal.status).toBe(
      'not_available',
    );
    expect(codeOf(await buyer.c.post(`/rest/v1/trade/${trade.id}/appeal`, { reason: 'I won' }))).toBe(
      'APPEAL_NOT_AVAILABLE',
    );
    expect((await t.client().post(`/rest/v1/trade/${trade.id}/appeal`, { reason: 'x' })).statusCode).toBe(
      401,
    );
    const stranger = await s.party('astranger');
    expect((await stranger.c.post(`/rest/v1/trade/${trade.id}/appeal`, { reason: 'x' })).statusCode).toBe(
      404,
    );
    expect((await seller.c.post(`/rest/v1/trade/${trade.id}/appeal`, { reason: ' ' })).statusCode).toBe(422);
    const appealed = tradeSchema.parse(
      ok(await seller.c.post(`/rest/v1/trade/${trade.id}/appeal`, { reason: 'The payment never arrived.' })),
    );
    expect(appealed.dispute.appeal).toMatchObject({ status: 'appealed', outcome: 'appealed' });
    expect(codeOf(await seller.c.post(`/rest/v1/trade/${trade.id}/appeal`, { reason: 'again' }))).toBe(
      'ALREADY_APPEALED',
    );
    // The window: past it, the other decision cannot be appealed (the award's hold carries its date).
    const late = await decided('seller');
    await t.database.db.execute(
      sql`UPDATE trade_disputes SET resolved_at = now() - interval '49 hours'
        WHERE trade_id = (SELECT id FROM trades WHERE hash = ${late.trade.id})`,
    );
    await t.database.db.execute(
      sql`UPDATE ledger_holds SET release_at = now() - interval '1 hour' WHERE reference = ${late.trade.id}`,
    );
    expect(
      tradeSchema.parse(ok(await late.buyer.c.get(`/rest/v1/trade/${late.trade.id}`))).dispute.appeal.status,
    ).toBe('expired');
    expect(
      codeOf(await late.buyer.c.post(`/rest/v1/trade/${late.trade.id}/appeal`, { reason: 'late' })),
    ).toBe('APPEAL_EXPIRED');
  });

  it('should be decided by a second supermod, never the first decider, a moderator or a party', async () => {
    const { trade } = await decided('buyer');
    ok(await seller.c.post(`/rest/v1/trade/${trade.id}/appeal`, { reason: 'No payment came.' }));
    const id = await appealIdOf(trade.id);
    expect((await seller.c.get('/rest/v1/admin/appeals')).statusCode).toBe(404);
    expect(codeOf(await staff.amod!.get('/rest/v1/admin/appeals'))).toBe('FORBIDDEN_ROLE');
    expect(
      codeOf(
        await staff.asuper!.post(`/rest/v1/admin/appeals/${id}/decide`, { outcome: 'reject', reason: 'x' }),
      ),
    ).toBe('APPEAL_SAME_MODERATOR');
    const page = adminAppealPageSchema.parse(ok(await staff.asuper2!.get('/rest/v1/admin/appeals')));
    expect(page.items.find((a) => a.id === id)).toMatchObject({
      tradeHash: trade.id,
      appellant: seller.name,
      appellantRole: 'seller',
      dispute: { outcome: 'buyer', moderator: 'asuper' },
    });
    const rejected = adminAppealSchema.parse(
      ok(
        await staff.asuper2!.post(`/rest/v1/admin/appeals/${id}/decide`, {
          outcome: 'reject',
          reason: 'Receipt is genuine.',
        }),
      ),
    );
    expect(rejected).toMatchObject({ status: 'rejected', reversedAmount: null, decidedBy: 'asuper2' });
    expect(
      codeOf(
        await staff.asuper2!.post(`/rest/v1/admin/appeals/${id}/decide`, { outcome: 'uphold', reason: 'x' }),
      ),
    ).toBe('APPEAL_DECIDED');
    expect(
      tradeSchema.parse(ok(await seller.c.get(`/rest/v1/trade/${trade.id}`))).dispute.appeal.outcome,
    ).toBe('rejected');
  });

  it('should uphold by moving the award back through the ledger, fee returned, to the unit', async () => {
    const { buyer, trade } = await decided('buyer');
    ok(await seller.c.post(`/rest/v1/trade/${trade.id}/appeal`, { reason: 'The transfer was recalled.' }));
    const id = await appealIdOf(trade.id);
    const before = {
      buyer: await held(buyer.id),
      seller: await available(seller.id),
      fees: await fees(),
    };
    const fee = units(trade.escrowAmount) - units(trade.buyerReceives);
    const upheld = adminAppealSchema.parse(
      ok(
        await staff.asuper2!.post(`/rest/v1/admin/appeals/${id}/decide`, {
          outcome: 'uphold',
          reason: 'Recall proven.',
        }),
      ),
    );
    expect(upheld).toMatchObject({
      status: 'upheld',
      reversedAmount: formatBaseUnitsTrimmed(units(trade.buyerReceives), 8),
      shortfallAmount: '0',
    });
    expect(before.buyer - (await held(buyer.id))).toBe(units(trade.buyerReceives));
    expect(await available(buyer.id)).toBe(0n);
    expect((await available(seller.id)) - before.seller).toBe(units(trade.escrowAmount));
    expect(before.fees - (await fees())).toBe(fee);
    const messages = ok(await buyer.c.get(`/rest/v1/trade/${trade.id}/messages`)).messages as {
      system: { event: string } | null;
      text: string;
    }[];
    expect(messages.at(-1)).toMatchObject({ system: { event: 'appeal_upheld' }, text: 'Recall proven.' });
  });

  it('should reverse what the winner of an award made before holds still has, record the shortfall and leave notice 0', async () => {
    // An award paid at once, as every award was before decision 0048 (the same code with appeals off).
    const { buyer, trade } = await s.disputedTrade(seller, offer, '20');
    const before = { ...t.config, features: { ...t.config.features, disputeAppeal: false } };
    const awarded = await runAdminCommand({ db: t.database.db, config: before }, [
      'dispute:award',
      ...['--trade', trade.id, '--winner', 'buyer', '--reason', 'For the buyer.'],
    ]);
    expect(awarded.exitCode, awarded.output).toBe(0);
    // The buyer sends almost everything away before the appeal is decided.
    const drain = await s.party('adrain');
    const held = await available(buyer.id);
    const keep = 1_000n;
    const sent = await buyer.c.request(
      'POST',
      '/rest/v2/wallet/withdraw',
      { crypto_currency_code: 'BTC', amount: formatBaseUnitsTrimmed(held - keep, 8), username: drain.name },
      { headers: { 'idempotency-key': `drain-${trade.id}` } },
    );
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    ok(await seller.c.post(`/rest/v1/trade/${trade.id}/appeal`, { reason: 'Recalled.' }));
    const id = await appealIdOf(trade.id);
    const sellerBefore = await available(seller.id);
    const upheld = adminAppealSchema.parse(
      ok(
        await staff.asuper2!.post(`/rest/v1/admin/appeals/${id}/decide`, {
          outcome: 'uphold',
          reason: 'Recall proven.',
        }),
      ),
    );
    const fee = units(trade.escrowAmount) - units(trade.buyerReceives);
    expect(upheld.reversedAmount).toBe(formatBaseUnitsTrimmed(keep, 8));
    expect(upheld.shortfallAmount).toBe(formatBaseUnitsTrimmed(units(trade.buyerReceives) - keep, 8));
    expect(await available(buyer.id)).toBe(0n);
    expect((await available(seller.id)) - sellerBefore).toBe(keep + fee);
    const me = currentUserSchema.parse(ok(await buyer.c.get('/rest/v1/users/current_user')));
    expect(me.accountNotice).toBe(0);
  });

  it('should decide once when two supermods decide at the same moment', async () => {
    await member('asuper3', 'supermod');
    const { buyer, trade } = await decided('seller');
    ok(await buyer.c.post(`/rest/v1/trade/${trade.id}/appeal`, { reason: 'I paid.' }));
    const id = await appealIdOf(trade.id);
    const buyerBefore = await available(buyer.id);
    const [a, b] = await Promise.all([
      staff.asuper2!.post(`/rest/v1/admin/appeals/${id}/decide`, { outcome: 'uphold', reason: 'Paid.' }),
      staff.asuper3!.post(`/rest/v1/admin/appeals/${id}/decide`, { outcome: 'reject', reason: 'Not paid.' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const settled = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = ${`appeal:${id}:reversal`}`,
      ),
    )[0]!.n;
    const upheld = a.statusCode === 200;
    expect(settled).toBe(upheld ? 1 : 0);
    expect((await available(buyer.id)) - buyerBefore).toBe(upheld ? units(trade.buyerReceives) : 0n);
  });
});
