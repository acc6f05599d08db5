import type { Db, DbOrTx, Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { holdsRepository, type HoldRow } from './holds-repository.js';
import type { HoldState } from './tables.js';
import type { Leg, TransferRequest, TransferResult } from './service.js';

/** A hold as the ledger's callers see it: amounts as bigint (decision 0048). */
export type Hold = {
  id: number;
  userId: number;
  cryptoCode: string;
  /** The trade whose award is held (its hash; the `held` account's reference). */
  reference: string;
  amount: bigint;
  releaseAt: Date;
  state: HoldState;
  settledAt: Date | null;
};

const holdOf = (row: HoldRow): Hold => ({
  id: row.id,
  userId: row.userId,
  cryptoCode: row.cryptoCode,
  reference: row.reference,
  amount: BigInt(row.amount),
  releaseAt: row.releaseAt,
  state: row.state,
  settledAt: row.settledAt,
});

/** The owner's `held` account of a hold: the money itself. */
const heldAccount = (hold: Hold) => ({
  userId: hold.userId,
  kind: 'held' as const,
  reference: hold.reference,
});

type TransferIn = (tx: DbOrTx, request: TransferRequest) => Promise<TransferResult>;

/**
 * Holds: money of a user kept in their `held` account until a date (decision 0048). Every change of a
 * hold is a conditional UPDATE of its state in the same database transaction as its ledger movement
 * (each with its own idempotency key), so a hold is released or reversed exactly once, whoever tries:
 * the release job on several instances, a read that finds it due, an appeal's decision.
 */
export function createHolds(db: Db, transferIn: TransferIn, now: () => Date) {
  /** held/contested -> released: the whole amount to the owner's available balance. */
  async function releaseIn(tx: DbOrTx, hold: Hold, from: 'held' | 'contested', at: Date): Promise<boolean> {
    const moved = await holdsRepository.move(tx, hold.id, from, 'released', at);
    if (!moved) return false;
    await transferIn(tx, {
      idempotencyKey: `hold:${hold.id}:release`,
      kind: 'hold_release',
      cryptoCode: hold.cryptoCode,
      // Holds are dispute awards: their movements name the trade, as the escrow's did.
      reference: { type: 'trade', id: hold.reference },
      legs: [
        { account: heldAccount(hold), amount: -hold.amount },
        { account: { userId: hold.userId, kind: 'available' }, amount: hold.amount },
      ],
    });
    return true;
  }

  /** A contested hold, or a 409 saying what it is instead (nothing to settle: someone else did). */
  function contestedOrRefuse(hold: Hold): void {
    if (hold.state !== 'contested') {
      throw new AppError(
        409,
        'HOLD_NOT_CONTESTED',
        `This award is ${hold.state}, not waiting for an appeal.`,
      );
    }
  }

  return {
    /** The hold named by `reference` in a coin (a trade's award), if any. */
    async of(cryptoCode: string, reference: string, dbOrTx: DbOrTx = db): Promise<Hold | undefined> {
      const row = await holdsRepository.byReference(dbOrTx, cryptoCode, reference);
      return row ? holdOf(row) : undefined;
    },

    /** A user's holds that still keep money out of reach, soonest first (the wallet shows them). */
    async openOf(userId: number, dbOrTx: DbOrTx = db): Promise<Hold[]> {
      return (await holdsRepository.openOf(dbOrTx, userId)).map(holdOf);
    },

    /**
     * Releases every hold whose date has come (`asOf`, default now) and is not contested: the release
     * job's pass, or a read that finds the user's own due (`userId`, `reference`). Batches of `batch`
     * locked with SKIP LOCKED, one transaction each; answers how many this call released. A hold that
     * another worker is releasing is skipped here and released there: never twice (the state's
     * conditional UPDATE, then the movement's key `hold:<id>:release`).
     */
    async releaseDue(
      options: { asOf?: Date; userId?: number; reference?: string; batch?: number } = {},
    ): Promise<number> {
      const batch = options.batch ?? 25;
      let total = 0;
      for (;;) {
        const at = now();
        const { found, released } = await db.transaction(async (tx) => {
          const due = await holdsRepository.lockDue(tx, options.asOf ?? at, batch, options);
          let count = 0;
          for (const row of due) if (await releaseIn(tx, holdOf(row), 'held', at)) count += 1;
          return { found: due.length, released: count };
        });
        total += released;
        if (found < batch) return total;
      }
    },

    /**
     * held -> contested inside the caller's transaction (an appeal was filed): the release job leaves it
     * until the claim is decided. Answers what the hold is now: `contested`, `settled` (it was released
     * or reversed first: the window had ended), or `none` (no hold: an award made before holds existed).
     */
    async contest(tx: Tx, cryptoCode: string, reference: string): Promise<'contested' | 'settled' | 'none'> {
      const row = await holdsRepository.byReference(tx, cryptoCode, reference);
      if (!row) return 'none';
      if (await holdsRepository.move(tx, row.id, 'held', 'contested', now())) return 'contested';
      // The UPDATE waited for a release that committed first, or found the hold already contested.
      const fresh = await holdsRepository.byReference(tx, cryptoCode, reference);
      return fresh?.state === 'contested' ? 'contested' : 'settled';
    },

    /** contested -> released inside the caller's transaction (the claim failed: an appeal rejected). */
    async releaseContested(tx: Tx, hold: Hold): Promise<void> {
      contestedOrRefuse(hold);
      if (!(await releaseIn(tx, hold, 'contested', now()))) {
        throw new AppError(409, 'HOLD_NOT_CONTESTED', 'This award was settled meanwhile.');
      }
    },

    /**
     * contested -> reversed inside the caller's transaction (the claim succeeded: an appeal upheld). The
     * whole hold leaves the `held` account in one movement with `legs` as its other side (they must sum
     * to the hold's amount; the ledger refuses anything else), so the claim is always paid in full.
     */
    async reverse(
      tx: Tx,
      hold: Hold,
      movement: Pick<TransferRequest, 'idempotencyKey' | 'kind'> & { legs: Leg[] },
    ): Promise<TransferResult> {
      contestedOrRefuse(hold);
      if (!(await holdsRepository.move(tx, hold.id, 'contested', 'reversed', now()))) {
        throw new AppError(409, 'HOLD_NOT_CONTESTED', 'This award was settled meanwhile.');
      }
      return transferIn(tx, {
        idempotencyKey: movement.idempotencyKey,
        kind: movement.kind,
        cryptoCode: hold.cryptoCode,
        reference: { type: 'trade', id: hold.reference },
        legs: [{ account: heldAccount(hold), amount: -hold.amount }, ...movement.legs],
      });
    },
  };
}

export type Holds = ReturnType<typeof createHolds>;
