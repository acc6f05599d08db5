import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.js';
import { usersChanged } from '../../../platform/db/changes.js';
import { users } from '../../../platform/db/schema.js';
import { recordAudit } from '../../audit/index.js';
import { ledgerRepository, type Ledger, type Leg } from '../../ledger/index.js';
import type { ChainDepositRow } from '../repository.js';
import { chainDeposits } from '../tables.js';

/** The account notice "problem with the account balance" (contract users.ts): the staff flag reused. */
export const BALANCE_PROBLEM_NOTICE = 0;

/**
 * The deposit book (decision 0055): what the chain followers found becomes money here, and only here.
 * A deposit is credited once it has its confirmations, under a ledger key naming the coin, the txid, the
 * output and the block that holds it; a credited deposit that a reorganisation took out of the best chain
 * is reversed by a new ledger transaction (never an edit): from the user's `available`, and what that
 * cannot cover from their `deficit`, which goes below zero and flags the account for staff. Every later
 * credit to a user in deficit pays the deficit off first.
 */
export function createDepositBook(options: { ledger: Ledger; now?: () => Date }) {
  const { ledger } = options;
  const now = options.now ?? (() => new Date());

  /** Locks the user's available and deficit accounts of the coin (creating them) and reads them. */
  async function lockUserAccounts(tx: Tx, userId: number, cryptoCode: string) {
    const identities = (['available', 'deficit'] as const).map((kind) => ({
      userId,
      cryptoCode,
      kind,
      reference: '',
    }));
    await ledgerRepository.ensureAccounts(tx, identities);
    const locked = await ledgerRepository.lockAccounts(tx, identities);
    const balance = (kind: string) => locked.find((a) => a.kind === kind)?.balance ?? 0n;
    return { available: balance('available'), deficit: balance('deficit') };
  }

  /**
   * The legs of crediting `amount` to a user: the deficit is paid off first, the rest becomes available.
   * Reads the deficit under its lock, so two credits at once never both pay the same debt.
   */
  async function creditLegs(tx: Tx, userId: number, cryptoCode: string, amount: bigint): Promise<Leg[]> {
    const { deficit } = await lockUserAccounts(tx, userId, cryptoCode);
    const repaid = deficit < 0n ? (-deficit < amount ? -deficit : amount) : 0n;
    const legs: Leg[] = [{ account: { userId: null, kind: 'world' }, amount: -amount }];
    if (repaid > 0n) legs.push({ account: { userId, kind: 'deficit' }, amount: repaid });
    if (amount - repaid > 0n) legs.push({ account: { userId, kind: 'available' }, amount: amount - repaid });
    return legs;
  }

  /**
   * The credit's key: the coin, txid, output and block, and after a reversal the reversal's id too, so a
   * deposit reorganised out and mined again (even back into the same block) credits once more, and only
   * after its earlier credit was taken back.
   */
  const keyOf = (
    d: Pick<ChainDepositRow, 'cryptoCode' | 'txid' | 'outputIndex' | 'reversalLedgerTransactionId'>,
    blockHash: string,
  ) =>
    `deposit:${d.cryptoCode}:${d.txid}:${d.outputIndex}:${blockHash}` +
    (d.reversalLedgerTransactionId ? `:after:${d.reversalLedgerTransactionId}` : '');

  return {
    creditLegs,

    /** Credits a pending deposit of a followed chain that reached its confirmations (the row is locked). */
    async credit(tx: Tx, deposit: ChainDepositRow, confirmations: number) {
      if (deposit.status !== 'pending' || !deposit.blockHash) {
        throw new Error(`deposit ${deposit.id} is not a mined pending deposit`);
      }
      const amount = BigInt(deposit.amount);
      const { transactionId } = await ledger.transfer(
        {
          idempotencyKey: keyOf(deposit, deposit.blockHash),
          kind: 'deposit',
          cryptoCode: deposit.cryptoCode,
          reference: { type: 'deposit', id: `${deposit.txid}:${deposit.outputIndex}` },
          legs: await creditLegs(tx, deposit.userId, deposit.cryptoCode, amount),
        },
        tx,
      );
      await tx
        .update(chainDeposits)
        .set({
          status: 'confirmed',
          confirmations,
          confirmedAt: now(),
          ledgerTransactionId: transactionId,
          creditedBlockHash: deposit.blockHash,
        })
        .where(eq(chainDeposits.id, deposit.id));
    },

    /**
     * Takes back a credited deposit the best chain no longer holds (the row is locked). Answers the
     * user's deficit in the coin after it (zero or below).
     */
    async reverse(tx: Tx, deposit: ChainDepositRow): Promise<bigint> {
      const creditedIn = deposit.creditedBlockHash;
      if (deposit.status !== 'confirmed' || !creditedIn) {
        throw new Error(`deposit ${deposit.id} is no credit of a followed chain`);
      }
      const amount = BigInt(deposit.amount);
      const { available, deficit } = await lockUserAccounts(tx, deposit.userId, deposit.cryptoCode);
      const fromAvailable = available < amount ? available : amount;
      const owed = amount - fromAvailable;
      const legs: Leg[] = [{ account: { userId: null, kind: 'world' }, amount }];
      if (fromAvailable > 0n) {
        legs.push({ account: { userId: deposit.userId, kind: 'available' }, amount: -fromAvailable });
      }
      if (owed > 0n) legs.push({ account: { userId: deposit.userId, kind: 'deficit' }, amount: -owed });
      const { transactionId } = await ledger.transfer(
        {
          idempotencyKey: `${keyOf(deposit, creditedIn)}:reversal`,
          kind: 'deposit_reversal',
          cryptoCode: deposit.cryptoCode,
          reference: { type: 'deposit', id: `${deposit.txid}:${deposit.outputIndex}` },
          legs,
        },
        tx,
      );
      await tx
        .update(chainDeposits)
        .set({
          status: 'reversed',
          confirmations: 0,
          reversedAt: now(),
          reversalLedgerTransactionId: transactionId,
        })
        .where(eq(chainDeposits.id, deposit.id));
      const after = deficit - owed;
      if (owed > 0n) await flagDeficit(tx, deposit, owed, after);
      return after;
    },
  };
}

export type DepositBook = ReturnType<typeof createDepositBook>;

/**
 * Flags the account for staff: the notice "problem with the account balance" (which the console lists
 * and the user sees as a banner) unless staff set another one, and an audit row saying why.
 */
async function flagDeficit(tx: Tx, deposit: ChainDepositRow, owed: bigint, deficit: bigint) {
  const [user] = await tx
    .update(users)
    .set({ accountNotice: BALANCE_PROBLEM_NOTICE })
    .where(and(eq(users.id, deposit.userId), isNull(users.accountNotice)))
    .returning({ username: users.username });
  usersChanged(tx, [deposit.userId]);
  const username =
    user?.username ??
    (
      await tx
        .select({ username: users.username })
        .from(users)
        .where(sql`${users.id} = ${deposit.userId}`)
    )[0]?.username ??
    String(deposit.userId);
  await recordAudit(tx, {
    actorId: null,
    actorRole: null,
    action: 'account.deposit_reversed',
    targetType: 'user',
    targetId: username,
    reason:
      `A chain reorganisation took away the credited ${deposit.cryptoCode} deposit ${deposit.txid}:` +
      `${deposit.outputIndex}; ${owed} base units were already spent and are owed (deficit ${deficit}).`,
    before: null,
    after: { cryptoCode: deposit.cryptoCode, deficit: deficit.toString(), notice: user ? 0 : 'unchanged' },
  });
}
