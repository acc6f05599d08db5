import { createHash } from 'node:crypto';
import { walletTransactionKinds } from '@app/contract';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { createHolds } from './holds.js';
import { holdsRepository } from './holds-repository.js';
import { ledgerRepository, type AccountIdentity } from './repository.js';
import {
  isNonPositiveAccountKind,
  isPerTradeAccountKind,
  isUserAccountKind,
  type AccountKind,
} from './tables.js';
import { usersChanged } from '../../platform/db/changes.js';

/** The kinds of movement; the wallet history shows the same list (one source: the contract). */
export const TRANSACTION_KINDS = walletTransactionKinds;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/** An account by what it is: whose, which kind, and for escrow and held which trade. */
export type AccountRef = { userId: number | null; kind: AccountKind; reference?: string };
/** One side of a movement: negative debits, positive credits. */
export type Leg = { account: AccountRef; amount: bigint };

export type TransferRequest = {
  /** Chosen by the caller and stable across retries (e.g. `trade:<hash>:lock`). */
  idempotencyKey: string;
  kind: TransactionKind;
  cryptoCode: string;
  reference: { type: string; id: string };
  legs: Leg[];
};
export type TransferResult = { transactionId: number; replayed: boolean };

export type EscrowTrade = {
  /** The trade's public hash; it names the escrow account and the idempotency keys. */
  tradeId: string;
  cryptoCode: string;
  sellerId: number;
  buyerId: number;
  /** What the buyer receives. */
  amount: bigint;
  /** The escrow fee locked on top of the amount, paid to the platform on release. */
  fee: bigint;
};

/**
 * A settlement whose winner's share is held rather than made available (a dispute award that can still
 * be appealed, decision 0048): it goes to the winner's `held` account for the trade, with a hold row
 * saying until when.
 */
export type SettleOptions = { holdUntil?: Date };

const identityOf = (cryptoCode: string, ref: AccountRef): AccountIdentity => ({
  userId: ref.userId,
  cryptoCode,
  kind: ref.kind,
  reference: ref.reference ?? '',
});
const keyOf = (a: AccountIdentity) => `${a.userId ?? 0}|${a.cryptoCode}|${a.kind}|${a.reference}`;

function validate(request: TransferRequest): void {
  const problem = (message: string) =>
    new Error(`invalid ledger transfer ${request.idempotencyKey}: ${message}`);
  if (request.legs.length < 2) throw problem('needs at least two legs');
  let sum = 0n;
  for (const leg of request.legs) {
    if (leg.amount === 0n) throw problem('zero leg');
    if (isUserAccountKind(leg.account.kind) !== (leg.account.userId !== null)) {
      throw problem('owner mismatch');
    }
    if (isPerTradeAccountKind(leg.account.kind) !== Boolean(leg.account.reference)) {
      throw problem(`${leg.account.kind} reference`);
    }
    sum += leg.amount;
  }
  if (sum !== 0n) throw problem(`legs sum to ${sum}, not zero`);
}

/** The request, normalised, hashed: the same key must always mean the same movement. */
function requestHash(request: TransferRequest): string {
  const legs = request.legs
    .map((leg) => `${keyOf(identityOf(request.cryptoCode, leg.account))}=${leg.amount}`)
    .sort();
  const text = [request.kind, request.cryptoCode, request.reference.type, request.reference.id, ...legs].join(
    '\n',
  );
  return createHash('sha256').update(text).digest('hex');
}

/** A user's balances in one coin, per kind of account. */
export type UserBalances = { available: bigint; escrow: bigint; bond: bigint; held: bigint };
export const NO_BALANCES: Readonly<UserBalances> = { available: 0n, escrow: 0n, bond: 0n, held: 0n };

export const insufficientFunds = (message = 'Insufficient balance') =>
  new AppError(422, 'INSUFFICIENT_FUNDS', message, [
    { field: 'amount', message, code: 'insufficient_funds' },
  ]);

/**
 * The ledger's service API. Every movement is one ledger transaction whose entries sum to zero, claimed
 * by an idempotency key (unique index), with the touched accounts locked in id order, balances checked
 * under the lock and updated in the same database transaction. Pass `tx` to make the movement part of
 * a larger unit of work (a trade's creation locks its escrow in the same transaction).
 */
export function createLedger(db: Db, now: () => Date = () => new Date()) {
  /**
   * `opensAccount`: the movement creates an account (a trade's escrow), so the accounts are created and
   * locked at once rather than after a first lock finds one missing (two statements fewer).
   */
  async function transferIn(
    tx: DbOrTx,
    request: TransferRequest,
    options: { opensAccount?: boolean } = {},
  ): Promise<TransferResult> {
    validate(request);
    const hash = requestHash(request);
    const identities = [
      ...new Map(
        request.legs.map((leg) => {
          const identity = identityOf(request.cryptoCode, leg.account);
          return [keyOf(identity), identity];
        }),
      ).values(),
    ];
    // One statement claims the key and locks the accounts; accounts exist from their first movement on,
    // so creating them is only needed the first time (or at once for a movement that opens one).
    const claimed = await ledgerRepository.claimAndLock(
      tx,
      {
        kind: request.kind,
        cryptoCode: request.cryptoCode,
        referenceType: request.reference.type,
        referenceId: request.reference.id,
        idempotencyKey: request.idempotencyKey,
        requestHash: hash,
      },
      identities,
      { open: options.opensAccount },
    );
    const { transactionId } = claimed;
    if (transactionId === undefined) {
      // The key was used before (or by a concurrent request that committed first).
      const existing = await ledgerRepository.findTransactionByKey(tx, request.idempotencyKey);
      if (!existing) throw new Error(`ledger key ${request.idempotencyKey} vanished`);
      if (existing.requestHash !== hash) {
        throw new AppError(409, 'IDEMPOTENCY_KEY_REUSED', 'This operation was already done differently.');
      }
      return { transactionId: existing.id, replayed: true };
    }
    let locked = claimed.accounts;
    if (locked.length < identities.length) {
      await ledgerRepository.ensureAccounts(tx, identities);
      locked = await ledgerRepository.lockAccounts(tx, identities);
    }
    const byKey = new Map(locked.map((account) => [keyOf(account), account]));

    const deltas = new Map<number, bigint>();
    for (const leg of request.legs) {
      const account = byKey.get(keyOf(identityOf(request.cryptoCode, leg.account)));
      if (!account) {
        throw new Error(
          `ledger account missing after ensure: ${keyOf(identityOf(request.cryptoCode, leg.account))} among ${locked.length}/${identities.length}`,
        );
      }
      deltas.set(account.id, (deltas.get(account.id) ?? 0n) + leg.amount);
    }
    // Checked under the row lock, so no concurrent movement can slip between check and write; the
    // CHECK constraint on the table is the last line of defence.
    for (const account of locked) {
      const delta = deltas.get(account.id) ?? 0n;
      if (account.kind === 'world') continue;
      if (isNonPositiveAccountKind(account.kind)) {
        // What is owed (a deficit, the operator's network costs) is paid off, never overpaid (0055).
        if (account.balance + delta > 0n) throw insufficientFunds('More than is owed');
        continue;
      }
      if (account.balance + delta < 0n) {
        throw account.kind === 'escrow'
          ? new AppError(409, 'ESCROW_ALREADY_SETTLED', 'The escrow of this trade is already settled.')
          : insufficientFunds();
      }
    }
    await ledgerRepository.applyMovement(tx, {
      transactionId,
      cryptoCode: request.cryptoCode,
      deltas: [...deltas].map(([accountId, delta]) => ({ accountId, delta })),
      entries: request.legs.map((leg) => ({
        accountId: byKey.get(keyOf(identityOf(request.cryptoCode, leg.account)))!.id,
        amount: leg.amount,
      })),
    });
    usersChanged(
      tx,
      request.legs.map((leg) => leg.account.userId),
    );
    return { transactionId, replayed: false };
  }

  const run = <T>(tx: Tx | undefined, work: (t: DbOrTx) => Promise<T>): Promise<T> =>
    tx ? work(tx) : db.transaction((t) => work(t));

  /**
   * Settles a trade's escrow (key `trade:<hash>:settle`): the whole escrow leaves, `to` gets its share
   * in their available balance, or in their `held` account for the trade with a hold row when
   * `holdUntil` is given, and `others` the rest (the platform's fee).
   */
  async function settle(
    t: DbOrTx,
    trade: EscrowTrade,
    kind: 'escrow_release' | 'escrow_refund',
    to: { userId: number; amount: bigint },
    others: Leg[],
    { holdUntil }: SettleOptions,
  ): Promise<TransferResult> {
    const result = await transferIn(t, {
      idempotencyKey: `trade:${trade.tradeId}:settle`,
      kind,
      cryptoCode: trade.cryptoCode,
      reference: { type: 'trade', id: trade.tradeId },
      legs: [
        {
          account: { userId: trade.sellerId, kind: 'escrow', reference: trade.tradeId },
          amount: -(trade.amount + trade.fee),
        },
        {
          account: holdUntil
            ? { userId: to.userId, kind: 'held', reference: trade.tradeId }
            : { userId: to.userId, kind: 'available' },
          amount: to.amount,
        },
        ...others,
      ],
    });
    if (holdUntil && !result.replayed) {
      await holdsRepository.insert(t, {
        userId: to.userId,
        cryptoCode: trade.cryptoCode,
        reference: trade.tradeId,
        amount: to.amount.toString(),
        releaseAt: holdUntil,
      });
    }
    return result;
  }

  return {
    /** Money kept out of reach until a date: dispute awards that can still be appealed (0048). */
    holds: createHolds(db, transferIn, now),

    /** One balanced movement, exactly once per idempotency key. */
    transfer: (request: TransferRequest, tx?: Tx) => run(tx, (t) => transferIn(t, request)),

    /** Seller's available -> the trade's escrow (amount + fee). Called in the trade's creating transaction. */
    lockEscrow: (trade: EscrowTrade, tx?: Tx) =>
      run(tx, (t) =>
        transferIn(
          t,
          {
            idempotencyKey: `trade:${trade.tradeId}:lock`,
            kind: 'escrow_lock',
            cryptoCode: trade.cryptoCode,
            reference: { type: 'trade', id: trade.tradeId },
            legs: [
              { account: { userId: trade.sellerId, kind: 'available' }, amount: -(trade.amount + trade.fee) },
              {
                account: { userId: trade.sellerId, kind: 'escrow', reference: trade.tradeId },
                amount: trade.amount + trade.fee,
              },
            ],
          },
          { opensAccount: true },
        ),
      ),

    /**
     * Escrow -> buyer (amount) and platform fees (fee). Release and refund share one key, so an escrow
     * settles at most once: whichever commits first wins, the other gets 409. `holdUntil`: the buyer's
     * amount is held until then (a dispute award).
     */
    releaseEscrow: (trade: EscrowTrade, tx?: Tx, options: SettleOptions = {}) =>
      run(tx, (t) =>
        settle(
          t,
          trade,
          'escrow_release',
          { userId: trade.buyerId, amount: trade.amount },
          trade.fee > 0n ? [{ account: { userId: null, kind: 'fees' }, amount: trade.fee }] : [],
          options,
        ),
      ),

    /**
     * Escrow -> back to the seller, all of it (cancel, expiry, a dispute won by the seller). `holdUntil`:
     * held until then (a dispute award).
     */
    refundEscrow: (trade: EscrowTrade, tx?: Tx, options: SettleOptions = {}) =>
      run(tx, (t) =>
        settle(
          t,
          trade,
          'escrow_refund',
          { userId: trade.sellerId, amount: trade.amount + trade.fee },
          [],
          options,
        ),
      ),

    /**
     * An account's balance and version (its last entry id). Callers that move "whatever is missing"
     * derive their idempotency key from the version, so two concurrent requests that saw the same state
     * make one movement.
     */
    async accountState(cryptoCode: string, ref: AccountRef, dbOrTx: DbOrTx = db) {
      const account = await ledgerRepository.findAccount(dbOrTx, identityOf(cryptoCode, ref));
      if (!account) return { balance: 0n, version: 0 };
      return {
        balance: BigInt(account.balance),
        version: await ledgerRepository.lastEntryId(dbOrTx, account.id),
      };
    },

    /** A user's ledger entries, newest first (the wallet history), keyset-paginated by entry id. */
    entriesOf: (
      userId: number,
      options: { cryptoCode?: string; kinds?: string[]; beforeId?: number; limit: number },
      dbOrTx: DbOrTx = db,
    ) => ledgerRepository.entriesOfUser(dbOrTx, userId, options),

    /** Balances of one user's accounts per coin and kind (escrow and held summed over trades). */
    async balancesOf(userId: number, dbOrTx: DbOrTx = db) {
      const rows = await ledgerRepository.accountsOfUser(dbOrTx, userId);
      const result = new Map<string, UserBalances>();
      for (const row of rows) {
        const entry = result.get(row.cryptoCode) ?? { ...NO_BALANCES };
        if (row.kind in entry) entry[row.kind as keyof UserBalances] += BigInt(row.balance);
        result.set(row.cryptoCode, entry);
      }
      return result;
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
