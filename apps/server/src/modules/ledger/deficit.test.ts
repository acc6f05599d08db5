import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { createUsersService } from '../users/index.js';
import { checkLedger } from './check.js';
import { createLedger, type Ledger } from './service.js';

/**
 * The two kinds that hold what is owed (decision 0055): a user's `deficit` and the platform's
 * `network_costs` go below zero, never above; both balance like every other account.
 */
describe('ledger: deficit and network costs', () => {
  let t: TestApp;
  let ledger: Ledger;
  let user: number;
  beforeAll(async () => {
    t = await createTestApp();
    ledger = createLedger(t.database.db);
    user = (
      await createUsersService(t.database.db).create({
        username: 'deficit_user',
        email: 'deficit@example.com',
        password: 'Str0ng-pass!',
      })
    ).id;
  });
  afterAll(() => t.close());

  const move = (key: string, legs: Parameters<Ledger['transfer']>[0]['legs']) =>
    ledger.transfer({
      idempotencyKey: key,
      kind: 'deposit_reversal',
      cryptoCode: 'BTC',
      reference: { type: 'deposit', id: key },
      legs,
    });

  it('should let a deficit go below zero and be paid off, never above zero', async () => {
    await move('owe', [
      { account: { userId: user, kind: 'deficit' }, amount: -500n },
      { account: { userId: null, kind: 'world' }, amount: 500n },
    ]);
    expect((await ledger.accountState('BTC', { userId: user, kind: 'deficit' })).balance).toBe(-500n);
    // Paying more than is owed is refused, under the lock, before the CHECK would.
    await expect(
      move('overpay', [
        { account: { userId: null, kind: 'world' }, amount: -501n },
        { account: { userId: user, kind: 'deficit' }, amount: 501n },
      ]),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    await move('pay', [
      { account: { userId: null, kind: 'world' }, amount: -500n },
      { account: { userId: user, kind: 'deficit' }, amount: 500n },
    ]);
    expect((await ledger.accountState('BTC', { userId: user, kind: 'deficit' })).balance).toBe(0n);
    // A deficit is not part of the balances a user spends from.
    expect((await ledger.balancesOf(user)).get('BTC')).toEqual({
      available: 0n,
      escrow: 0n,
      bond: 0n,
      held: 0n,
    });
  });

  it('should refuse a deficit without an owner and network costs with one', async () => {
    await expect(
      move('ownerless', [
        { account: { userId: null, kind: 'deficit' }, amount: -1n },
        { account: { userId: null, kind: 'world' }, amount: 1n },
      ]),
    ).rejects.toThrow(/owner mismatch/);
    await expect(
      move('owned-costs', [
        { account: { userId: user, kind: 'network_costs' }, amount: -1n },
        { account: { userId: null, kind: 'world' }, amount: 1n },
      ]),
    ).rejects.toThrow(/owner mismatch/);
    await move('costs', [
      { account: { userId: null, kind: 'network_costs' }, amount: -7n },
      { account: { userId: null, kind: 'world' }, amount: 7n },
    ]);
    const report = await checkLedger(t.database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
  });
});
