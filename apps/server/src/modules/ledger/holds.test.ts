import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { createUsersService } from '../users/index.js';
import { checkLedger } from './check.js';
import { createLedger, type EscrowTrade, type Ledger } from './service.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Holds in the ledger itself (decision 0048): a settlement into a `held` account with its hold row, the
 * release at the date (once), a contested hold left alone, a reversal that must take the whole hold, and
 * reconciliation that checks every `held` account against its hold.
 */
describe('ledger holds', () => {
  let t: TestApp;
  let ledger: Ledger;
  let seller: number;
  let buyer: number;
  let other: number;
  let n = 0;

  /** A trade's escrow locked from the seller: amount 1,000 + fee 10. */
  async function lockedTrade(): Promise<EscrowTrade> {
    n += 1;
    const trade = {
      tradeId: `holdtrade${n}`,
      cryptoCode: 'BTC',
      sellerId: seller,
      buyerId: buyer,
      amount: 1_000n,
      fee: 10n,
    };
    await ledger.lockEscrow(trade);
    return trade;
  }
  const balances = async (userId: number) =>
    (await ledger.balancesOf(userId)).get('BTC') ?? { available: 0n, escrow: 0n, bond: 0n, held: 0n };
  const count = async (key: string) =>
    rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = ${key}`,
      ),
    )[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
    ledger = createLedger(t.database.db);
    const users = createUsersService(t.database.db);
    const create = async (name: string) =>
      (await users.create({ username: name, email: `${name}@example.com`, password: 'Str0ng-pass!' })).id;
    [seller, buyer, other] = [
      await create('hold_seller'),
      await create('hold_buyer'),
      await create('hold_other'),
    ];
    await ledger.transfer({
      idempotencyKey: 'hold-funding',
      kind: 'deposit',
      cryptoCode: 'BTC',
      reference: { type: 'deposit', id: 'hold-funding' },
      legs: [
        { account: { userId: null, kind: 'world' }, amount: -1_000_000n },
        { account: { userId: seller, kind: 'available' }, amount: 1_000_000n },
      ],
    });
  });
  afterAll(() => t.close());

  it('should settle an escrow into the winner’s held account with its date, once', async () => {
    const trade = await lockedTrade();
    const releaseAt = new Date(Date.now() + 3_600_000);
    const before = await balances(buyer);
    const first = await ledger.releaseEscrow(trade, undefined, { holdUntil: releaseAt });
    // A retry of the same settlement replays; it does not hold twice.
    const again = await ledger.releaseEscrow(trade, undefined, { holdUntil: releaseAt });
    expect(again).toEqual({ transactionId: first.transactionId, replayed: true });
    expect(await balances(buyer)).toMatchObject({ available: before.available, held: before.held + 1_000n });
    expect(await ledger.holds.of('BTC', trade.tradeId)).toMatchObject({
      userId: buyer,
      amount: 1_000n,
      releaseAt,
      state: 'held',
      settledAt: null,
    });
    expect(await ledger.holds.openOf(buyer)).toEqual([expect.objectContaining({ reference: trade.tradeId })]);
    // The seller's refund into a hold keeps the whole escrow (amount + fee) for the seller.
    const refunded = await lockedTrade();
    await ledger.refundEscrow(refunded, undefined, { holdUntil: releaseAt });
    expect(await ledger.holds.of('BTC', refunded.tradeId)).toMatchObject({ userId: seller, amount: 1_010n });
    expect((await checkLedger(t.database.db)).ok).toBe(true);
  });

  it('should release a hold at its date only, exactly once', async () => {
    const trade = await lockedTrade();
    const releaseAt = new Date(Date.now() + 7_200_000);
    await ledger.releaseEscrow(trade, undefined, { holdUntil: releaseAt });
    const hold = (await ledger.holds.of('BTC', trade.tradeId))!;
    const before = await balances(buyer);
    expect(
      await ledger.holds.releaseDue({ reference: trade.tradeId, asOf: new Date(releaseAt.getTime() - 1) }),
    ).toBe(0);
    expect(await ledger.holds.releaseDue({ reference: trade.tradeId, asOf: releaseAt })).toBe(1);
    expect(await ledger.holds.releaseDue({ reference: trade.tradeId, asOf: releaseAt })).toBe(0);
    expect(await balances(buyer)).toMatchObject({
      available: before.available + 1_000n,
      held: before.held - 1_000n,
    });
    expect(await count(`hold:${hold.id}:release`)).toBe(1);
    expect((await ledger.holds.of('BTC', trade.tradeId))!.state).toBe('released');
  });

  it('should leave a contested hold to its claim, and reverse only the whole of it', async () => {
    const trade = await lockedTrade();
    await ledger.releaseEscrow(trade, undefined, { holdUntil: new Date(Date.now() - 1_000) });
    const contested = await t.database.db.transaction((tx) => ledger.holds.contest(tx, 'BTC', trade.tradeId));
    expect(contested).toBe('contested');
    expect(await ledger.holds.releaseDue({ reference: trade.tradeId })).toBe(0);
    const hold = (await ledger.holds.of('BTC', trade.tradeId))!;
    // Legs that do not add up to the hold are refused, and nothing changes.
    await expect(
      t.database.db.transaction((tx) =>
        ledger.holds.reverse(tx, hold, {
          idempotencyKey: `reverse-${trade.tradeId}-short`,
          kind: 'appeal_reversal',
          legs: [{ account: { userId: other, kind: 'available' }, amount: 999n }],
        }),
      ),
    ).rejects.toThrow(/legs sum to/);
    expect((await ledger.holds.of('BTC', trade.tradeId))!.state).toBe('contested');
    const otherBefore = await balances(other);
    await t.database.db.transaction((tx) =>
      ledger.holds.reverse(tx, hold, {
        idempotencyKey: `reverse-${trade.tradeId}`,
        kind: 'appeal_reversal',
        legs: [{ account: { userId: other, kind: 'available' }, amount: 1_000n }],
      }),
    );
    expect((await balances(other)).available - otherBefore.available).toBe(1_000n);
    expect((await ledger.holds.of('BTC', trade.tradeId))!.state).toBe('reversed');
    // A settled hold cannot be contested, released or reversed again.
    expect(await t.database.db.transaction((tx) => ledger.holds.contest(tx, 'BTC', trade.tradeId))).toBe(
      'settled',
    );
    const settled = (await ledger.holds.of('BTC', trade.tradeId))!;
    await expect(
      t.database.db.transaction((tx) => ledger.holds.releaseContested(tx, settled)),
    ).rejects.toMatchObject({ status: 409, code: 'HOLD_NOT_CONTESTED' });
    expect(await t.database.db.transaction((tx) => ledger.holds.contest(tx, 'BTC', 'no-such-trade'))).toBe(
      'none',
    );
  });

  it('should refuse a held leg without its trade', async () => {
    await expect(
      ledger.transfer({
        idempotencyKey: 'held-without-reference',
        kind: 'internal_transfer',
        cryptoCode: 'BTC',
        reference: { type: 'transfer', id: 'x' },
        legs: [
          { account: { userId: seller, kind: 'available' }, amount: -1n },
          { account: { userId: buyer, kind: 'held' }, amount: 1n },
        ],
      }),
    ).rejects.toThrow(/held reference/);
  });

  it('should make ledger:check report a held account that is not what its hold says', async () => {
    expect(await checkLedger(t.database.db)).toMatchObject({ ok: true, holdMismatches: [] });
    // A hold row nobody funded (written around the ledger): reconciliation names it.
    await t.database.db.execute(
      sql`INSERT INTO ledger_holds (user_id, crypto_code, reference, amount, release_at)
        VALUES (${buyer}, 'BTC', 'unfunded', 5, now())`,
    );
    const report = await checkLedger(t.database.db);
    expect(report.ok).toBe(false);
    expect(report.holdMismatches).toEqual([
      { reference: 'unfunded', cryptoCode: 'BTC', state: 'held', amount: '5', balance: '0' },
    ]);
    expect(report.totalsByKind).toContainEqual(expect.objectContaining({ cryptoCode: 'BTC', kind: 'held' }));
  });
});
