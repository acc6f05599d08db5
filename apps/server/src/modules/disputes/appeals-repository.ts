import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { disputeAppeals } from './tables.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type DecidedDispute = {
  dispute_id: number;
  trade_id: number;
  hash: string;
  crypto_code: string;
  buyer_id: number;
  seller_id: number;
  buyer_receives: string;
  fee_amount: string;
  resolution: 'buyer' | 'seller' | 'released_by_seller' | null;
  resolved_at: unknown;
  moderator_id: number | null;
};

export type AppealRow = {
  id: number;
  dispute_id: number;
  trade_id: number;
  reason: string;
  status: 'appealed' | 'upheld' | 'rejected';
  created_at: unknown;
  decided_at: unknown;
  decision_reason: string | null;
  reversed_units: string | null;
  shortfall_units: string | null;
  appellant_id: number;
  appellant: string;
  decider: string | null;
  hash: string;
  crypto_code: string;
  buyer_id: number;
  seller_id: number;
  buyer_receives: string;
  fee_amount: string;
  resolution: 'buyer' | 'seller';
  resolved_at: unknown;
  resolution_reason: string | null;
  moderator_id: number | null;
  first_moderator: string | null;
};

const appealSelect = sql`SELECT a.id, a.dispute_id, a.trade_id, a.reason, a.status, a.created_at, a.decided_at,
  a.decision_reason, a.reversed_units::text AS reversed_units, a.shortfall_units::text AS shortfall_units,
  a.appellant_id, ap.username AS appellant, dc.username AS decider, t.hash, t.crypto_code, t.buyer_id,
  t.seller_id, t.buyer_receives::text AS buyer_receives, t.fee_amount::text AS fee_amount, d.resolution,
  d.resolved_at, d.resolution_reason, d.moderator_id, fm.username AS first_moderator
  FROM dispute_appeals a JOIN trade_disputes d ON d.id = a.dispute_id JOIN trades t ON t.id = a.trade_id
  JOIN users ap ON ap.id = a.appellant_id LEFT JOIN users dc ON dc.id = a.decided_by
  LEFT JOIN users fm ON fm.id = d.moderator_id`;

/** Appeals against dispute decisions; trades and disputes are read by their SQL names (decision 0024). */
export const appealsRepository = {
  async decidedDispute(db: DbOrTx, hash: string): Promise<DecidedDispute | undefined> {
    const [row] = rowsOf<DecidedDispute>(
      await db.execute(sql`SELECT d.id AS dispute_id, t.id AS trade_id, t.hash, t.crypto_code, t.buyer_id,
        t.seller_id, t.buyer_receives::text AS buyer_receives, t.fee_amount::text AS fee_amount, d.resolution,
        d.resolved_at, d.moderator_id
        FROM trades t JOIN trade_disputes d ON d.trade_id = t.id WHERE t.hash = ${hash}`),
    );
    return row;
  },

  /** Null when the dispute already has an appeal (one per dispute: the unique index decides). */
  async insert(tx: DbOrTx, row: typeof disputeAppeals.$inferInsert): Promise<{ id: number } | null> {
    const [created] = await tx
      .insert(disputeAppeals)
      .values(row)
      .onConflictDoNothing()
      .returning({ id: disputeAppeals.id });
    return created ?? null;
  },

  async byId(db: DbOrTx, id: number): Promise<AppealRow | undefined> {
    const [row] = rowsOf<AppealRow>(await db.execute(sql`${appealSelect} WHERE a.id = ${id}`));
    return row;
  },

  async page(db: DbOrTx, status: AppealRow['status'], afterId: number | undefined, limit: number) {
    const waiting = status === 'appealed';
    const cursor =
      afterId === undefined ? sql`` : waiting ? sql`AND a.id > ${afterId}` : sql`AND a.id < ${afterId}`;
    return rowsOf<AppealRow>(
      await db.execute(
        sql`${appealSelect} WHERE a.status = ${status} ${cursor} ORDER BY a.id ${waiting ? sql`ASC` : sql`DESC`} LIMIT ${limit}`,
      ),
    );
  },

  async usernameOf(db: DbOrTx, userId: number): Promise<string | undefined> {
    const [row] = rowsOf<{ username: string }>(
      await db.execute(sql`SELECT username FROM users WHERE id = ${userId}`),
    );
    return row?.username;
  },

  /** appealed -> the outcome, exactly once (the conditional UPDATE decides between racing moderators). */
  async decide(
    tx: Tx,
    id: number,
    values: {
      status: 'upheld' | 'rejected';
      by: number;
      reason: string;
      at: Date;
      reversed: bigint | null;
      shortfall: bigint | null;
    },
  ): Promise<boolean> {
    const rows = rowsOf<{ id: number }>(
      await tx.execute(
        sql`UPDATE dispute_appeals SET status = ${values.status}, decided_by = ${values.by},
          decision_reason = ${values.reason}, decided_at = ${values.at.toISOString()}::timestamptz,
          reversed_units = ${values.reversed?.toString() ?? null}, shortfall_units = ${values.shortfall?.toString() ?? null}
          WHERE id = ${id} AND status = 'appealed' RETURNING id`,
      ),
    );
    return rows.length === 1;
  },
};
