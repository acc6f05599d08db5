import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import type { ModeratedOfferColumns } from '../offers/index.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type QueueRow = ModeratedOfferColumns & {
  id: number;
  reason: string;
  message: string;
  created_at: unknown;
  status: 'open' | 'dismissed' | 'actioned';
  handled_at: unknown;
  resolution: string | null;
  reporter: string;
  handler: string | null;
  offer_id: number;
  open_on_offer: number;
};

const select = sql`SELECT r.id, r.reason, r.message, r.created_at, r.status, r.handled_at, r.resolution,
  rp.username AS reporter, h.username AS handler, o.id AS offer_id, o.hash, ow.username AS owner, o.type,
  o.crypto_code, o.fiat_currency_code, o.payment_method_id, o.payment_method_label, o.offer_terms, o.is_active,
  o.moderation_status, o.penalty_until,
  (SELECT count(*)::int FROM offer_reports x WHERE x.offer_id = r.offer_id AND x.status = 'open') AS open_on_offer
  FROM offer_reports r JOIN offers o ON o.id = r.offer_id JOIN users rp ON rp.id = r.reporter_id
  JOIN users ow ON ow.id = o.user_id LEFT JOIN users h ON h.id = r.handled_by`;

/**
 * The moderators' side of offer reports: the queue (with the offer and its owner, read by SQL name like
 * the rest of the console's read model) and the exactly-once handling of a report.
 */
export const reportsModerationRepository = {
  async page(db: DbOrTx, status: QueueRow['status'], afterId: number | undefined, limit: number) {
    const open = status === 'open';
    const cursor =
      afterId === undefined ? sql`` : open ? sql`AND r.id > ${afterId}` : sql`AND r.id < ${afterId}`;
    return rowsOf<QueueRow>(
      await db.execute(
        sql`${select} WHERE r.status = ${status} ${cursor} ORDER BY r.id ${open ? sql`ASC` : sql`DESC`} LIMIT ${limit}`,
      ),
    );
  },

  async byId(db: DbOrTx, id: number): Promise<QueueRow | undefined> {
    const [row] = rowsOf<QueueRow>(await db.execute(sql`${select} WHERE r.id = ${id}`));
    return row;
  },

  /** Open -> handled, exactly once (the conditional UPDATE decides between racing moderators). */
  /**
   * Locks the reported offer's row: every action on a report takes it first, so actions on different
   * reports of one offer run one after the other (without it, two actions each holding their own report
   * and then closing the other's would deadlock).
   */
  async lockOffer(tx: Tx, offerId: number): Promise<void> {
    await tx.execute(sql`SELECT id FROM offers WHERE id = ${offerId} FOR UPDATE`);
  },

  async handle(
    tx: Tx,
    id: number,
    values: { status: 'dismissed' | 'actioned'; by: number; resolution: string; at: Date },
  ): Promise<boolean> {
    const rows = rowsOf<{ id: number }>(
      await tx.execute(
        sql`UPDATE offer_reports SET status = ${values.status}, handled_by = ${values.by},
          handled_at = ${values.at.toISOString()}::timestamptz, resolution = ${values.resolution}
          WHERE id = ${id} AND status = 'open' RETURNING id`,
      ),
    );
    return rows.length === 1;
  },

  /** Every other open report of the offer is settled by the same action on it. */
  async closeOthers(
    tx: Tx,
    offerId: number,
    values: { by: number; resolution: string; at: Date },
  ): Promise<number> {
    const rows = rowsOf<{ id: number }>(
      await tx.execute(
        sql`UPDATE offer_reports SET status = 'actioned', handled_by = ${values.by},
          handled_at = ${values.at.toISOString()}::timestamptz, resolution = ${values.resolution}
          WHERE offer_id = ${offerId} AND status = 'open' RETURNING id`,
      ),
    );
    return rows.length;
  },
};
