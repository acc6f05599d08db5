import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * What each user is owed per coin: the sum of every account the user owns in it (available, escrow,
 * bond, held and the deficit, which is never above zero). Read by proof of reserves (modules/reserves)
 * inside its repeatable-read transaction, so every coin's figures come from one moment. Users with no
 * account in a coin have no row.
 */
export async function userLiabilities(
  db: DbOrTx,
): Promise<{ userId: number; cryptoCode: string; total: bigint }[]> {
  const rows = rowsOf<{ user_id: number; crypto_code: string; total: string }>(
    await db.execute(sql`
      SELECT user_id, crypto_code, sum(balance)::text AS total FROM ledger_accounts
      WHERE user_id IS NOT NULL GROUP BY user_id, crypto_code ORDER BY crypto_code, user_id`),
  );
  return rows.map((r) => ({ userId: Number(r.user_id), cryptoCode: r.crypto_code, total: BigInt(r.total) }));
}

/** What every kind of account holds per coin (base units): the ledger's view of the custody. */
export async function balancesByKind(
  db: DbOrTx,
): Promise<{ cryptoCode: string; kind: string; total: bigint }[]> {
  const rows = rowsOf<{ crypto_code: string; kind: string; total: string }>(
    await db.execute(sql`
      SELECT crypto_code, kind, sum(balance)::text AS total FROM ledger_accounts
      GROUP BY crypto_code, kind ORDER BY crypto_code, kind`),
  );
  return rows.map((r) => ({ cryptoCode: r.crypto_code, kind: r.kind, total: BigInt(r.total) }));
}

/**
 * The coins the ledger ever moved: each has a platform `world` account from its first deposit. A few
 * platform rows (the user-id index's NULL entries), where `balancesByKind` sums every account.
 */
export async function coinsInLedger(db: DbOrTx): Promise<string[]> {
  const rows = rowsOf<{ crypto_code: string }>(
    await db.execute(sql`
      SELECT DISTINCT crypto_code FROM ledger_accounts WHERE user_id IS NULL AND kind = 'world'`),
  );
  return rows.map((r) => r.crypto_code);
}
