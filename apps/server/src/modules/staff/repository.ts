import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';

/**
 * The console's read model. Looking a user up means reading across domains (their trades, offers, the
 * reports against those offers, sessions), so these read-only queries join tables other modules own,
 * by their SQL names, instead of importing those modules' repositories. The console never writes here:
 * every change goes through the owning module's exported functions (decision 0019, "Read model").
 */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** `%`, `_` and `\` typed by staff are searched for, not used as wildcards. */
const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type UserListRow = {
  id: number;
  username: string;
  email: string;
  role: string;
  account_state: string;
  account_notice: number | null;
  created_at: unknown;
  last_login_at: unknown;
  is_email_verified: boolean;
  is_demo_account: boolean;
  trades_count: number;
  last_seen_at: unknown;
};

const userColumns = sql`u.id, u.username, u.email, u.role, u.account_state, u.account_notice, u.created_at,
  u.last_login_at, u.is_email_verified, u.is_demo_account,
  (SELECT count(*)::int FROM trades t WHERE t.buyer_id = u.id OR t.seller_id = u.id) AS trades_count,
  coalesce((SELECT max(s.last_seen_at) FROM sessions s WHERE s.user_id = u.id), u.last_login_at) AS last_seen_at`;

export const staffRepository = {
  /** Newest accounts first; `q` matches the start of the username or of the e-mail, any case. */
  async searchUsers(
    db: DbOrTx,
    q: string | undefined,
    offset: number,
    limit: number,
  ): Promise<UserListRow[]> {
    const where = q
      ? sql`WHERE lower(u.username) LIKE ${likePrefix(q)} OR lower(u.email) LIKE ${likePrefix(q)}`
      : sql``;
    return rowsOf<UserListRow>(
      await db.execute(sql`SELECT ${userColumns} FROM users u ${where}
        ORDER BY u.id DESC OFFSET ${offset} LIMIT ${limit}`),
    );
  },

  async userById(db: DbOrTx, id: number): Promise<UserListRow | undefined> {
    const [row] = rowsOf<UserListRow>(
      await db.execute(sql`SELECT ${userColumns} FROM users u WHERE u.id = ${id}`),
    );
    return row;
  },

  async recentTrades(db: DbOrTx, userId: number, limit: number) {
    return rowsOf<{
      hash: string;
      status: string;
      role: 'buyer' | 'seller';
      counterparty: string;
      crypto_code: string;
      fiat_currency_code: string;
      fiat_amount: string;
      started_at: unknown;
    }>(
      await db.execute(sql`SELECT t.hash, t.status,
          CASE WHEN t.buyer_id = ${userId} THEN 'buyer' ELSE 'seller' END AS role,
          c.username AS counterparty, t.crypto_code, t.fiat_currency_code, t.fiat_amount::text AS fiat_amount,
          t.started_at
        FROM trades t
        JOIN users c ON c.id = CASE WHEN t.buyer_id = ${userId} THEN t.seller_id ELSE t.buyer_id END
        WHERE t.buyer_id = ${userId} OR t.seller_id = ${userId}
        ORDER BY t.id DESC LIMIT ${limit}`),
    );
  },

  async offers(db: DbOrTx, userId: number, limit: number) {
    return rowsOf<{
      hash: string;
      type: 'buy' | 'sell';
      crypto_code: string;
      fiat_currency_code: string;
      payment_method_label: string;
      is_active: boolean;
      created_at: unknown;
    }>(
      await db.execute(sql`SELECT o.hash, o.type, o.crypto_code, o.fiat_currency_code, o.payment_method_label,
          o.is_active, o.created_at
        FROM offers o WHERE o.user_id = ${userId} ORDER BY o.id DESC LIMIT ${limit}`),
    );
  },

  async reportsAgainst(db: DbOrTx, userId: number, limit: number) {
    return rowsOf<{
      id: number;
      offer_hash: string;
      reporter: string;
      reason: string;
      message: string;
      created_at: unknown;
    }>(
      await db.execute(sql`SELECT r.id, o.hash AS offer_hash, ru.username AS reporter, r.reason, r.message,
          r.created_at
        FROM offer_reports r JOIN offers o ON o.id = r.offer_id JOIN users ru ON ru.id = r.reporter_id
        WHERE o.user_id = ${userId} ORDER BY r.id DESC LIMIT ${limit}`),
    );
  },

  async sessions(db: DbOrTx, userId: number) {
    return rowsOf<{
      ip: string | null;
      user_agent: string | null;
      created_at: unknown;
      last_seen_at: unknown;
      expires_at: unknown;
    }>(
      await db.execute(sql`SELECT s.ip, s.user_agent, s.created_at, s.last_seen_at, s.expires_at
        FROM sessions s WHERE s.user_id = ${userId} ORDER BY s.last_seen_at DESC LIMIT 50`),
    );
  },

  /** Addresses from live sessions and from the trades the user took part in (the trade keeps the last). */
  async ips(db: DbOrTx, userId: number) {
    return rowsOf<{ ip: string; source: 'session' | 'trade'; last_seen_at: unknown }>(
      await db.execute(sql`SELECT ip, source, max(seen) AS last_seen_at FROM (
          SELECT s.ip, 'session' AS source, s.last_seen_at AS seen FROM sessions s
            WHERE s.user_id = ${userId} AND s.ip IS NOT NULL
          UNION ALL
          SELECT t.buyer_ip, 'trade', coalesce(t.buyer_seen_at, t.started_at) FROM trades t
            WHERE t.buyer_id = ${userId} AND t.buyer_ip IS NOT NULL
          UNION ALL
          SELECT t.seller_ip, 'trade', t.started_at FROM trades t
            WHERE t.seller_id = ${userId} AND t.seller_ip IS NOT NULL
        ) a GROUP BY ip, source ORDER BY max(seen) DESC NULLS LAST LIMIT 50`),
    );
  },
};
