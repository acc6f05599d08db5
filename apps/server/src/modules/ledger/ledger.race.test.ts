import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { onPostgres } from '../../../test/db.js';
import { usersRepository } from '../users/repository.js';
import { checkLedger } from './check.js';
import { createLedger, type Ledger } from './service.js';

/**
 * Races that only a real PostgreSQL server can show (PGlite runs one query at a time). Each ends in
 * exactly one outcome and a ledger that reconciles.
 */
describe.skipIf(!onPostgres())('ledger under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let ledger: Ledger;
  let n = 0;
  const newUser = async () => {
    n += 1;
    return (
      await usersRepository.insert(t.database.db, {
        username: `race_${n}`,
        email: `race_${n}@example.com`,
        passwordHash: 'x',
      })
    ).id;
  };
  const deposit = (userId: number, amount: bigint) =>
    ledger.transfer({
      idempotencyKey: `race-dep-${userId}-${amount}`,
      kind: 'deposit',
      cryptoCode: 'BTC',
      reference: { type: 'deposit', id: String(userId) },
      legs: [
        { account: { userId: null, kind: 'world' }, amount: -amount },
        { account: { userId, kind: 'available' }, amount },
      ],
    });

  beforeAll(async () => {
    t = await createTestApp();
    ledger = createLedger(t.database.db);
  });
  afterAll(async () => {
    expect((await checkLedger(t.database.db)).ok).toBe(true);
    await t.close();
  });

  it('should let exactly 10 of 50 parallel withdrawals through a balance that covers 10', async () => {
    const user = await newUser();
    await deposit(user, 1000n);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        ledger.transfer({
          idempotencyKey: `race-wd-${user}-${i}`,
          kind: 'withdrawal',
          cryptoCode: 'BTC',
          reference: { type: 'withdrawal', id: String(i) },
          legs: [
            { account: { userId: user, kind: 'available' }, amount: -100n },
            { account: { userId: null, kind: 'world' }, amount: 100n },
          ],
        }),
      ),
    );
    const done = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(done).toHaveLength(10);
    for (const r of refused) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    }
    expect((await ledger.balancesOf(user)).get('BTC')?.available).toBe(0n);
  });

  it('should move the money of one escrow once when release and refund race 40 times', async () => {
    const seller = await newUser();
    const buyer = await newUser();
    await deposit(seller, 1_000_000n);
    const trade = {
      tradeId: `race-T-${seller}`,
      cryptoCode: 'BTC',
      sellerId: seller,
      buyerId: buyer,
      amount: 900_000n,
      fee: 9_000n,
    };
    await ledger.lockEscrow(trade);
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0 ? ledger.releaseEscrow(trade) : ledger.refundEscrow(trade),
      ),
    );
    const fresh = results.filter((r) => r.status === 'fulfilled' && !r.value.replayed);
    expect(fresh).toHaveLength(1);
    const sellerBalance = (await ledger.balancesOf(seller)).get('BTC');
    const buyerBalance = (await ledger.balancesOf(buyer)).get('BTC');
    expect(sellerBalance?.escrow).toBe(0n);
    const released = (buyerBalance?.available ?? 0n) === 900_000n;
    expect(sellerBalance?.available).toBe(released ? 1_000_000n - 909_000n : 1_000_000n);
  });

  it('should neither deadlock nor lose updates when transfers cross in both directions', async () => {
    const a = await newUser();
    const b = await newUser();
    await deposit(a, 10_000n);
    await deposit(b, 10_000n);
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        ledger.transfer({
          idempotencyKey: `cross-${a}-${i}`,
          kind: 'internal_transfer',
          cryptoCode: 'BTC',
          reference: { type: 'transfer', id: String(i) },
          legs: [
            { account: { userId: i % 2 ? a : b, kind: 'available' }, amount: -7n },
            { account: { userId: i % 2 ? b : a, kind: 'available' }, amount: 7n },
          ],
        }),
      ),
    );
    expect((await ledger.balancesOf(a)).get('BTC')?.available).toBe(10_000n);
    expect((await ledger.balancesOf(b)).get('BTC')?.available).toBe(10_000n);
  });

  it('should apply the same idempotency key once when 30 requests carry it at once', async () => {
    const user = await newUser();
    const results = await Promise.all(Array.from({ length: 30 }, () => deposit(user, 123n)));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    expect((await ledger.balancesOf(user)).get('BTC')?.available).toBe(123n);
  });
});
