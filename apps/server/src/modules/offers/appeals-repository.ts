import { sql } from 'drizzle-orm';
import type { OfferAppealStatus } from '@app/contract';
import type { DbOrTx, Tx } from '../../platform/db/client.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type OfferAppealRow = {
  id: number;
  offer_id: number;
  owner_id: number;
  text: string;
  status: OfferAppealStatus;
  rejected_by: number | null;
  rejection_note: string | null;
  created_at: unknown;
  decided_by: number | null;
  decided_at: unknown;
  decision_reason: string | null;
};

/** The offer's columns a moderation queue shows beside a report or an appeal (read by SQL name). */
export type ModeratedOfferColumns = {
  hash: string;
  owner: string;
  type: 'buy' | 'sell';
  crypto_code: string;
  fiat_currency_code: string;
  payment_method_id: number;
  payment_method_label: string;
  offer_terms: string;
  is_active: boolean;
  moderation_status: number;
  penalty_until: unknown;
};

/** An appeal with the names and the offer the console shows beside it. */
export type OfferAppealQueueRow = OfferAppealRow &
  ModeratedOfferColumns & {
    rejected_by_name: string | null;
    decided_by_name: string | null;
  };

const queueSelect = sql`SELECT a.*, ow.username AS owner, rb.username AS rejected_by_name,
  db.username AS decided_by_name, o.hash, o.type, o.crypto_code, o.fiat_currency_code, o.payment_method_id,
  o.payment_method_label, o.offer_terms, o.is_active, o.moderation_status, o.penalty_until
  FROM offer_moderation_appeals a JOIN offers o ON o.id = a.offer_id JOIN users ow ON ow.id = a.owner_id
  LEFT JOIN users rb ON rb.id = a.rejected_by LEFT JOIN users db ON db.id = a.decided_by`;

/**
 * Owners' appeals against a moderator's rejection of their offer (decision 0023). The offers module owns
 * the table because an edit or a penalty reset withdraws a waiting appeal in the offer's own transaction;
 * the reports module's moderation reads and decides them through these functions.
 */
export const offerAppealsRepository = {
  async insert(
    tx: Tx,
    values: {
      offerId: number;
      ownerId: number;
      text: string;
      rejectedBy: number | null;
      rejectionNote: string | null;
    },
  ): Promise<OfferAppealRow> {
    const [row] = rowsOf<OfferAppealRow>(
      await tx.execute(
        sql`INSERT INTO offer_moderation_appeals (offer_id, owner_id, text, rejected_by, rejection_note)
          VALUES (${values.offerId}, ${values.ownerId}, ${values.text}, ${values.rejectedBy}, ${values.rejectionNote})
          RETURNING *`,
      ),
    );
    return row!;
  },

  /**
   * Closes the offer's waiting appeal, if any, as withdrawn: the owner changed the offer or reset its
   * penalty, or a moderator's new decision replaced the one appealed against (`by` is then that member).
   */
  async withdrawWaiting(
    tx: Tx,
    offerId: number,
    values: { by: number | null; reason: string; at: Date },
  ): Promise<number> {
    const rows = rowsOf<{ id: number }>(
      await tx.execute(
        sql`UPDATE offer_moderation_appeals SET status = 'withdrawn', decided_by = ${values.by},
          decided_at = ${values.at.toISOString()}::timestamptz, decision_reason = ${values.reason}
          WHERE offer_id = ${offerId} AND status = 'appealed' RETURNING id`,
      ),
    );
    return rows.length;
  },

  /** Each offer's latest appeal (what its owner sees on my offers), by offer id. */
  async latestOf(db: DbOrTx, offerIds: number[]): Promise<Map<number, OfferAppealRow>> {
    const result = new Map<number, OfferAppealRow>();
    if (offerIds.length === 0) return result;
    const rows = rowsOf<OfferAppealRow>(
      await db.execute(
        sql`SELECT DISTINCT ON (offer_id) * FROM offer_moderation_appeals
          WHERE offer_id = ANY(${`{${offerIds.join(',')}}`}::int[]) ORDER BY offer_id, id DESC`,
      ),
    );
    for (const row of rows) result.set(Number(row.offer_id), row);
    return result;
  },

  /** Waiting appeals oldest first; the others newest first. Keyset on the id. */
  async page(db: DbOrTx, status: OfferAppealStatus, afterId: number | undefined, limit: number) {
    const waiting = status === 'appealed';
    const cursor =
      afterId === undefined ? sql`` : waiting ? sql`AND a.id > ${afterId}` : sql`AND a.id < ${afterId}`;
    return rowsOf<OfferAppealQueueRow>(
      await db.execute(
        sql`${queueSelect} WHERE a.status = ${status} ${cursor}
          ORDER BY a.id ${waiting ? sql`ASC` : sql`DESC`} LIMIT ${limit}`,
      ),
    );
  },

  async byId(db: DbOrTx, id: number): Promise<OfferAppealQueueRow | undefined> {
    const [row] = rowsOf<OfferAppealQueueRow>(await db.execute(sql`${queueSelect} WHERE a.id = ${id}`));
    return row;
  },

  /** Waiting -> upheld or rejected, exactly once (the conditional UPDATE decides between racing staff). */
  async decide(
    tx: Tx,
    id: number,
    values: { status: 'upheld' | 'rejected'; by: number; reason: string; at: Date },
  ): Promise<boolean> {
    const rows = rowsOf<{ id: number }>(
      await tx.execute(
        sql`UPDATE offer_moderation_appeals SET status = ${values.status}, decided_by = ${values.by},
          decided_at = ${values.at.toISOString()}::timestamptz, decision_reason = ${values.reason}
          WHERE id = ${id} AND status = 'appealed' RETURNING id`,
      ),
    );
    return rows.length === 1;
  },
};
