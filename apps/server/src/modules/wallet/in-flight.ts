import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Per coin, base units: what is between the chain and the ledger right now. */
export type InFlight = {
  cryptoCode: string;
  /** Seen on chain, not credited yet (waiting for confirmations): on chain, not in the ledger. */
  pendingDeposits: bigint;
  /** External withdrawals broadcast (a txid or payout) but not settled: gone from the chain, still in `outgoing`. */
  broadcastWithdrawals: bigint;
  /** External withdrawals not broadcast yet (waiting, or waiting for approval): in `outgoing`, still on chain. */
  waitingWithdrawals: bigint;
};

/**
 * Deposits and withdrawals on their way (reconciliation, modules/reserves; the console's refill figure).
 * Coins with nothing in flight have no row.
 */
export async function custodyInFlight(db: DbOrTx): Promise<InFlight[]> {
  const rows = rowsOf<{ crypto_code: string; deposits: string; broadcast: string; waiting: string }>(
    await db.execute(sql`
      SELECT crypto_code, sum(deposits)::text AS deposits, sum(broadcast)::text AS broadcast,
        sum(waiting)::text AS waiting
      FROM (
        SELECT crypto_code, amount AS deposits, 0 AS broadcast, 0 AS waiting
        FROM chain_deposits WHERE status = 'pending'
        UNION ALL
        SELECT crypto_code, 0,
          CASE WHEN txid IS NOT NULL OR payout_id IS NOT NULL THEN amount + network_fee ELSE 0 END,
          CASE WHEN txid IS NULL AND payout_id IS NULL THEN amount + network_fee ELSE 0 END
        FROM withdrawals WHERE kind = 'external' AND status IN ('pending', 'awaiting_approval')
      ) f GROUP BY crypto_code ORDER BY crypto_code`),
  );
  return rows.map((r) => ({
    cryptoCode: r.crypto_code,
    pendingDeposits: BigInt(r.deposits),
    broadcastWithdrawals: BigInt(r.broadcast),
    waitingWithdrawals: BigInt(r.waiting),
  }));
}
