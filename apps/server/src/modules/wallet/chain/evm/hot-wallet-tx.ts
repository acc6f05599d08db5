import { and, eq, inArray, max, sql } from 'drizzle-orm';
import { keccak256, type Address, type Hex, type PrivateKeyAccount, type PublicClient } from 'viem';
import type { Db, DbOrTx } from '../../../../platform/db/client.js';
import { chainPayouts } from '../../tables.js';

/**
 * Signing the hot wallet's transactions (decision 0059). Every transaction from the hot wallet, a
 * withdrawal or a sweep, takes its nonce here: under one advisory lock, the next nonce is one above the
 * highest the database has recorded (or the node's count, if higher: the factory's deployment and any
 * transaction sent outside the server), the transaction is signed and its row saved in the same database
 * transaction, and only after the commit is it broadcast. So no two live transactions share a nonce (the
 * lock, and the unique index on live nonces), no nonce is skipped (a row is saved for each one taken),
 * and a crash after signing rebroadcasts the same bytes.
 */
const EVM_LOCK_NAMESPACE = 0x6576_6d77; // "evmw"
const HOT_WALLET_LOCK = 1;

export const EVM_NETWORK = 'EVM';

export async function lockHotWallet(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${EVM_LOCK_NAMESPACE}::int4, ${HOT_WALLET_LOCK}::int4)`);
}

/** What a hot-wallet transaction does; its nonce and fees are chosen when it is signed. */
export type HotTxRequest = { to: Address; value: bigint; data?: Hex; gas: bigint };
export type Fees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };

export class HotWallet {
  constructor(
    readonly db: Db,
    readonly client: PublicClient,
    readonly account: PrivateKeyAccount,
    readonly chainId: number,
  ) {}

  get address(): Address {
    return this.account.address;
  }

  /** Read before the database transaction (no network I/O under the lock). */
  async chainState(): Promise<{ nonce: number; fees: Fees }> {
    const [nonce, fees] = await Promise.all([
      this.client.getTransactionCount({ address: this.address, blockTag: 'pending' }),
      this.client.estimateFeesPerGas({ chain: undefined, type: 'eip1559' }),
    ]);
    return {
      nonce,
      fees: { maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas },
    };
  }

  /** The next nonce; call under `lockHotWallet`. */
  async nextNonce(tx: DbOrTx, chainNonce: number): Promise<number> {
    const [row] = await tx
      .select({ highest: max(chainPayouts.nonce) })
      .from(chainPayouts)
      .where(eq(chainPayouts.network, EVM_NETWORK));
    const highest = row?.highest ?? null;
    return Math.max(chainNonce, highest === null ? 0 : Number(highest) + 1);
  }

  async sign(request: HotTxRequest & { nonce: number } & Fees): Promise<{ raw: Hex; txid: Hex }> {
    const raw = await this.account.signTransaction({
      type: 'eip1559',
      chainId: this.chainId,
      nonce: request.nonce,
      to: request.to,
      value: request.value,
      data: request.data,
      gas: request.gas,
      maxFeePerGas: request.maxFeePerGas,
      maxPriorityFeePerGas: request.maxPriorityFeePerGas,
    });
    return { raw, txid: keccak256(raw) };
  }

  /** Signs with the next nonce and saves the row (status `broadcast`: to be sent, then rebroadcast). */
  async signAndRecord(
    tx: DbOrTx,
    request: HotTxRequest,
    state: { nonce: number; fees: Fees },
    replacesId: number | null = null,
  ) {
    const nonce = await this.nextNonce(tx, state.nonce);
    const { raw, txid } = await this.sign({ ...request, nonce, ...state.fees });
    const [row] = await tx
      .insert(chainPayouts)
      .values({
        network: EVM_NETWORK,
        txid,
        rawTx: raw,
        fee: (request.gas * state.fees.maxFeePerGas).toString(),
        nonce,
        replacesId,
        status: 'broadcast',
      })
      .returning();
    return row!;
  }

  /**
   * Sends signed bytes; a node that already has them, or has mined a transaction with this nonce,
   * answers with an error that changes nothing: the settlement pass reads the receipts.
   */
  async broadcast(raw: Hex): Promise<{ ok: boolean; error?: string }> {
    try {
      await this.client.sendRawTransaction({ serializedTransaction: raw });
      return { ok: true };
    } catch (error) {
      return { ok: false, error: (error as Error).message.split('\n')[0] };
    }
  }

  /** The open (signed, not confirmed) rows of the hot wallet. */
  async openPayouts(db: DbOrTx) {
    return db
      .select()
      .from(chainPayouts)
      .where(and(eq(chainPayouts.network, EVM_NETWORK), eq(chainPayouts.status, 'broadcast')))
      .orderBy(chainPayouts.nonce);
  }

  /** Every row with one of these nonces (a transaction and its replacements). */
  async rowsWithNonces(db: DbOrTx, nonces: number[]) {
    if (nonces.length === 0) return [];
    return db
      .select()
      .from(chainPayouts)
      .where(and(eq(chainPayouts.network, EVM_NETWORK), inArray(chainPayouts.nonce, nonces)));
  }
}

/** A replacement must beat the old fees by 10% (geth's rule); 12.5% and the node's current estimate. */
export function replacementFees(old: Fees, current: Fees): Fees {
  const bump = (value: bigint) => (value * 1125n) / 1000n + 1n;
  const maxPriorityFeePerGas = [bump(old.maxPriorityFeePerGas), current.maxPriorityFeePerGas].reduce(
    (a, b) => (a > b ? a : b),
  );
  const maxFeePerGas = [bump(old.maxFeePerGas), current.maxFeePerGas, maxPriorityFeePerGas].reduce((a, b) =>
    a > b ? a : b,
  );
  return { maxFeePerGas, maxPriorityFeePerGas };
}
