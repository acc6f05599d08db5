import { Transaction } from '@scure/btc-signer';
import type { Db, DbOrTx } from '../../../platform/db/client.js';
import type { Ledger, Leg } from '../../ledger/index.js';
import type { BitcoinNode, BroadcastResult, TxStatus } from '../chain/bitcoin-node.js';
import {
  DUST_LIMIT,
  buildPayout,
  bumpPayout,
  hexToBytes,
  hotWalletScript,
  scriptOf,
  type HotWalletKey,
  type Payment,
  type SignedPayout,
} from './build.js';
import type { ChainParams } from './networks.js';
import { payoutsRepository as repo, type PayoutRow, type PayoutWithdrawalRow } from './repository.js';
import { verifyP2wpkhSpend } from './verify.js';

/** The hot wallet's limits and timings on one network (coin base units; decision 0057). */
export type PayoutSettings = {
  /** One transaction pays at most this much; a single withdrawal above it waits for staff. */
  maxPerTx: bigint;
  /** The payouts of any 24 hours pay at most this much; the batch stops at it. */
  maxPerDay: bigint;
  /** A payout unconfirmed this long (and paying less than the node's current rate) is replaced. */
  rbfAfterSeconds: number;
  /** Confirmations after which a payout is settled in the ledger. */
  requiredConfirmations: number;
  /** The node's fee estimate for confirmation within this many blocks (default 3). */
  feeTargetBlocks?: number;
  /** Withdrawals one batch pays at most (default 250). */
  maxOutputs?: number;
};

/** Why a ready withdrawal is not in a payout yet, as the console shows it. */
export type WaitReason = 'over_tx_limit' | 'day_limit' | 'invalid_address' | 'below_dust' | 'next_batch';

export type BatchOutcome =
  | { state: 'skipped'; reason: 'locked' | 'nothing_ready' | 'insufficient_funds' }
  | {
      state: 'sent';
      payoutId: number;
      txid: string;
      withdrawals: number;
      broadcast: 'accepted' | 'retry' | 'failed';
    };

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
const SILENT: Log = { info: () => undefined, warn: () => undefined };

/**
 * A broadcast refusal, sorted (decision 0057). `known`: the node has it already (counts as sent);
 * `invalid`: it can never be accepted as it is (its outputs are spent, the scripts fail), so unless one
 * of its own transactions is on chain its withdrawals go back to the queue; `retry`: anything else
 * (fee, mempool policy, the node unreachable) is broadcast again the next pass, the same bytes.
 */
export function classifyRefusal(reason: string): 'known' | 'invalid' | 'retry' {
  const r = reason.toLowerCase();
  if (/already (in|known)|txn-already|already in block chain|already have transaction/.test(r)) {
    return 'known';
  }
  if (
    /missingorspent|missing-inputs|missing inputs|inputs-spent|txn-mempool-conflict|bad-txns|script-verify-flag|non-mandatory|mandatory-script|double.?spen|invalid/.test(
      r,
    )
  ) {
    return 'invalid';
  }
  return 'retry';
}

/**
 * Bitcoin and Litecoin withdrawals from the hot wallet (issue 27, decision 0057). `batch` claims the
 * network's ready withdrawals under the network's lock, builds and signs ONE transaction paying them
 * all, records it (payout row, spent outputs, each withdrawal's payout and txid) in one database
 * transaction and only then broadcasts: a crash after signing rebroadcasts the same bytes and never
 * signs a second, different spend. `track` follows the open payouts: settles the confirmed one of each
 * replacement chain through the ledger, rebroadcasts what the node lost, replaces (RBF) a stuck one.
 */
export function createBitcoinPayouts(options: {
  db: Db;
  ledger: Ledger;
  node: BitcoinNode;
  key: HotWalletKey;
  params: ChainParams;
  settings: PayoutSettings;
  now?: () => Date;
  log?: Log;
}) {
  const { db, ledger, node, key, params, settings } = options;
  const network = node.network;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? SILENT;
  const maxOutputs = settings.maxOutputs ?? 250;
  const feeTarget = settings.feeTargetBlocks ?? 3;
  const hotScript = hotWalletScript(key, params);

  /** Why a withdrawal cannot be in this batch on its own, or null. */
  function blockedOnItsOwn(w: PayoutWithdrawalRow): WaitReason | null {
    const amount = BigInt(w.amount);
    if (amount > settings.maxPerTx) return 'over_tx_limit';
    if (!w.address || !scriptOf(w.address, params)) return 'invalid_address';
    if (amount < DUST_LIMIT) return 'below_dust';
    return null;
  }

  const dayStart = () => new Date(now().getTime() - 86_400_000);

  /** The replacement chain a payout belongs to: itself, then what it replaced, back to the first. */
  async function chainOf(payout: PayoutRow, dbOrTx: DbOrTx = db): Promise<PayoutRow[]> {
    const chain = [payout];
    let current = payout;
    while (current.replacesId !== null) {
      const previous = await repo.byId(dbOrTx, current.replacesId);
      if (!previous) break;
      chain.push(previous);
      current = previous;
    }
    return chain;
  }
  const rootOf = (chain: PayoutRow[]) => chain[chain.length - 1]!;

  /** Hands a recorded payout to the node and acts on a refusal; answers what happened. */
  async function broadcast(payout: PayoutRow): Promise<'accepted' | 'retry' | 'failed'> {
    let result: BroadcastResult;
    try {
      result = await node.broadcast(payout.rawTx);
    } catch (err) {
      log.warn({ err, network, txid: payout.txid }, 'payout: broadcast failed, retried next pass');
      return 'retry';
    }
    if (result.accepted) return 'accepted';
    const kind = classifyRefusal(result.reason);
    if (kind === 'known') return 'accepted';
    if (kind === 'retry') {
      log.warn(
        { network, txid: payout.txid, reason: result.reason },
        'payout: broadcast refused, retried next pass',
      );
      return 'retry';
    }
    // Invalid: unless one of its own chain is known to the node (then the refusal is about ours).
    const chain = await chainOf(payout);
    const statuses = await Promise.all(chain.map((p) => node.txStatus(p.txid)));
    if (statuses.some((s) => s.state !== 'unknown')) return 'retry';
    log.warn(
      { network, txid: payout.txid, reason: result.reason },
      'payout: refused as invalid, its withdrawals go back to the queue',
    );
    await fail(payout);
    return 'failed';
  }

  /**
   * A payout the network refuses for good: a replacement gives its withdrawals back to the payout it
   * replaced (still valid); a first payout frees its outputs and its withdrawals wait for the next batch.
   */
  async function fail(payout: PayoutRow) {
    await db.transaction(async (tx) => {
      const [locked] = await repo.lockByIds(tx, [payout.id]);
      if (locked?.status !== 'broadcast') return;
      await repo.setStatus(tx, payout.id, 'failed');
      if (payout.replacesId !== null) {
        const [previous] = await repo.lockByIds(tx, [payout.replacesId]);
        if (previous?.status === 'replaced') {
          await repo.setStatus(tx, previous.id, 'broadcast');
          await repo.move(tx, [payout.id], previous);
          return;
        }
      }
      const chain = await chainOf(payout, tx);
      await repo.detach(
        tx,
        chain.map((p) => p.id),
      );
      await repo.releaseInputs(tx, rootOf(chain).id);
    });
  }

  async function batch(): Promise<BatchOutcome> {
    // The node first: no network I/O inside the database transaction.
    const utxos = (await node.utxos(key.address)).filter((u) => u.confirmations >= 1);
    const feeRate = await node.feeRate(feeTarget);
    type Recorded =
      { skipped: 'locked' | 'nothing_ready' | 'insufficient_funds' } | { payout: PayoutRow; count: number };
    const recorded = await db.transaction(async (tx): Promise<Recorded> => {
      if (!(await repo.tryLockNetwork(tx, network))) return { skipped: 'locked' };
      await repo.markBatchRan(tx, network, now());
      const ready = await repo.claimReady(tx, network, maxOutputs);
      let dayLeft = settings.maxPerDay - (await repo.paidSince(tx, network, dayStart()));
      let txLeft = settings.maxPerTx;
      const chosen: { withdrawal: PayoutWithdrawalRow; payment: Payment }[] = [];
      for (const w of ready) {
        if (blockedOnItsOwn(w)) continue;
        const amount = BigInt(w.amount);
        // Oldest first: the first that does not fit stops the batch, so no later one overtakes it.
        if (amount > txLeft || amount > dayLeft) break;
        txLeft -= amount;
        dayLeft -= amount;
        chosen.push({ withdrawal: w, payment: { address: w.address!, amount } });
      }
      if (chosen.length === 0) return { skipped: 'nothing_ready' };
      // Spend only confirmed outputs no payout has taken: an unconfirmed change would break if the
      // payout that made it were replaced.
      const reserved = await repo.reservedAmong(tx, network, [...new Set(utxos.map((u) => u.txid))]);
      const free = utxos.filter((u) => !reserved.has(`${u.txid}:${u.vout}`));
      let built = buildPayout({
        params,
        key,
        utxos: free,
        payments: chosen.map((c) => c.payment),
        feeRate,
      });
      // Not enough in the hot wallet: pay the oldest that it covers, the rest wait for a refill.
      while (!built.ok && chosen.length > 1) {
        chosen.pop();
        built = buildPayout({ params, key, utxos: free, payments: chosen.map((c) => c.payment), feeRate });
      }
      if (!built.ok) {
        log.warn(
          { network, needed: built.needed.toString(), available: built.available.toString() },
          'payout: the hot wallet cannot cover the oldest withdrawal; refill it',
        );
        return { skipped: 'insufficient_funds' };
      }
      const problem = verifyP2wpkhSpend(
        built.rawTx,
        built.inputs.map((i) => ({ script: hotScript, amount: i.value })),
      );
      if (problem) throw new Error(`payout: the signed transaction does not verify: ${problem}`);
      const payout = await repo.insertPayout(tx, {
        network,
        txid: built.txid,
        rawTx: built.rawTx,
        fee: built.fee.toString(),
        status: 'broadcast',
      });
      await repo.reserveInputs(tx, network, payout.id, built.inputs);
      await repo.attach(
        tx,
        chosen.map((c) => c.withdrawal.id),
        payout,
      );
      return { payout, count: chosen.length };
    });
    if ('skipped' in recorded) return { state: 'skipped', reason: recorded.skipped };
    const { payout, count } = recorded;
    log.info({ network, txid: payout.txid, withdrawals: count, fee: payout.fee }, 'payout: batch signed');
    return {
      state: 'sent',
      payoutId: payout.id,
      txid: payout.txid,
      withdrawals: count,
      broadcast: await broadcast(payout),
    };
  }

  /**
   * Settles the confirmed payout of a replacement chain: the withdrawals it pays complete with its
   * txid, and the ledger moves what left the platform (decision 0057): per withdrawal, `outgoing` gives
   * up what the user was charged (amount + network fee), `world` receives the amount plus the
   * withdrawal's share of the chain fee, and the difference is the platform's: an excess charged to
   * `fees`, a shortfall from `network_costs`.
   */
  async function settle(winner: PayoutRow, chain: PayoutRow[]): Promise<number> {
    return db.transaction(async (tx) => {
      const locked = await repo.lockByIds(
        tx,
        chain.map((p) => p.id),
      );
      if (locked.some((p) => p.status === 'confirmed')) return 0;
      await repo.setStatus(tx, winner.id, 'confirmed', now());
      for (const p of locked) {
        // A newer replacement the chain did not take can never confirm now: it failed.
        if (p.id !== winner.id && p.status === 'broadcast') await repo.setStatus(tx, p.id, 'failed');
      }
      const paid = await repo.lockWithdrawalsOf(
        tx,
        chain.map((p) => p.id),
      );
      const fee = BigInt(winner.fee);
      const count = BigInt(paid.length);
      for (const [i, w] of paid.entries()) {
        const share = fee / count + (BigInt(i) < fee % count ? 1n : 0n);
        const amount = BigInt(w.amount);
        const charged = BigInt(w.networkFee);
        const legs: Leg[] = [
          { account: { userId: null, kind: 'outgoing' }, amount: -(amount + charged) },
          { account: { userId: null, kind: 'world' }, amount: amount + share },
        ];
        if (charged > share) legs.push({ account: { userId: null, kind: 'fees' }, amount: charged - share });
        if (charged < share) {
          legs.push({ account: { userId: null, kind: 'network_costs' }, amount: charged - share });
        }
        // IRREVERSIBLE: the coins left on chain; the key is the withdrawal's, as the simulated chain's.
        await ledger.transfer(
          {
            idempotencyKey: `withdrawal:${w.publicId}:settle`,
            kind: 'withdrawal_settle',
            cryptoCode: w.cryptoCode,
            reference: { type: 'withdrawal', id: w.publicId },
            legs,
          },
          tx,
        );
      }
      await repo.move(
        tx,
        chain.map((p) => p.id),
        winner,
      );
      await repo.complete(
        tx,
        paid.map((w) => w.id),
        now(),
      );
      return paid.length;
    });
  }

  /** Signs and records a replacement of a stuck payout, then broadcasts it. */
  async function replace(payout: PayoutRow, chain: PayoutRow[], feeRate: number): Promise<boolean> {
    const inputs = await repo.inputsOf(db, rootOf(chain).id);
    const bumped: SignedPayout | null = bumpPayout({
      params,
      key,
      rawTx: payout.rawTx,
      inputs,
      oldFee: BigInt(payout.fee),
      newFeeRate: feeRate,
    });
    if (!bumped) {
      log.warn({ network, txid: payout.txid }, 'payout: stuck, and its change cannot pay a higher fee');
      return false;
    }
    const problem = verifyP2wpkhSpend(
      bumped.rawTx,
      bumped.inputs.map((i) => ({ script: hotScript, amount: i.value })),
    );
    if (problem) throw new Error(`payout: the replacement does not verify: ${problem}`);
    const replacement = await db.transaction(async (tx) => {
      const [locked] = await repo.lockByIds(tx, [payout.id]);
      if (locked?.status !== 'broadcast') return undefined;
      const created = await repo.insertPayout(tx, {
        network,
        txid: bumped.txid,
        rawTx: bumped.rawTx,
        fee: bumped.fee.toString(),
        replacesId: payout.id,
        status: 'broadcast',
      });
      await repo.setStatus(tx, payout.id, 'replaced');
      await repo.move(tx, [payout.id], created);
      return created;
    });
    if (!replacement) return false;
    log.info(
      { network, replaced: payout.txid, txid: replacement.txid, fee: replacement.fee },
      'payout: replaced by fee',
    );
    // A replacement the node refuses gives its withdrawals back to the payout it replaced.
    const outcome = await broadcast(replacement);
    if (outcome === 'retry') {
      const status = await node.txStatus(replacement.txid);
      if (status.state === 'unknown') await fail(replacement);
    }
    return outcome === 'accepted';
  }

  const vsizeOf = (rawTx: string) => Transaction.fromRaw(hexToBytes(rawTx)).vsize;

  async function track(): Promise<{ settled: number; rebroadcast: number; replaced: number }> {
    const result = { settled: 0, rebroadcast: 0, replaced: 0 };
    let currentRate: number | undefined;
    for (const payout of await repo.open(db, network)) {
      const chain = await chainOf(payout);
      const statuses: TxStatus[] = await Promise.all(chain.map((p) => node.txStatus(p.txid)));
      const confirmedAt = statuses.findIndex((s) => s.state === 'confirmed');
      if (confirmedAt >= 0) {
        const status = statuses[confirmedAt] as Extract<TxStatus, { state: 'confirmed' }>;
        if (status.confirmations >= settings.requiredConfirmations) {
          result.settled += (await settle(chain[confirmedAt]!, chain)) > 0 ? 1 : 0;
        }
        continue;
      }
      if (statuses[0]!.state === 'unknown') {
        // Recorded but not in the node's mempool (a crash before the broadcast, a node restart): the
        // same bytes again, never a new signature.
        const outcome = await broadcast(payout);
        if (outcome === 'accepted') result.rebroadcast += 1;
        continue;
      }
      const age = (now().getTime() - payout.createdAt.getTime()) / 1000;
      if (age < settings.rbfAfterSeconds) continue;
      currentRate ??= await node.feeRate(feeTarget);
      if (Number(payout.fee) / vsizeOf(payout.rawTx) >= currentRate) continue;
      if (await replace(payout, chain, currentRate)) result.replaced += 1;
    }
    return result;
  }

  /** Why each ready withdrawal of the network waits, oldest first (the console's list). */
  async function waiting(limit = 200) {
    const ready = await repo.ready(db, network, limit);
    let dayLeft = settings.maxPerDay - (await repo.paidSince(db, network, dayStart()));
    return ready.map((w) => {
      const own = blockedOnItsOwn(w);
      if (own) return { withdrawal: w, reason: own };
      const amount = BigInt(w.amount);
      if (amount > dayLeft) {
        dayLeft = -1n;
        return { withdrawal: w, reason: 'day_limit' as WaitReason };
      }
      dayLeft -= amount;
      return { withdrawal: w, reason: 'next_batch' as WaitReason };
    });
  }

  return {
    network,
    settings,
    batch,
    track,
    waiting,
    /** One pass of the batcher: follow the open payouts, then send a new batch. */
    async pass() {
      const tracked = await track();
      const sent = await batch();
      return { tracked, sent };
    },
  };
}

export type BitcoinPayouts = ReturnType<typeof createBitcoinPayouts>;
