import { sql, type SQL } from 'drizzle-orm';
import type { AdminDisputeStatus } from '@app/contract';
import type { DbOrTx, Tx } from '../../platform/db/client.js';

/**
 * The disputes queue's read model and the assignment write. A dispute is a row of the trades module's
 * `trade_disputes`: the queue reads across trades, users and sessions by their SQL names (as the staff
 * console does, decision 0019); the only write here is the assignment columns, which the trades module
 * reads (the chat lets the holder write) but never sets.
 */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type DisputeQueueRow = {
  id: number;
  trade_id: number;
  reason_id: number;
  reason_text: string;
  opener_role: 'buyer' | 'seller';
  opened_at: unknown;
  resolved_at: unknown;
  resolution: 'buyer' | 'seller' | 'released_by_seller' | null;
  resolution_reason: string | null;
  assigned_to: number | null;
  assigned_at: unknown;
  hash: string;
  status: string;
  crypto_code: string;
  escrow_amount: string;
  fiat_amount: string;
  fiat_currency_code: string;
  payment_method_id: number;
  payment_method_label: string;
  offer_terms: string;
  payment_details: string;
  started_at: unknown;
  buyer_id: number;
  seller_id: number;
  buyer_ip: string | null;
  seller_ip: string | null;
  assignee: string | null;
  decider: string | null;
};

/** A dispute as a locking write reads it (timestamps as the driver gives them: dateOf them). */
export type LockedDispute = {
  id: number;
  trade_id: number;
  assigned_to: number | null;
  /** Who decided it (null until an award, and for a seller's release). */
  moderator_id: number | null;
  resolved_at: unknown;
  buyer_id: number;
  seller_id: number;
  status: string;
  completed_at: unknown;
  cancelled_at: unknown;
};

export type PartyRow = {
  id: number;
  username: string;
  account_state: string;
  created_at: unknown;
  is_email_verified: boolean;
  completed_trades: number;
};

const columns = sql`d.id, d.trade_id, d.reason_id, d.reason_text, d.opener_role, d.opened_at, d.resolved_at,
  d.resolution, d.resolution_reason, d.assigned_to, d.assigned_at,
  t.hash, t.status, t.crypto_code, t.escrow_amount::text AS escrow_amount, t.fiat_amount::text AS fiat_amount,
  t.fiat_currency_code, t.payment_method_id, t.payment_method_label, t.offer_terms, t.payment_details,
  t.started_at, t.buyer_id, t.seller_id, t.buyer_ip, t.seller_ip,
  a.username AS assignee, m.username AS decider`;

const from = sql`FROM trade_disputes d JOIN trades t ON t.id = d.trade_id
  LEFT JOIN users a ON a.id = d.assigned_to LEFT JOIN users m ON m.id = d.moderator_id`;

export const disputesRepository = {
  /**
   * One page of the queue. Undecided disputes oldest first (the queue's partial index on opened_at, id),
   * decided ones newest first; `afterId` is the last row of the previous page.
   */
  async page(
    db: DbOrTx,
    status: AdminDisputeStatus,
    afterId: number | undefined,
    limit: number,
  ): Promise<DisputeQueueRow[]> {
    const where: SQL =
      status === 'open'
        ? sql`d.resolved_at IS NULL AND d.assigned_to IS NULL`
        : status === 'assigned'
          ? sql`d.resolved_at IS NULL AND d.assigned_to IS NOT NULL`
          : sql`d.resolved_at IS NOT NULL`;
    if (status === 'decided') {
      const cursor = afterId === undefined ? sql`` : sql`AND d.id < ${afterId}`;
      return rowsOf<DisputeQueueRow>(
        await db.execute(
          sql`SELECT ${columns} ${from} WHERE ${where} ${cursor} ORDER BY d.id DESC LIMIT ${limit}`,
        ),
      );
    }
    const cursor =
      afterId === undefined
        ? sql``
        : sql`AND (d.opened_at, d.id) > (SELECT c.opened_at, c.id FROM trade_disputes c WHERE c.id = ${afterId})`;
    return rowsOf<DisputeQueueRow>(
      await db.execute(
        sql`SELECT ${columns} ${from} WHERE ${where} ${cursor} ORDER BY d.opened_at, d.id LIMIT ${limit}`,
      ),
    );
  },

  async byTradeHash(db: DbOrTx, hash: string): Promise<DisputeQueueRow | undefined> {
    const [row] = rowsOf<DisputeQueueRow>(
      await db.execute(sql`SELECT ${columns} ${from} WHERE t.hash = ${hash}`),
    );
    return row;
  },

  /**
   * The dispute row locked for a change of holder, or held still while a staff message is written (takers
   * queue here: one of twenty wins, in turn; an award or a takeover waits for the message, or the reverse).
   */
  async lockByTradeHash(tx: Tx, hash: string): Promise<LockedDispute | undefined> {
    const [row] = rowsOf<LockedDispute>(
      await tx.execute(sql`SELECT d.id, d.trade_id, d.assigned_to, d.moderator_id, d.resolved_at, t.buyer_id,
          t.seller_id, t.status, t.completed_at, t.cancelled_at
        FROM trade_disputes d JOIN trades t ON t.id = d.trade_id WHERE t.hash = ${hash} FOR UPDATE OF d`),
    );
    return row;
  },

  async assign(tx: Tx, disputeId: number, userId: number, at: Date): Promise<void> {
    await tx.execute(
      sql`UPDATE trade_disputes SET assigned_to = ${userId}, assigned_at = ${at.toISOString()}::timestamptz
        WHERE id = ${disputeId}`,
    );
  },

  /** Back to the queue: nobody holds the dispute. */
  async release(tx: Tx, disputeId: number): Promise<void> {
    await tx.execute(
      sql`UPDATE trade_disputes SET assigned_to = NULL, assigned_at = NULL WHERE id = ${disputeId}`,
    );
  },

  /** The parties' standing for the moderator: account, age, e-mail, completed trades. */
  async parties(db: DbOrTx, userIds: number[]): Promise<Map<number, PartyRow>> {
    const ids = `{${[...new Set(userIds)].join(',')}}`;
    const rows = rowsOf<PartyRow>(
      await db.execute(sql`SELECT u.id, u.username, u.account_state, u.created_at, u.is_email_verified,
        (SELECT count(*)::int FROM trades t WHERE (t.buyer_id = u.id OR t.seller_id = u.id)
          AND t.status IN ('released', 'dispute_won_buyer', 'dispute_won_seller')) AS completed_trades
        FROM users u WHERE u.id = ANY(${ids}::int[])`),
    );
    return new Map(rows.map((r) => [r.id, r]));
  },

  /** Pairs (as "a:b", a < b) of the given users who have a live session from the same IP address. */
  async sharedSessionIps(db: DbOrTx, userIds: number[]): Promise<Set<string>> {
    const ids = `{${[...new Set(userIds)].join(',')}}`;
    const rows = rowsOf<{ a: number; b: number }>(
      await db.execute(sql`SELECT DISTINCT s1.user_id AS a, s2.user_id AS b
        FROM sessions s1 JOIN sessions s2 ON s1.ip = s2.ip AND s1.user_id < s2.user_id
        WHERE s1.user_id = ANY(${ids}::int[]) AND s2.user_id = ANY(${ids}::int[])
          AND s1.ip IS NOT NULL AND s1.expires_at > now() AND s2.expires_at > now()`),
    );
    return new Set(rows.map((r) => `${r.a}:${r.b}`));
  },

  async staffByUsername(
    db: DbOrTx,
    username: string,
  ): Promise<{ id: number; username: string; role: string; account_state: string } | undefined> {
    const [row] = rowsOf<{ id: number; username: string; role: string; account_state: string }>(
      await db.execute(
        sql`SELECT id, username, role, account_state FROM users WHERE lower(username) = ${username.toLowerCase()}`,
      ),
    );
    return row;
  },
};
