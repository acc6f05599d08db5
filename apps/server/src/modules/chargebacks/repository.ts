import { sql } from 'drizzle-orm';
import type { ChargebackStatus } from '@app/contract';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { chargebackReports } from './tables.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type ChargebackRow = {
  id: number;
  trade_id: number;
  status: ChargebackStatus;
  details: { chargebackDate: string; amount: string; description: string };
  created_at: unknown;
  decided_at: unknown;
  decision_reason: string | null;
  accused_id: number;
  hash: string;
  fiat_currency_code: string;
  reporter: string;
  accused: string;
  decider: string | null;
};

const select = sql`SELECT c.id, c.trade_id, c.status, c.details, c.created_at, c.decided_at, c.decision_reason,
  c.accused_id, t.hash, t.fiat_currency_code, r.username AS reporter, a.username AS accused, m.username AS decider
  FROM chargeback_reports c JOIN trades t ON t.id = c.trade_id
  JOIN users r ON r.id = c.reporter_id JOIN users a ON a.id = c.accused_id LEFT JOIN users m ON m.id = c.decided_by`;

/** Advisory-lock namespace of "one seller's chargeback reports" (the second key is the user id). */
const REPORTER_LOCK_NAMESPACE = 0x6368_7267; // "chrg"

/**
 * Chargeback reports. The trade and its parties are read by their SQL names (the trades module owns
 * them; it reads a trade's latest chargeback status the same way for the trade page).
 */
export const chargebacksRepository = {
  async tradeByHash(
    db: DbOrTx,
    hash: string,
  ): Promise<{ id: number; buyer_id: number; seller_id: number; status: string } | undefined> {
    const [row] = rowsOf<{ id: number; buyer_id: number; seller_id: number; status: string }>(
      await db.execute(sql`SELECT id, buyer_id, seller_id, status FROM trades WHERE hash = ${hash}`),
    );
    return row;
  },

  /** Null when this reporter already reported the trade (the unique index decides, race-free). */
  async insert(db: DbOrTx, row: typeof chargebackReports.$inferInsert): Promise<{ id: number } | null> {
    const [created] = await db
      .insert(chargebackReports)
      .values(row)
      .onConflictDoNothing()
      .returning({ id: chargebackReports.id });
    return created ?? null;
  },

  /**
   * Serialises one seller's chargeback reports until the transaction ends, so simultaneous reports on
   * different trades cannot together pass the daily limit (an advisory lock: nothing else waits on it).
   */
  async lockReporter(tx: DbOrTx, reporterId: number): Promise<void> {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(${REPORTER_LOCK_NAMESPACE}::int4, ${reporterId}::int4)`,
    );
  },

  async countSince(db: DbOrTx, reporterId: number, since: Date): Promise<number> {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(
        sql`SELECT count(*)::int AS n FROM chargeback_reports WHERE reporter_id = ${reporterId}
          AND created_at > ${since.toISOString()}::timestamptz`,
      ),
    );
    return row?.n ?? 0;
  },

  async byId(db: DbOrTx, id: number): Promise<ChargebackRow | undefined> {
    const [row] = rowsOf<ChargebackRow>(await db.execute(sql`${select} WHERE c.id = ${id}`));
    return row;
  },

  async page(db: DbOrTx, status: ChargebackStatus, afterId: number | undefined, limit: number) {
    const pending = status === 'Pending';
    const cursor =
      afterId === undefined ? sql`` : pending ? sql`AND c.id > ${afterId}` : sql`AND c.id < ${afterId}`;
    return rowsOf<ChargebackRow>(
      await db.execute(
        sql`${select} WHERE c.status = ${status} ${cursor} ORDER BY c.id ${pending ? sql`ASC` : sql`DESC`} LIMIT ${limit}`,
      ),
    );
  },

  /** Pending -> the decision, exactly once: the conditional UPDATE is the arbiter of racing staff. */
  async decide(
    tx: Tx,
    id: number,
    values: { status: 'Dismissed' | 'Confirmed'; decidedBy: number; reason: string; at: Date },
  ): Promise<boolean> {
    const rows = rowsOf<{ id: number }>(
      await tx.execute(
        sql`UPDATE chargeback_reports SET status = ${values.status}, decided_by = ${values.decidedBy},
          decision_reason = ${values.reason}, decided_at = ${values.at.toISOString()}::timestamptz
          WHERE id = ${id} AND status = 'Pending' RETURNING id`,
      ),
    );
    return rows.length === 1;
  },
};
