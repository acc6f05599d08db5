import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { encodeFunctionData, erc20Abi, getAddress, parseTransaction, type Address, type Hex } from 'viem';
import type { Db, Tx } from '../../../../platform/db/client.js';
import type { Leg, Ledger } from '../../../ledger/index.js';
import { chainPayouts, evmSweeps, withdrawals } from '../../tables.js';
import { EVM_COINS, isEvmCoin, type TokenContracts } from './coins.js';
import type { HotWallet } from './hot-wallet-tx.js';
import { EVM_NETWORK, lockHotWallet, replacementFees, type HotTxRequest } from './hot-wallet-tx.js';

/**
 * Sends the EVM chain's external withdrawals from the hot wallet (decision 0059): one transaction each,
 * ETH as value, USDT and USDC as the token's `transfer`; watches them to the required confirmations and
 * settles them; replaces one not mined in time with the same nonce and higher fees. Also confirms the
 * sweeper's transactions (they share the hot wallet's nonces) and books their gas.
 *
 * Only `pending` external withdrawals without a payout are taken (`awaiting_approval` waits for staff).
 */
export type EvmSenderOptions = {
  db: Db;
  ledger: Ledger;
  hot: HotWallet;
  tokens: TokenContracts;
  requiredConfirmations: (coin: string) => number;
  /** Per coin, base units; a coin without an entry has no limit. */
  maxPerTx: Record<string, bigint>;
  maxPerDay: Record<string, bigint>;
  replaceAfterMs: number;
  now?: () => Date;
  log?: (message: string) => void;
};

export type SenderPass = { sent: number; replaced: number; confirmed: number; waiting: number };

const DAY_MS = 86_400_000;

export class EvmSender {
  private readonly now: () => Date;
  private readonly log: (message: string) => void;

  constructor(private readonly options: EvmSenderOptions) {
    this.now = options.now ?? (() => new Date());
    this.log = options.log ?? (() => {});
  }

  /** One pass: send what is ready, rebroadcast and replace what is open, settle what is confirmed. */
  async pass(): Promise<SenderPass> {
    const { sent, waiting } = await this.sendPending();
    const replaced = await this.replaceStuck();
    await this.rebroadcastOpen();
    const confirmed = await this.settleConfirmed();
    return { sent, replaced, confirmed, waiting };
  }

  /** The transaction that pays a withdrawal: ETH as value, a token by its contract's `transfer`. */
  private paymentOf(w: {
    cryptoCode: string;
    address: string | null;
    amount: string;
  }): Omit<HotTxRequest, 'gas'> {
    const to = getAddress(w.address ?? '');
    const amount = BigInt(w.amount);
    if (w.cryptoCode === 'ETH') return { to, value: amount };
    const token = this.options.tokens[w.cryptoCode as 'USDT' | 'USDC'];
    return {
      to: token,
      value: 0n,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
    };
  }

  async sendPending(limit = 50): Promise<{ sent: number; waiting: number }> {
    const { db, hot } = this.options;
    const ready = await db
      .select()
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.status, 'pending'),
          eq(withdrawals.kind, 'external'),
          isNull(withdrawals.payoutId),
          inArray(withdrawals.cryptoCode, [...EVM_COINS]),
        ),
      )
      .orderBy(withdrawals.id)
      .limit(limit);
    if (ready.length === 0) return { sent: 0, waiting: 0 };

    // Network reads first, outside the database transaction: gas per payment, fees, the node's nonce.
    const gasOf = new Map<number, bigint>();
    for (const w of ready) {
      const payment = this.paymentOf(w);
      try {
        const estimate = await hot.client.estimateGas({ account: hot.address, ...payment });
        // Token transfers vary a little with storage state; 20% headroom, refunded when unused.
        gasOf.set(w.id, w.cryptoCode === 'ETH' ? estimate : (estimate * 12n) / 10n);
      } catch (error) {
        this.log(
          `EVM withdrawal ${w.publicId} cannot be estimated: ${(error as Error).message.split('\n')[0]}`,
        );
      }
    }
    const state = await hot.chainState();

    const signed: { raw: Hex }[] = [];
    let waiting = 0;
    await db.transaction(async (tx) => {
      await lockHotWallet(tx);
      const locked = await tx
        .select()
        .from(withdrawals)
        .where(
          and(
            inArray(
              withdrawals.id,
              ready.map((w) => w.id),
            ),
            eq(withdrawals.status, 'pending'),
            isNull(withdrawals.payoutId),
          ),
        )
        .orderBy(withdrawals.id)
        .for('update', { skipLocked: true });
      const dayTotals = await this.sentToday(tx);
      for (const w of locked) {
        const gas = gasOf.get(w.id);
        const amount = BigInt(w.amount);
        const perTx = this.options.maxPerTx[w.cryptoCode];
        const perDay = this.options.maxPerDay[w.cryptoCode];
        const day = dayTotals.get(w.cryptoCode) ?? 0n;
        let reason: string | null = null;
        if (gas === undefined) {
          reason = 'Waiting: the node cannot estimate this transfer (hot wallet balance?).';
        } else if (perTx !== undefined && amount > perTx) {
          reason = "Waiting: above the hot wallet's per-transaction limit (EVM_HOT_MAX_PER_TX).";
        } else if (perDay !== undefined && day + amount > perDay) {
          reason = "Waiting: the hot wallet's daily limit is reached (EVM_HOT_MAX_PER_DAY).";
        }
        if (reason !== null || gas === undefined) {
          waiting += 1;
          if (w.failureReason !== reason) {
            await tx.update(withdrawals).set({ failureReason: reason }).where(eq(withdrawals.id, w.id));
          }
          continue;
        }
        const row = await hot.signAndRecord(tx, { ...this.paymentOf(w), gas }, state);
        await tx
          .update(withdrawals)
          .set({ payoutId: row.id, txid: row.txid, failureReason: null })
          .where(eq(withdrawals.id, w.id));
        dayTotals.set(w.cryptoCode, day + amount);
        signed.push({ raw: row.rawTx as Hex });
      }
    });
    // Saved first, sent after the commit: a crash between the two rebroadcasts the same bytes next pass.
    for (const { raw } of signed) await hot.broadcast(raw);
    return { sent: signed.length, waiting };
  }

  /** What each coin's withdrawals with a payout signed in the last 24 hours add up to. */
  private async sentToday(tx: Tx): Promise<Map<string, bigint>> {
    const since = new Date(this.now().getTime() - DAY_MS);
    const rows = await tx
      .select({
        coin: withdrawals.cryptoCode,
        total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text`,
      })
      .from(withdrawals)
      .innerJoin(chainPayouts, eq(chainPayouts.id, withdrawals.payoutId))
      .where(
        and(
          eq(chainPayouts.network, EVM_NETWORK),
          ne(chainPayouts.status, 'failed'),
          // A replacement is newer than its original: counted a little longer, never less.
          gt(chainPayouts.createdAt, since),
        ),
      )
      .groupBy(withdrawals.cryptoCode);
    return new Map(rows.map((r) => [r.coin, BigInt(r.total)]));
  }

  /** Sends every open transaction's bytes again (idempotent at the node): none is lost to a crash. */
  async rebroadcastOpen(): Promise<void> {
    const { hot } = this.options;
    for (const row of await hot.openPayouts(this.options.db)) {
      const receipt = await this.receiptOf(row.txid as Hex);
      if (!receipt) await hot.broadcast(row.rawTx as Hex);
    }
  }

  /**
   * A transaction not mined `replaceAfterMs` after it was signed is signed again with the same nonce,
   * the same payment and higher fees; the old row becomes `replaced` and the withdrawal (or sweep) points
   * at the new one. Whichever of the two the chain mines is the one settled.
   */
  async replaceStuck(): Promise<number> {
    const { db, hot } = this.options;
    const cutoff = this.now().getTime() - this.options.replaceAfterMs;
    const stuck = [];
    for (const row of await hot.openPayouts(db)) {
      if (row.createdAt.getTime() > cutoff) continue;
      if (await this.receiptOf(row.txid as Hex)) continue;
      stuck.push(row);
    }
    if (stuck.length === 0) return 0;
    const { fees: current } = await hot.chainState();
    const fresh: Hex[] = [];
    for (const old of stuck) {
      await db.transaction(async (tx) => {
        await lockHotWallet(tx);
        const [still] = await tx
          .select()
          .from(chainPayouts)
          .where(and(eq(chainPayouts.id, old.id), eq(chainPayouts.status, 'broadcast')))
          .for('update');
        if (!still || still.nonce === null) return;
        const parsed = parseTransaction(still.rawTx as Hex);
        const fees = replacementFees(
          {
            maxFeePerGas: parsed.maxFeePerGas ?? 0n,
            maxPriorityFeePerGas: parsed.maxPriorityFeePerGas ?? 0n,
          },
          current,
        );
        const gas = parsed.gas ?? 0n;
        const { raw, txid } = await hot.sign({
          to: parsed.to as Address,
          value: parsed.value ?? 0n,
          data: parsed.data,
          gas,
          nonce: still.nonce,
          ...fees,
        });
        await tx.update(chainPayouts).set({ status: 'replaced' }).where(eq(chainPayouts.id, still.id));
        const [row] = await tx
          .insert(chainPayouts)
          .values({
            network: EVM_NETWORK,
            txid,
            rawTx: raw,
            fee: (gas * fees.maxFeePerGas).toString(),
            nonce: still.nonce,
            replacesId: still.id,
            status: 'broadcast',
          })
          .returning();
        await tx
          .update(withdrawals)
          .set({ payoutId: row!.id, txid })
          .where(eq(withdrawals.payoutId, still.id));
        await tx.update(evmSweeps).set({ payoutId: row!.id }).where(eq(evmSweeps.payoutId, still.id));
        fresh.push(raw);
      });
    }
    for (const raw of fresh) await hot.broadcast(raw);
    return fresh.length;
  }

  private async receiptOf(txid: Hex) {
    try {
      return await this.options.hot.client.getTransactionReceipt({ hash: txid });
    } catch (error) {
      if ((error as Error).name === 'TransactionReceiptNotFoundError') return null;
      throw error;
    }
  }

  /**
   * Open transactions mined with the required confirmations: the mined one (the open row or one it
   * replaced) becomes `confirmed` with the fee actually paid, and what it paid for is settled.
   */
  async settleConfirmed(): Promise<number> {
    const { db, hot } = this.options;
    const open = await hot.openPayouts(db);
    if (open.length === 0) return 0;
    const tip = await hot.client.getBlockNumber({ cacheTime: 0 });
    const group = await hot.rowsWithNonces(
      db,
      open.map((row) => row.nonce!).filter((n) => n !== null),
    );
    let confirmed = 0;
    for (const current of open) {
      const candidates = group.filter((row) => row.nonce === current.nonce);
      let mined: {
        row: (typeof candidates)[number];
        receipt: NonNullable<Awaited<ReturnType<EvmSender['receiptOf']>>>;
      } | null = null;
      for (const row of candidates) {
        const receipt = await this.receiptOf(row.txid as Hex);
        if (receipt) mined = { row, receipt };
      }
      if (!mined) continue;
      const confirmations = Number(tip - mined.receipt.blockNumber) + 1;
      const coin = await this.coinOf(current.id);
      if (confirmations < this.options.requiredConfirmations(coin)) continue;
      const gasPaid = mined.receipt.gasUsed * mined.receipt.effectiveGasPrice;
      const success = mined.receipt.status === 'success';
      await db.transaction(async (tx) => {
        await lockHotWallet(tx);
        const [still] = await tx
          .select()
          .from(chainPayouts)
          .where(and(eq(chainPayouts.id, current.id), eq(chainPayouts.status, 'broadcast')))
          .for('update');
        if (!still) return;
        const minedId = mined.row.id;
        const ids = candidates.map((row) => row.id);
        // The open row steps aside first: one live row per nonce (unique index).
        await tx.update(chainPayouts).set({ status: 'replaced' }).where(eq(chainPayouts.id, current.id));
        await tx
          .update(chainPayouts)
          .set({ status: 'confirmed', fee: gasPaid.toString(), confirmedAt: this.now() })
          .where(eq(chainPayouts.id, minedId));
        const paid = await tx
          .select()
          .from(withdrawals)
          .where(inArray(withdrawals.payoutId, ids))
          .for('update');
        for (const w of paid) {
          await this.settleWithdrawal(tx, w, gasPaid, success);
          await tx
            .update(withdrawals)
            .set(
              success
                ? { status: 'completed', completedAt: this.now(), payoutId: minedId, txid: mined.row.txid }
                : {
                    status: 'failed',
                    completedAt: this.now(),
                    payoutId: minedId,
                    txid: mined.row.txid,
                    failureReason: 'The transfer failed on chain; the amount was returned.',
                  },
            )
            .where(eq(withdrawals.id, w.id));
        }
        const [sweep] = await tx.select().from(evmSweeps).where(inArray(evmSweeps.payoutId, ids));
        if (sweep) {
          await tx.update(evmSweeps).set({ payoutId: minedId }).where(eq(evmSweeps.id, sweep.id));
          await this.bookGas(
            tx,
            `evm:sweep:${sweep.id}:gas`,
            { type: 'evm_sweep', id: String(sweep.id) },
            gasPaid,
          );
        }
        confirmed += 1;
      });
    }
    return confirmed;
  }

  /** The coin whose confirmations a transaction waits for: its withdrawal's, or ETH for a sweep. */
  private async coinOf(payoutId: number): Promise<string> {
    const [w] = await this.options.db
      .select({ coin: withdrawals.cryptoCode })
      .from(withdrawals)
      .where(eq(withdrawals.payoutId, payoutId))
      .limit(1);
    return w && isEvmCoin(w.coin) ? w.coin : 'ETH';
  }

  /**
   * The ledger legs of a mined withdrawal (decision 0059). The user was charged `amount + networkFee`
   * into `outgoing`. ETH: the amount and the gas go to `world`, the difference between the fee charged
   * and the gas paid to `fees` (excess) or from `network_costs` (shortfall). A token: the amount goes to
   * `world` and the fee charged (in the token) to `fees`; the gas, paid in ETH, is `network_costs` in ETH.
   * A transfer that failed on chain returns amount and fee to the user; its gas is the operator's.
   */
  private async settleWithdrawal(
    tx: Tx,
    w: typeof withdrawals.$inferSelect,
    gasPaid: bigint,
    success: boolean,
  ): Promise<void> {
    const { ledger } = this.options;
    const amount = BigInt(w.amount);
    const charged = BigInt(w.networkFee);
    const reference = { type: 'withdrawal', id: w.publicId };
    const outgoing = { userId: null, kind: 'outgoing' as const };
    if (!success) {
      await ledger.transfer(
        {
          idempotencyKey: `withdrawal:${w.publicId}:refund`,
          kind: 'withdrawal_refund',
          cryptoCode: w.cryptoCode,
          reference,
          legs: [
            { account: outgoing, amount: -(amount + charged) },
            { account: { userId: w.userId, kind: 'available' }, amount: amount + charged },
          ],
        },
        tx,
      );
      await this.bookGas(tx, `withdrawal:${w.publicId}:gas`, reference, gasPaid);
      return;
    }
    if (w.cryptoCode === 'ETH') {
      const difference = charged - gasPaid;
      const legs: Leg[] = [
        { account: outgoing, amount: -(amount + charged) },
        { account: { userId: null, kind: 'world' }, amount: amount + gasPaid },
      ];
      if (difference > 0n) legs.push({ account: { userId: null, kind: 'fees' }, amount: difference });
      if (difference < 0n) {
        legs.push({ account: { userId: null, kind: 'network_costs' }, amount: difference });
      }
      await ledger.transfer(
        {
          idempotencyKey: `withdrawal:${w.publicId}:settle`,
          kind: 'withdrawal_settle',
          cryptoCode: 'ETH',
          reference,
          legs,
        },
        tx,
      );
      return;
    }
    const legs: Leg[] = [
      { account: outgoing, amount: -(amount + charged) },
      { account: { userId: null, kind: 'world' }, amount },
    ];
    if (charged > 0n) legs.push({ account: { userId: null, kind: 'fees' }, amount: charged });
    await ledger.transfer(
      {
        idempotencyKey: `withdrawal:${w.publicId}:settle`,
        kind: 'withdrawal_settle',
        cryptoCode: w.cryptoCode,
        reference,
        legs,
      },
      tx,
    );
    await this.bookGas(tx, `withdrawal:${w.publicId}:gas`, reference, gasPaid);
  }

  /** Gas the operator paid in ETH: `network_costs` (goes below zero) to `world`. */
  private async bookGas(tx: Tx, key: string, reference: { type: string; id: string }, gas: bigint) {
    if (gas === 0n) return;
    await this.options.ledger.transfer(
      {
        idempotencyKey: key,
        kind: 'withdrawal_settle',
        cryptoCode: 'ETH',
        reference,
        legs: [
          { account: { userId: null, kind: 'network_costs' }, amount: -gas },
          { account: { userId: null, kind: 'world' }, amount: gas },
        ],
      },
      tx,
    );
  }
}
