import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  adminAppealSchema,
  currentUserSchema,
  formatBaseUnits,
  formatBaseUnitsTrimmed,
  parseAmount,
  tradeSchema,
  walletBalanceSchema,
  walletTransactionPageSchema,
} from '@app/contract';
import { runAdminCommand } from '../../cli/commands.js';
import { createTestApp, sellOfferBody, type TestApp, type TestClient } from '../../../test/helpers.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';
import { checkLedger, createLedger } from '../ledger/index.js';

type Response = Awaited<ReturnType<TestClient['get']>>;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Issue 26, item 2 (decision 0048) through the real HTTP stack and database: with appeals on, a dispute
 * award waits in the winner's `held` account until the appeal window closes. Withdrawals, bonds and
 * trade starts cannot use it; the window's end (the job, or a read that finds it due) makes it available
 * exactly once; an appeal keeps it held until decided, a rejection releases it, and an upheld appeal pays
 * the other party in full from it, whatever the winner tried to send away meanwhile.
 */
describe('held dispute awards', () => {
  let t: TestApp;
  let s: ReturnType<typeof tradeScenario>;
  let seller: Party;
  let offer: string;
  const staff: Record<string, TestClient> = {};

  const ok = (response: Response, status = 200) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json().data;
  };
  const errorOf = (response: Response) =>
    response.json().errors?.[0] as { code: string; details?: { field: string; code: string }[] } | undefined;
  const units = (amount: string) => {
    const parsed = parseAmount(amount, 8);
    if (!parsed.ok) throw new Error(`not a BTC amount: ${amount}`);
    return parsed.units;
  };
  const btc = (value: bigint) => formatBaseUnitsTrimmed(value, 8);
  /** As the balances answer writes it: every decimal of the coin. */
  const full = (value: bigint) => formatBaseUnits(value, 8);
  const ledger = () => createLedger(t.database.db);
  const balances = async (userId: number) =>
    (await ledger().balancesOf(userId)).get('BTC') ?? { available: 0n, escrow: 0n, bond: 0n, held: 0n };
  /** The BTC line of the wallet's balances answer, as the party's web page reads it. */
  const walletLine = async (party: Party) => {
    const lines = (ok(await party.c.get('/rest/v2/wallet/balances')) as unknown[]).map((line) =>
      walletBalanceSchema.parse(line),
    );
    return lines.find((line) => line.cryptoCurrencyCode === 'BTC')!;
  };
  const viewOf = async (party: Party, hash: string) =>
    tradeSchema.parse(ok(await party.c.get(`/rest/v1/trade/${hash}`)));
  const holdOf = async (hash: string) => (await ledger().holds.of('BTC', hash))!;
  const movements = async (key: string) =>
    rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = ${key}`,
      ),
    )[0]!.n;
  const fees = async () =>
    BigInt(
      rowsOf<{ balance: string }>(
        await t.database.db.execute(
          sql`SELECT balance::text AS balance FROM ledger_accounts WHERE kind = 'fees' AND crypto_code = 'BTC'`,
        ),
      )[0]?.balance ?? '0',
    );
  const appealIdOf = async (hash: string) =>
    rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`SELECT a.id FROM dispute_appeals a JOIN trades t ON t.id = a.trade_id WHERE t.hash = ${hash}`,
      ),
    )[0]!.id;
  /** A 20 USD dispute decided for `winner` by the supermod `hsuper`. */
  async function decided(winner: 'buyer' | 'seller') {
    const { buyer, trade } = await s.disputedTrade(seller, offer, '20');
    ok(
      await staff.hsuper!.post(`/rest/v1/admin/disputes/${trade.id}/award`, {
        winner,
        reason: `For the ${winner}.`,
      }),
    );
    return { buyer, trade };
  }
  const decide = (id: number, outcome: 'uphold' | 'reject') =>
    staff.hsuper2!.post(`/rest/v1/admin/appeals/${id}/decide`, { outcome, reason: `Decided: ${outcome}.` });
  const sendTo = (from: Party, to: Party, amount: bigint, key: string) =>
    from.c.request(
      'POST',
      '/rest/v2/wallet/withdraw',
      { crypto_currency_code: 'BTC', amount: btc(amount), username: to.name },
      { headers: { 'idempotency-key': key } },
    );

  beforeAll(async () => {
    t = await createTestApp({
      FEATURES: 'disputeAppeal',
      TRADE_APPEAL_WINDOW_HOURS: '48',
      TRADE_DISPUTE_AFTER_PAID_MINUTES: '0',
      // Smaller than any award here: a bond the held award could pay, were it reachable.
      BOND_AMOUNTS: 'BTC:0.00001',
    });
    s = tradeScenario(t);
    seller = await s.party('hseller');
    await s.fund(seller.name, '1');
    offer = await s.sellOffer(seller);
    staff.hsuper = (await s.staffMember('hsuper', 'supermod')).c;
    staff.hsuper2 = (await s.staffMember('hsuper2', 'supermod')).c;
  }, 120_000);
  afterAll(async () => {
    const report = await checkLedger(t.database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true, holdMismatches: [] });
    await t?.close();
  });

  it('should hold the award out of reach until the window ends, then make it available once', async () => {
    const { buyer, trade } = await decided('buyer');
    const award = units(trade.buyerReceives);
    const hold = await holdOf(trade.id);
    const resolvedAt = rowsOf<{ at: Date | string }>(
      await t.database.db.execute(
        sql`SELECT d.resolved_at AS at FROM trade_disputes d JOIN trades t ON t.id = d.trade_id
          WHERE t.hash = ${trade.id}`,
      ),
    )[0]!.at;
    expect(hold).toMatchObject({ userId: buyer.id, amount: award, state: 'held' });
    expect(hold.releaseAt.getTime()).toBe(new Date(resolvedAt).getTime() + 48 * 3_600_000);

    // The winner's own money beside the award: only that can leave.
    const own = 5_000n;
    await s.fund(buyer.name, btc(own));
    expect(await balances(buyer.id)).toMatchObject({ available: own, held: award });
    const line = await walletLine(buyer);
    expect(line).toMatchObject({ balance: '0.00005000', heldAmount: full(award) });
    expect(line.held).toEqual([
      {
        amount: line.heldAmount,
        availableAt: hold.releaseAt.toISOString(),
        appealPending: false,
        tradeHash: trade.id,
      },
    ]);
    // The trade page: the winner sees the hold and its date, the loser the appeal closing at that date.
    const winnerView = await viewOf(buyer, trade.id);
    expect(winnerView.dispute.hold).toMatchObject({ amount: trade.buyerReceives, status: 'held' });
    expect(winnerView.dispute.hold?.availableAt.timestamp).toBe(Math.floor(hold.releaseAt.getTime() / 1000));
    const loserView = await viewOf(seller, trade.id);
    expect(loserView.dispute.hold).toBeNull();
    expect(loserView.dispute.appeal.closesAt?.timestamp).toBe(winnerView.dispute.hold?.availableAt.timestamp);
    expect(loserView.dispute.appeal.status).toBe('available');

    // Withdrawals: the award is not part of the balance a send-out may use.
    const drain = await s.party('hdrain');
    for (const amount of [own + 1n, award, own + award]) {
      const refused = await sendTo(buyer, drain, amount, `held-${trade.id}-${amount}`);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(errorOf(refused)?.details?.[0]).toMatchObject({ field: 'amount', code: 'insufficient_funds' });
    }
    expect((await sendTo(buyer, drain, own, `own-${trade.id}`)).statusCode).toBe(201);
    // Nor a bond, nor a trade in which the winner sells.
    const bond = await buyer.c.post('/wallet/deposit-bond', { crypto_currency_code: 'BTC' });
    expect(bond.statusCode, bond.body).toBe(422);
    expect(errorOf(bond)?.code).toBe('INSUFFICIENT_FUNDS');
    const buyOffer = await seller.c.post('/rest/v1/my-offers', sellOfferBody({ type: 'buy' }));
    expect(buyOffer.statusCode, buyOffer.body).toBe(201);
    const sell = await buyer.c.post('/rest/v1/trade/start', {
      offer_hash: buyOffer.json().data.idHashed,
      fiat_amount: '10',
    });
    expect(sell.statusCode, sell.body).toBe(422);
    expect(errorOf(sell)?.code).toBe('LowBalance');
    expect(await balances(buyer.id)).toMatchObject({ available: 0n, held: award });

    // Before its date the job leaves it; at its date it is released, once, however often it runs.
    expect(await ledger().holds.releaseDue({ asOf: new Date(hold.releaseAt.getTime() - 1) })).toBe(0);
    expect(await ledger().holds.releaseDue({ asOf: hold.releaseAt })).toBe(1);
    const again = await Promise.all(
      Array.from({ length: 5 }, () => ledger().holds.releaseDue({ asOf: hold.releaseAt })),
    );
    expect(again).toEqual([0, 0, 0, 0, 0]);
    expect(await movements(`hold:${hold.id}:release`)).toBe(1);
    expect(await balances(buyer.id)).toMatchObject({ available: award, held: 0n });
    expect(await walletLine(buyer)).toMatchObject({ balance: full(award), held: [] });
    expect((await viewOf(buyer, trade.id)).dispute.hold?.status).toBe('released');
    const history = walletTransactionPageSchema.parse(
      ok(await buyer.c.get('/rest/v2/wallet/transactions?kind=hold_release')),
    );
    expect(history.items.map((item) => [item.account, item.amount]).sort()).toEqual([
      ['available', full(award)],
      ['held', `-${full(award)}`],
    ]);

    // The award is the winner's now: the loser can no longer appeal (the release closed the window).
    const late = await seller.c.post(`/rest/v1/trade/${trade.id}/appeal`, { reason: 'Too late.' });
    expect(errorOf(late)?.code).toBe('APPEAL_EXPIRED');
  });

  it('should release a due hold when the winner reads the wallet, before the job gets to it', async () => {
    const { trade } = await decided('seller');
    const hold = await holdOf(trade.id);
    expect(hold).toMatchObject({ userId: seller.id, amount: units(trade.escrowAmount), state: 'held' });
    const before = await balances(seller.id);
    await t.database.db.execute(
      sql`UPDATE ledger_holds SET release_at = now() - interval '1 minute' WHERE id = ${hold.id}`,
    );
    const line = await walletLine(seller);
    expect(line.held.find((h) => h.tradeHash === trade.id)).toBeUndefined();
    const after = await balances(seller.id);
    expect(after.available - before.available).toBe(hold.amount);
    expect(before.held - after.held).toBe(hold.amount);
    expect(await movements(`hold:${hold.id}:release`)).toBe(1);
  });

  it('should keep an appealed award held past its date, then release it when the appeal is rejected', async () => {
    const { buyer, trade } = await decided('buyer');
    ok(await seller.c.post(`/rest/v1/trade/${trade.id}/appeal`, { reason: 'No payment arrived.' }));
    const hold = await holdOf(trade.id);
    expect(hold.state).toBe('contested');
    // The window ends while the appeal waits: neither the job nor a read releases it.
    await t.database.db.execute(
      sql`UPDATE ledger_holds SET release_at = now() - interval '1 minute' WHERE id = ${hold.id}`,
    );
    expect(await ledger().holds.releaseDue({ asOf: new Date(Date.now() + 86_400_000) })).toBe(0);
    const line = await walletLine(buyer);
    expect(line.held).toEqual([expect.objectContaining({ tradeHash: trade.id, appealPending: true })]);
    expect(line.balance).toBe('0.00000000');
    expect((await viewOf(buyer, trade.id)).dispute.hold?.status).toBe('contested');

    const rejected = adminAppealSchema.parse(ok(await decide(await appealIdOf(trade.id), 'reject')));
    expect(rejected).toMatchObject({ status: 'rejected', reversedAmount: null });
    expect(await balances(buyer.id)).toMatchObject({ available: hold.amount, held: 0n });
    expect((await holdOf(trade.id)).state).toBe('released');
    expect(await movements(`hold:${hold.id}:release`)).toBe(1);
  });

  it('should pay an upheld appeal in full from the hold, whatever the winner tried to send away', async () => {
    const { buyer, trade } = await decided('buyer');
    const award = units(trade.buyerReceives);
    const fee = units(trade.escrowAmount) - award;
    const drain = await s.party('hdrain');
    const tried = await sendTo(buyer, drain, award, `drain-${trade.id}`);
    expect(tried.statusCode, tried.body).toBe(422);
    ok(await seller.c.post(`/rest/v1/trade/${trade.id}/appeal`, { reason: 'The transfer was recalled.' }));
    const before = { seller: await balances(seller.id), fees: await fees() };
    const upheld = adminAppealSchema.parse(ok(await decide(await appealIdOf(trade.id), 'uphold')));
    expect(upheld).toMatchObject({ status: 'upheld', reversedAmount: btc(award), shortfallAmount: '0' });
    expect((await balances(seller.id)).available - before.seller.available).toBe(award + fee);
    expect(before.fees - (await fees())).toBe(fee);
    expect(await balances(buyer.id)).toMatchObject({ available: 0n, held: 0n });
    expect((await holdOf(trade.id)).state).toBe('reversed');
    expect((await viewOf(buyer, trade.id)).dispute.hold?.status).toBe('reversed');
    // Nothing was missing, so the winner's account carries no balance notice.
    const me = currentUserSchema.parse(ok(await buyer.c.get('/rest/v1/users/current_user')));
    expect(me.accountNotice).not.toBe(0);

    // The other way round: the seller won the escrow back; the buyer's appeal is upheld.
    const other = await decided('seller');
    ok(await other.buyer.c.post(`/rest/v1/trade/${other.trade.id}/appeal`, { reason: 'I paid.' }));
    const buyerBefore = await balances(other.buyer.id);
    const feesBefore = await fees();
    ok(await decide(await appealIdOf(other.trade.id), 'uphold'));
    const paid = units(other.trade.buyerReceives);
    expect((await balances(other.buyer.id)).available - buyerBefore.available).toBe(paid);
    expect((await fees()) - feesBefore).toBe(units(other.trade.escrowAmount) - paid);
    expect((await holdOf(other.trade.id)).state).toBe('reversed');
  });

  it('should pay an award at once when appeals are off: nothing can undo it', async () => {
    const { buyer, trade } = await s.disputedTrade(seller, offer, '20');
    const off = { ...t.config, features: { ...t.config.features, disputeAppeal: false } };
    const result = await runAdminCommand({ db: t.database.db, config: off }, [
      'dispute:award',
      ...['--trade', trade.id, '--winner', 'buyer', '--reason', 'Paid on time.'],
    ]);
    expect(result.exitCode, result.output).toBe(0);
    expect(result.output).not.toContain('held until');
    expect(await balances(buyer.id)).toMatchObject({ available: units(trade.buyerReceives), held: 0n });
    expect(await ledger().holds.of('BTC', trade.id)).toBeUndefined();
    expect((await viewOf(buyer, trade.id)).dispute.hold).toBeNull();
    // With appeals on, the operator's award is held too, and the command says until when.
    const held = await s.disputedTrade(seller, offer, '20');
    const on = await s.admin(
      'dispute:award',
      ...['--trade', held.trade.id, '--winner', 'buyer', '--reason', 'Paid on time.'],
    );
    const hold = await holdOf(held.trade.id);
    expect(on.output).toContain(`held until ${hold.releaseAt.toISOString()}`);
  });

  it('should refuse in the database to change a hold backwards, its amount, or to delete it', async () => {
    const { trade } = await decided('buyer');
    const hold = await holdOf(trade.id);
    await ledger().holds.releaseDue({ asOf: hold.releaseAt });
    const change = (statement: ReturnType<typeof sql>) => t.database.db.execute(statement);
    await expect(
      change(sql`UPDATE ledger_holds SET state = 'held', settled_at = NULL WHERE id = ${hold.id}`),
    ).rejects.toThrow();
    await expect(
      change(sql`UPDATE ledger_holds SET amount = amount + 1 WHERE id = ${hold.id}`),
    ).rejects.toThrow();
    await expect(change(sql`DELETE FROM ledger_holds WHERE id = ${hold.id}`)).rejects.toThrow();
    const open = await decided('seller');
    const openHold = await holdOf(open.trade.id);
    await expect(
      change(sql`UPDATE ledger_holds SET state = 'reversed', settled_at = now() WHERE id = ${openHold.id}`),
    ).rejects.toThrow();
  });
});
