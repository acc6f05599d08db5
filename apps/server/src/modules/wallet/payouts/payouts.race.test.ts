import { Transaction } from '@scure/btc-signer';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MemoryBitcoinNode,
  REGTEST,
  deposit,
  newAddress,
  newKey,
  payoutsApp,
  payoutsOf,
  withdraw,
} from '../../../../test/chain/payouts-fixture.js';
import { onPostgres } from '../../../../test/db.js';
import type { TestApp, TestClient } from '../../../../test/helpers.js';
import { checkLedger } from '../../ledger/index.js';
import { chainPayouts, withdrawals } from '../tables.js';
import { hexToBytes } from './build.js';

/** Two instances' batchers at once, on a real PostgreSQL server where transactions truly overlap. */
describe.skipIf(!onPostgres())('Bitcoin payouts under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let bob: TestClient;
  const key = newKey();
  const node = new MemoryBitcoinNode('BTC', REGTEST);

  beforeAll(async () => {
    t = await payoutsApp();
    bob = t.client();
    await bob.register('payout_race_bob');
    await deposit(t, 'payout_race_bob', '10');
    for (let i = 0; i < 40; i += 1) node.fund(key.address, 300_000n);
  });
  afterAll(async () => {
    const report = await checkLedger(t.database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
    await t.close();
  });

  it('should never spend one output twice nor pay one withdrawal twice with two batchers at once', async () => {
    // Small batches (at most 0.004 BTC each), so many rounds each need fresh outputs.
    const a = payoutsOf(t, node, key, { maxPerTx: 400_000n });
    const b = payoutsOf(t, node, key, { maxPerTx: 400_000n });
    const addresses = new Map<string, string>();
    for (let round = 0; round < 8; round += 1) {
      const made = await Promise.all(
        Array.from({ length: 4 }, async () => {
          const address = newAddress();
          return [await withdraw(bob, address, '0.001'), address] as const;
        }),
      );
      for (const [id, address] of made) addresses.set(id, address);
      const outcomes = await Promise.all([a.batch(), b.batch(), a.batch(), b.batch()]);
      expect(outcomes.some((o) => o.state === 'sent')).toBe(true);
      if (round % 3 === 2) node.mine(1);
    }
    // Whatever is left, then confirmations; two trackers at once settle each payout once.
    for (let i = 0; i < 10; i += 1) await Promise.all([a.batch(), b.batch()]);
    node.mine(3);
    await Promise.all([a.track(), b.track(), a.track()]);

    const rows = await t.database.db.select().from(chainPayouts);
    const live = rows.filter((p) => p.status !== 'failed');
    const outpoints = live.flatMap((p) => {
      const tx = Transaction.fromRaw(hexToBytes(p.rawTx));
      return Array.from({ length: tx.inputsLength }, (_, i) => {
        const input = tx.getInput(i);
        return `${Buffer.from(input.txid!).toString('hex')}:${input.index}`;
      });
    });
    expect(new Set(outpoints).size).toBe(outpoints.length);
    // Every withdrawal paid by exactly one output of one accepted transaction.
    const paidTo = new Map<string, number>();
    for (const p of live) {
      expect(node.transaction(p.txid)?.height).not.toBeNull();
      const tx = Transaction.fromRaw(hexToBytes(p.rawTx));
      for (let i = 0; i < tx.outputsLength; i += 1) {
        const address = tx.getOutputAddress(i, REGTEST)!;
        paidTo.set(address, (paidTo.get(address) ?? 0) + 1);
      }
    }
    for (const address of addresses.values()) expect(paidTo.get(address)).toBe(1);
    const settled = await t.database.db
      .select()
      .from(withdrawals)
      .where(inArray(withdrawals.publicId, [...addresses.keys()]));
    expect(settled.every((w) => w.status === 'completed')).toBe(true);
    expect(live.every((p) => p.status === 'confirmed')).toBe(true);
  });
});
