import { Transaction, p2wpkh } from '@scure/btc-signer';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
import type { TestApp, TestClient } from '../../../../test/helpers.js';
import { runAdminCommand } from '../../../cli/commands.js';
import { checkLedger, createLedger } from '../../ledger/index.js';
import { chainPayoutInputs, chainPayouts, withdrawals } from '../tables.js';
import { estimateVsize, feeFor, feeRateMilli, hexToBytes, scriptOf } from './build.js';
import { verifyP2wpkhSpend } from './verify.js';

/**
 * The hot wallet's batched Bitcoin payouts (decision 0057) on the real HTTP stack and database, against
 * a node stand-in fed with real signed transactions.
 */
describe('Bitcoin payouts from the hot wallet', () => {
  let t: TestApp;
  let alice: TestClient;
  const key = newKey();
  const hotScript = p2wpkh(key.publicKey, REGTEST).script;
  let node: MemoryBitcoinNode;
  const clock = { offsetMs: 0 };
  const db = () => t.database.db;
  const platform = async (kind: 'fees' | 'network_costs' | 'outgoing' | 'world') =>
    (await createLedger(db()).accountState('BTC', { userId: null, kind })).balance;
  const rowsOf = async (ids: string[]) =>
    db().select().from(withdrawals).where(inArray(withdrawals.publicId, ids)).orderBy(withdrawals.id);
  const payout = async (id: number) =>
    (await db().select().from(chainPayouts).where(eq(chainPayouts.id, id)))[0]!;

  beforeAll(async () => {
    t = await payoutsApp();
    alice = t.client();
    await alice.register('payout_alice');
    await deposit(t, 'payout_alice', '10');
  });
  beforeEach(() => {
    node = new MemoryBitcoinNode('BTC', REGTEST);
    clock.offsetMs = 0;
  });
  afterAll(async () => {
    const report = await checkLedger(db());
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
    await t.close();
  });

  it('should pay a batch in one signed transaction, show its txid, and settle it with the fee difference', async () => {
    node.fund(key.address, 3_000_000n);
    node.fund(key.address, 1_000_000n);
    node.fund(key.address, 500_000n, { pending: true }); // unconfirmed: never spent
    const addresses = Array.from({ length: 5 }, () => newAddress());
    const ids: string[] = [];
    for (const [i, address] of addresses.entries()) ids.push(await withdraw(alice, address, `0.00${i + 1}`));
    const payouts = payoutsOf(t, node, key, {}, clock);
    node.rate = 4;

    const sent = await payouts.batch();
    expect(sent).toMatchObject({ state: 'sent', withdrawals: 5, broadcast: 'accepted' });
    if (sent.state !== 'sent') return;
    const row = await payout(sent.payoutId);
    expect(node.received).toEqual([row.rawTx]);
    const tx = Transaction.fromRaw(hexToBytes(row.rawTx));
    expect(tx.id).toBe(row.txid);
    // One output per withdrawal, exactly its address and amount, then the change to the hot wallet.
    expect(tx.outputsLength).toBe(6);
    addresses.forEach((address, i) => {
      expect(tx.getOutput(i).script).toEqual(scriptOf(address, REGTEST));
      expect(tx.getOutput(i).amount).toBe(BigInt(i + 1) * 100_000n);
    });
    expect(tx.getOutput(5).script).toEqual(hotScript);
    // The signatures verify against the outputs spent (the confirmed 3,000,000 one only).
    const prevouts = node.prevoutsOf(row.rawTx);
    expect(prevouts.map((p) => p.value)).toEqual([3_000_000n]);
    expect(
      verifyP2wpkhSpend(
        row.rawTx,
        prevouts.map((p) => ({ script: p.script, amount: p.value })),
      ),
    ).toBeNull();
    // The fee is as estimated, and the node's view of it (inputs minus outputs) is the same.
    const vsize = estimateVsize(1, [...addresses.map((a) => scriptOf(a, REGTEST)!), hotScript]);
    expect(BigInt(row.fee)).toBe(feeFor(vsize, feeRateMilli(4)));
    expect(node.transaction(row.txid)!.fee).toBe(BigInt(row.fee));
    expect(tx.getOutput(5).amount).toBe(3_000_000n - 1_500_000n - BigInt(row.fee));

    const paid = await rowsOf(ids);
    expect(paid.every((w) => w.payoutId === row.id && w.txid === row.txid && w.status === 'pending')).toBe(
      true,
    );
    const listed = (await alice.get('/rest/v2/wallet/withdrawals')).json().data as {
      id: string;
      txid: string | null;
      status: string;
    }[];
    expect(listed.filter((w) => ids.includes(w.id)).map((w) => w.txid)).toEqual(ids.map(() => row.txid));

    // Nothing to settle before the required confirmations.
    node.mine(1);
    expect((await payouts.track()).settled).toBe(0);
    const feesBefore = await platform('fees');
    node.mine(1);
    expect(await payouts.track()).toMatchObject({ settled: 1 });
    expect((await payout(row.id)).status).toBe('confirmed');
    expect((await rowsOf(ids)).map((w) => w.status)).toEqual(ids.map(() => 'completed'));
    // Charged 5 x 2,000 satoshis; the chain took row.fee: the excess is the platform's.
    expect((await platform('fees')) - feesBefore).toBe(10_000n - BigInt(row.fee));
    expect(await platform('outgoing')).toBe(0n);
    // Settled once: another pass changes nothing.
    expect((await payouts.track()).settled).toBe(0);
  });

  it('should take a shortfall of the network fee from network_costs', async () => {
    node.fund(key.address, 2_000_000n);
    const id = await withdraw(alice, newAddress(), '0.01');
    node.rate = 50; // 50 sat/vB x ~110 vB is more than the 2,000 satoshis charged
    const payouts = payoutsOf(t, node, key, {}, clock);
    const sent = await payouts.batch();
    if (sent.state !== 'sent') throw new Error(JSON.stringify(sent));
    const fee = BigInt((await payout(sent.payoutId)).fee);
    expect(fee).toBeGreaterThan(2000n);
    const costsBefore = await platform('network_costs');
    node.mine(2);
    await payouts.track();
    expect((await platform('network_costs')) - costsBefore).toBe(2000n - fee);
    expect((await rowsOf([id]))[0]!.status).toBe('completed');
  });

  it('should hold a withdrawal over the per-transaction limit and stop the batch at the day limit', async () => {
    node.fund(key.address, 10_000_000n);
    const big = await withdraw(alice, newAddress(), '0.03');
    const first = await withdraw(alice, newAddress(), '0.004');
    const second = await withdraw(alice, newAddress(), '0.004');
    const third = await withdraw(alice, newAddress(), '0.004');
    // 0.02 per transaction; 0.01 per day, of which the earlier tests' payouts used 0.025 already: so
    // a new limit that counts only what this test pays.
    const payouts = payoutsOf(t, node, key, { maxPerTx: 2_000_000n, maxPerDay: 2_500_000n + 900_000n });
    const waitingBefore = await payouts.waiting();
    const sent = await payouts.batch();
    if (sent.state !== 'sent') throw new Error(JSON.stringify(sent));
    expect(sent.withdrawals).toBe(2);
    const rows = await rowsOf([big, first, second, third]);
    expect(rows.map((w) => w.payoutId !== null)).toEqual([false, true, true, false]);
    const reasons = new Map((await payouts.waiting()).map((w) => [w.withdrawal.publicId, w.reason]));
    expect(reasons.get(big)).toBe('over_tx_limit');
    expect(reasons.get(third)).toBe('day_limit');
    expect(waitingBefore.find((w) => w.withdrawal.publicId === first)?.reason).toBe('next_batch');
    // Nothing more fits today.
    expect(await payouts.batch()).toMatchObject({ state: 'skipped', reason: 'nothing_ready' });
    // Settle them (and the rest later tests leave) so the ledger ends clean.
    node.mine(2);
    await payouts.track();
  });

  it('should save the signed payout before broadcasting and rebroadcast the same bytes after a failure', async () => {
    node.fund(key.address, 5_000_000n);
    const payouts = payoutsOf(t, node, key, { maxPerDay: 100_000_000_000n }, clock);
    // The withdrawals the previous test left waiting go first; then this one.
    const id = await withdraw(alice, newAddress(), '0.002');
    node.offline = true;
    const sent = await payouts.batch();
    expect(sent).toMatchObject({ state: 'sent', broadcast: 'retry' });
    if (sent.state !== 'sent') return;
    const saved = await payout(sent.payoutId);
    expect(saved.status).toBe('broadcast');
    expect((await rowsOf([id]))[0]).toMatchObject({ payoutId: saved.id, txid: saved.txid });
    expect(node.transaction(saved.txid)).toBeUndefined();

    node.offline = false;
    expect(await payouts.track()).toMatchObject({ rebroadcast: 1 });
    expect(node.received).toEqual([saved.rawTx]);
    expect(node.transaction(saved.txid)).toBeDefined();
    // A node that forgets it (restart) gets the same bytes again: never a second signature.
    node.drop(saved.txid);
    await payouts.track();
    expect(node.received).toEqual([saved.rawTx, saved.rawTx]);
    expect(await db().select().from(chainPayouts).where(eq(chainPayouts.txid, saved.txid))).toHaveLength(1);
    node.mine(2);
    expect((await payouts.track()).settled).toBe(1);
    expect((await rowsOf([id]))[0]!.status).toBe('completed');
  });

  it('should replace a stuck payout by fee and settle whichever of the two confirms', async () => {
    node.fund(key.address, 4_000_000n);
    const payouts = payoutsOf(t, node, key, { rbfAfterSeconds: 600 }, clock);
    const ids = [await withdraw(alice, newAddress(), '0.005'), await withdraw(alice, newAddress(), '0.006')];
    node.rate = 2;
    const sent = await payouts.batch();
    if (sent.state !== 'sent') throw new Error(JSON.stringify(sent));
    const original = await payout(sent.payoutId);

    // Not yet old enough; then old enough but the rate has not risen.
    node.rate = 20;
    expect((await payouts.track()).replaced).toBe(0);
    clock.offsetMs = 601_000;
    node.rate = 2;
    expect((await payouts.track()).replaced).toBe(0);
    node.rate = 20;
    expect((await payouts.track()).replaced).toBe(1);

    const [replacement] = await db()
      .select()
      .from(chainPayouts)
      .where(eq(chainPayouts.replacesId, original.id));
    expect(replacement).toMatchObject({ status: 'broadcast' });
    expect((await payout(original.id)).status).toBe('replaced');
    expect(BigInt(replacement!.fee)).toBeGreaterThan(BigInt(original.fee));
    const before = Transaction.fromRaw(hexToBytes(original.rawTx));
    const after = Transaction.fromRaw(hexToBytes(replacement!.rawTx));
    // The same inputs and payments; only the change pays the higher fee.
    expect(after.getInput(0).txid).toEqual(before.getInput(0).txid);
    expect(after.getOutput(0)).toEqual(before.getOutput(0));
    expect(after.getOutput(1)).toEqual(before.getOutput(1));
    expect(before.getOutput(2).amount! - after.getOutput(2).amount!).toBe(
      BigInt(replacement!.fee) - BigInt(original.fee),
    );
    expect(
      verifyP2wpkhSpend(
        replacement!.rawTx,
        node.prevoutsOf(replacement!.rawTx).map((p) => ({ script: p.script, amount: p.value })),
      ),
    ).toBeNull();
    expect((await rowsOf(ids)).map((w) => w.txid)).toEqual([replacement!.txid, replacement!.txid]);
    // The node replaced it in its mempool; the outputs stay reserved to the first payout of the chain.
    expect(node.transaction(original.txid)).toBeUndefined();
    const reserved = await db()
      .select()
      .from(chainPayoutInputs)
      .where(eq(chainPayoutInputs.payoutId, original.id));
    expect(reserved).toHaveLength(1);

    // The original confirms after all (a miner had it): it is the one settled, with its own fee.
    node.drop(replacement!.txid);
    expect(await node.broadcast(original.rawTx)).toMatchObject({ accepted: true });
    node.mine(2);
    const fees = await platform('fees');
    expect((await payouts.track()).settled).toBe(1);
    expect((await payout(original.id)).status).toBe('confirmed');
    expect((await payout(replacement!.id)).status).toBe('failed');
    expect((await rowsOf(ids)).map((w) => [w.status, w.txid, w.payoutId])).toEqual([
      ['completed', original.txid, original.id],
      ['completed', original.txid, original.id],
    ]);
    expect((await platform('fees')) - fees).toBe(4000n - BigInt(original.fee));
  });

  it('should settle the replacement when it is the one that confirms', async () => {
    node.fund(key.address, 4_000_000n);
    const payouts = payoutsOf(t, node, key, { rbfAfterSeconds: 60 }, clock);
    const id = await withdraw(alice, newAddress(), '0.007');
    node.rate = 1;
    const sent = await payouts.batch();
    if (sent.state !== 'sent') throw new Error(JSON.stringify(sent));
    clock.offsetMs = 61_000;
    node.rate = 9;
    expect((await payouts.track()).replaced).toBe(1);
    const [replacement] = await db()
      .select()
      .from(chainPayouts)
      .where(eq(chainPayouts.replacesId, sent.payoutId));
    node.mine(2);
    expect((await payouts.track()).settled).toBe(1);
    expect((await payout(replacement!.id)).status).toBe('confirmed');
    expect((await payout(sent.payoutId)).status).toBe('replaced');
    expect((await rowsOf([id]))[0]).toMatchObject({ status: 'completed', txid: replacement!.txid });
  });

  it('should give the withdrawals back to the queue when the node refuses the payout as a double spend', async () => {
    const funding = node.fund(key.address, 1_000_000n);
    const payouts = payoutsOf(t, node, key, {}, clock);
    const id = await withdraw(alice, newAddress(), '0.003');
    node.offline = true;
    const sent = await payouts.batch();
    if (sent.state !== 'sent') throw new Error(JSON.stringify(sent));
    // Meanwhile the hot wallet's output is spent by another transaction (signed with the same key).
    const other = new Transaction();
    other.addInput({
      txid: funding.txid,
      index: funding.vout,
      witnessUtxo: { script: hotScript, amount: 1_000_000n },
    });
    other.addOutputAddress(newAddress(), 990_000n, REGTEST);
    other.sign(key.privateKey);
    other.finalize();
    node.offline = false;
    expect(await node.broadcast(other.hex)).toMatchObject({ accepted: true });
    node.mine(1);

    await payouts.track();
    expect((await payout(sent.payoutId)).status).toBe('failed');
    expect((await rowsOf([id]))[0]).toMatchObject({ status: 'pending', payoutId: null, txid: null });
    expect(
      await db().select().from(chainPayoutInputs).where(eq(chainPayoutInputs.payoutId, sent.payoutId)),
    ).toHaveLength(0);
    // The next batch pays it from another output.
    node.fund(key.address, 2_000_000n);
    const again = await payouts.batch();
    expect(again).toMatchObject({ state: 'sent', withdrawals: 1, broadcast: 'accepted' });
    node.mine(2);
    await payouts.track();
    expect((await rowsOf([id]))[0]!.status).toBe('completed');
  });

  it('should show staff the payouts, their txids and fees, and what waits; nobody else', async () => {
    node.fund(key.address, 5_000_000n);
    const payouts = payoutsOf(t, node, key, { maxPerTx: 2_000_000n }, clock);
    const big = await withdraw(alice, newAddress(), '0.05');
    const small = await withdraw(alice, newAddress(), '0.001');
    const sent = await payouts.batch();
    if (sent.state !== 'sent') throw new Error(JSON.stringify(sent));
    await runAdminCommand({ db: db(), config: t.config }, [
      'user:create',
      '--username',
      'payout_super',
      '--email',
      'payout_super@example.com',
      '--password',
      'Str0ng-pass!',
      '--role',
      'supermod',
    ]);
    const staff = t.client();
    expect((await staff.login('payout_super')).statusCode).toBe(200);
    // The app's own limits (BTC_HOT_MAX_PER_TX 0.5 by default) decide the reasons shown.
    const response = await staff.get('/rest/v1/admin/payouts?network=BTC');
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json().data;
    expect(view.limits).toMatchObject({ maxPerTx: '0.50000000', maxPerDay: '2.00000000' });
    const open = view.open.find((p: { id: number }) => p.id === sent.payoutId);
    expect(open).toMatchObject({ txid: sent.txid, status: 'broadcast' });
    expect(open.fee).toMatch(/^0\.0000\d{4}$/);
    expect(open.withdrawals).toEqual([
      expect.objectContaining({ id: small, username: 'payout_alice', amount: '0.00100000' }),
    ]);
    expect(view.waiting).toEqual([expect.objectContaining({ id: big, reason: 'next_batch' })]);
    const stranger = await t.client().get('/rest/v1/admin/payouts?network=BTC');
    expect(stranger.statusCode).toBe(404);
    expect((await alice.get('/rest/v1/admin/payouts')).statusCode).toBe(404);
    expect((await staff.get('/rest/v1/admin/payouts?network=DOGE')).statusCode).toBe(422);
    // Under a higher limit the big one goes too, so the next test starts with an empty queue.
    node.fund(key.address, 10_000_000n);
    expect(await payoutsOf(t, node, key, {}, clock).batch()).toMatchObject({ state: 'sent', withdrawals: 1 });
    node.mine(2);
    await payouts.track();
  });

  it('should never spend an output a live payout has reserved', async () => {
    node.fund(key.address, 1_000_000n);
    const payouts = payoutsOf(t, node, key, {}, clock);
    await withdraw(alice, newAddress(), '0.001');
    const first = await payouts.batch();
    expect(first).toMatchObject({ state: 'sent' });
    // A lagging node view still lists the output the live payout spends.
    node.listSpentInMempool = true;
    await withdraw(alice, newAddress(), '0.001');
    expect(await payouts.batch()).toMatchObject({ state: 'skipped', reason: 'insufficient_funds' });
    node.listSpentInMempool = false;
    node.mine(2);
    await payouts.track();
    node.fund(key.address, 1_000_000n);
    expect(await payouts.batch()).toMatchObject({ state: 'sent', withdrawals: 1 });
    node.mine(2);
    await payouts.track();
  });
});
