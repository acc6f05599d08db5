import { parseAmount } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { AdminCommandFailed } from '../../platform/admin/index.js';
import { createLedger, type Leg } from '../ledger/index.js';
import { recordAudit } from '../audit/index.js';

/**
 * What moved in custody by the operator's hand, which no user's action books (decision 0060, "the
 * operator's own coins"):
 *
 * - `float`: the operator's own coins put in custody (ETH sent to the hot wallet for gas, coins added to
 *   refill it): `world` -> `operator`. A negative amount takes them back out, never more than was put in.
 * - `cost`: chain fees the operator paid moving custody by hand (deposit or cold addresses to the hot
 *   wallet): `network_costs` -> `world`, as the payouts and the sweeper book theirs.
 *
 * Without these, `chain:reconcile` sees the chain hold more (a float) or less (a fee) than the ledger and
 * fails. Each is keyed by the chain transaction that moved the coins: booking one twice does nothing.
 */
export type CustodyBooking = {
  as: 'float' | 'cost';
  cryptoCode: string;
  decimals: number;
  /** A decimal amount; for `float`, a leading minus takes coins out of the float. */
  amount: string;
  /** The chain transaction that moved the coins (the booking's key). */
  txid: string;
  note: string;
};

export async function bookCustody(
  db: Db,
  booking: CustodyBooking,
): Promise<{ units: bigint; replayed: boolean }> {
  const negative = booking.amount.trim().startsWith('-');
  if (negative && booking.as === 'cost') {
    throw new AdminCommandFailed('--amount: a cost is what was paid, a positive amount');
  }
  const parsed = parseAmount(booking.amount.trim().replace(/^-/, ''), booking.decimals);
  if (!parsed.ok) throw new AdminCommandFailed(`--amount: ${parsed.message}`);
  const units = negative ? -parsed.units : parsed.units;
  const legs: Leg[] =
    booking.as === 'float'
      ? [
          { account: { userId: null, kind: 'world' }, amount: -units },
          { account: { userId: null, kind: 'operator' }, amount: units },
        ]
      : [
          { account: { userId: null, kind: 'network_costs' }, amount: -units },
          { account: { userId: null, kind: 'world' }, amount: units },
        ];
  return db.transaction(async (tx) => {
    const result = await createLedger(db).transfer(
      {
        idempotencyKey: `custody:${booking.as}:${booking.cryptoCode}:${booking.txid}`,
        kind: booking.as === 'float' && !negative ? 'deposit' : 'withdrawal_settle',
        cryptoCode: booking.cryptoCode,
        reference: { type: 'custody', id: booking.txid },
        legs,
      },
      tx,
    );
    if (!result.replayed) {
      await recordAudit(tx, {
        actorId: null,
        actorRole: null,
        action: `custody.${booking.as}`,
        targetType: 'custody',
        targetId: booking.txid,
        reason: booking.note,
        after: { cryptoCode: booking.cryptoCode, amount: units.toString() },
      });
    }
    return { units, replayed: result.replayed };
  });
}
