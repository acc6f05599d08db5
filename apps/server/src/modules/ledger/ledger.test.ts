import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { createUsersService } from '../users/index.js';
import { usersRepository } from '../users/repository.js';
import { checkLedger } from './check.js';
import { createLedger, type Ledger } from './service.js';

describe('ledger', () => {
  let t: TestApp;
  let ledger: Ledger;
  let alice: number;
  let bob: number;
  let seq = 0;
  const key = (name: string) => `${name}:${++seq}`;

  beforeAll(async () => {
    t = await createTestApp();
    ledger = createLedger(t.database.db);
    const users = createUsersService(t.database.db);
    alice = (
      await users.create({ username: 'ledger_alice', email: 'la@example.com', password: 'Str0ng-pass!' })
    ).id;
    bob = (await users.create({ username: 'ledger_bob', email: 'lb@example.com', password: 'Str0ng-pass!' }))
      .id;
  });
  afterAll(() => t.close());

  const deposit = (userId: number, amount: bigint, idempotencyKey = key('deposit')) =>
    ledger.transfer({
      idempotencyKey,
      kind: 'deposit',
      cryptoCode: 'BTC',
      reference: { type: 'deposit', id: idempotencyKey },
      legs: [
        { account: { userId: null, kind: 'world' }, amount: -amount },
        { account: { userId, kind: 'available' }, amount },
      ],
    });
  const available = async (userId: number, code = 'BTC') =>
    (await ledger.balancesOf(userId)).get(code)?.available ?? 0n;

  beforeEach(async () => {
    expect((await checkLedger(t.database.db)).ok).toBe(true);
  });

  it('should credit a deposit once per idempotency key and replay the first result', async () => {
    const before = await available(alice);
    const first = await deposit(alice, 50_000_000n, 'dep-fixed-1');
    const again = await deposit(alice, 50_000_000n, 'dep-fixed-1');
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ transactionId: first.transactionId, replayed: true });
    expect(await available(alice)).toBe(before + 50_000_000n);
  });

  it('should refuse the same key for a different movement with 409', async () => {
    await deposit(alice, 1000n, 'dep-fixed-2');
    await expect(deposit(alice, 2000n, 'dep-fixed-2')).rejects.toMatchObject({
      status: 409,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
  });

  it('should refuse to overdraw and leave nothing behind', async () => {
    await deposit(bob, 100n);
    const attempt = ledger.transfer({
      idempotencyKey: 'overdraw-1',
      kind: 'internal_transfer',
      cryptoCode: 'BTC',
      reference: { type: 'transfer', id: 'overdraw-1' },
      legs: [
        { account: { userId: bob, kind: 'available' }, amount: -101n },
        { account: { userId: alice, kind: 'available' }, amount: 101n },
      ],
    });
    await expect(attempt).rejects.toMatchObject({ status: 422, code: 'INSUFFICIENT_FUNDS' });
    expect(await available(bob)).toBe(100n);
    // The failed attempt did not consume its key.
    const rows = await t.database.db.execute(
      sql`SELECT 1 FROM ledger_transactions WHERE idempotency_key = 'overdraw-1'`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(0);
  });

  it('should reject unbalanced or malformed movements before touching the database', async () => {
    const base = {
      idempotencyKey: key('bad'),
      kind: 'internal_transfer' as const,
      cryptoCode: 'BTC',
      reference: { type: 'x', id: 'y' },
    };
    await expect(
      ledger.transfer({
        ...base,
        legs: [
          { account: { userId: alice, kind: 'available' }, amount: -5n },
          { account: { userId: bob, kind: 'available' }, amount: 4n },
        ],
      }),
    ).rejects.toThrow(/sum to -1/);
    await expect(
      ledger.transfer({
        ...base,
        legs: [
          { account: { userId: null, kind: 'available' }, amount: -5n },
          { account: { userId: bob, kind: 'available' }, amount: 5n },
        ],
      }),
    ).rejects.toThrow(/owner/);
    await expect(
      ledger.transfer({
        ...base,
        legs: [
          { account: { userId: alice, kind: 'escrow' }, amount: -5n },
          { account: { userId: bob, kind: 'available' }, amount: 5n },
        ],
      }),
    ).rejects.toThrow(/escrow reference/);
  });

  it('should move money to hundreds of accounts in one transaction', async () => {
    // Regression: the account lock once sent one row constructor per account, which PGlite aborts on.
    const ids: number[] = [];
    for (let i = 0; i < 350; i += 1) {
      ids.push(
        (
          await usersRepository.insert(t.database.db, {
            username: `many_${i}`,
            email: `many_${i}@example.com`,
            passwordHash: 'x',
          })
        ).id,
      );
    }
    await ledger.transfer({
      idempotencyKey: 'many-legs',
      kind: 'deposit',
      cryptoCode: 'LTC',
      reference: { type: 'deposit', id: 'many' },
      legs: [
        { account: { userId: null, kind: 'world' }, amount: -BigInt(ids.length * 2) },
        ...ids.map((userId) => ({ account: { userId, kind: 'available' as const }, amount: 2n })),
      ],
    });
    expect((await ledger.balancesOf(ids.at(-1)!)).get('LTC')?.available).toBe(2n);
  });

  describe('escrow', () => {
    const trade = (tradeId: string) => ({
      tradeId,
      cryptoCode: 'BTC',
      sellerId: alice,
      buyerId: bob,
      amount: 1_000_000n,
      fee: 10_000n,
    });

    it('should lock amount + fee, then release amount to the buyer and the fee to the platform', async () => {
      await deposit(alice, 5_000_000n);
      const [sellerBefore, buyerBefore] = [await available(alice), await available(bob)];
      await ledger.lockEscrow(trade('T-release'));
      expect(await available(alice)).toBe(sellerBefore - 1_010_000n);
      expect((await ledger.balancesOf(alice)).get('BTC')?.escrow).toBe(1_010_000n);
      await ledger.releaseEscrow(trade('T-release'));
      expect(await available(bob)).toBe(buyerBefore + 1_000_000n);
      expect((await ledger.balancesOf(alice)).get('BTC')?.escrow).toBe(0n);
      const fees = await t.database.db.execute(
        sql`SELECT balance::text AS b FROM ledger_accounts WHERE kind = 'fees' AND crypto_code = 'BTC'`,
      );
      expect((fees as unknown as { rows: { b: string }[] }).rows[0]?.b).toBe('10000');
    });

    it('should settle an escrow at most once: release then refund is refused, a repeated release replays', async () => {
      await deposit(alice, 2_000_000n);
      await ledger.lockEscrow(trade('T-once'));
      const released = await ledger.releaseEscrow(trade('T-once'));
      expect(await ledger.releaseEscrow(trade('T-once'))).toEqual({ ...released, replayed: true });
      await expect(ledger.refundEscrow(trade('T-once'))).rejects.toMatchObject({
        code: 'IDEMPOTENCY_KEY_REUSED',
      });
    });

    it('should refund everything locked to the seller', async () => {
      await deposit(alice, 2_000_000n);
      const before = await available(alice);
      await ledger.lockEscrow(trade('T-refund'));
      await ledger.refundEscrow(trade('T-refund'));
      expect(await available(alice)).toBe(before);
    });

    it('should refuse to lock more than the seller has', async () => {
      const poor = { ...trade('T-poor'), sellerId: bob, buyerId: alice, amount: 10n ** 20n };
      await expect(ledger.lockEscrow(poor)).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    });
  });

  describe('database guards', () => {
    it('should refuse to update or delete entries and transactions', async () => {
      await deposit(alice, 77n);
      await expect(
        t.database.db.execute(sql`UPDATE ledger_entries SET amount = amount * 2`),
      ).rejects.toThrow();
      await expect(t.database.db.execute(sql`DELETE FROM ledger_entries`)).rejects.toThrow();
      await expect(t.database.db.execute(sql`DELETE FROM ledger_transactions`)).rejects.toThrow();
    });

    it('should refuse a transaction whose entries do not sum to zero, at commit', async () => {
      const insertUnbalanced = t.database.db.transaction(async (tx) => {
        const [row] = (
          (await tx.execute(sql`INSERT INTO ledger_transactions (kind, crypto_code, reference_type, reference_id, idempotency_key, request_hash)
            VALUES ('deposit', 'BTC', 'test', 'x', 'unbalanced-1', 'h') RETURNING id`)) as unknown as {
            rows: { id: string }[];
          }
        ).rows;
        const [account] = (
          (await tx.execute(
            sql`SELECT id FROM ledger_accounts WHERE kind = 'world' AND crypto_code = 'BTC'`,
          )) as unknown as { rows: { id: string }[] }
        ).rows;
        await tx.execute(
          sql`INSERT INTO ledger_entries (transaction_id, account_id, crypto_code, amount) VALUES (${row!.id}, ${account!.id}, 'BTC', 5)`,
        );
      });
      await expect(insertUnbalanced).rejects.toThrow();
    });

    it('should make ledger:check report a tampered cached balance', async () => {
      await deposit(bob, 500n);
      await t.database.db.execute(
        sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE user_id = ${bob} AND kind = 'available'`,
      );
      const report = await checkLedger(t.database.db);
      expect(report.ok).toBe(false);
      expect(report.balanceMismatches).toHaveLength(1);
      expect(report.nonZeroTotals).toEqual([{ cryptoCode: 'BTC', total: '1' }]);
      await t.database.db.execute(
        sql`UPDATE ledger_accounts SET balance = balance - 1 WHERE user_id = ${bob} AND kind = 'available'`,
      );
      expect((await checkLedger(t.database.db)).ok).toBe(true);
    });
  });
});
