import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

export type Reservation = { key: string; slots: number; at: Date; windowMs: number };
/** The key's count after the reservation, and when its window ends (epoch ms). */
export type Reserved = { count: number; windowEndsAt: number };

/** Most reservations one statement carries (3 parameters each). */
const MAX_ROWS = 200;

type Waiting = { reservation: Reservation; resolve: (r: Reserved) => void; reject: (e: unknown) => void };

/**
 * Writes slot reservations to `rate_limit_counters`, one `INSERT ... ON CONFLICT DO UPDATE` per
 * batch: reservations made in the same turn of the event loop, or while a statement is being written,
 * go together in the next statement (a flood of new clients would otherwise be a flood of statements,
 * which PGlite runs one at a time). Each row starts a new window when the stored one
 * has ended and adds its slots otherwise; concurrent statements queue on the rows they share, and rows
 * go in key order so two instances' batches cannot deadlock. Plain SQL: the query builder cost more
 * than the statement.
 */
export function createReservationWriter(db: Db) {
  let queue: Waiting[] = [];
  let writing = false;

  /** The next batch: one reservation per key (a key twice in one statement is an error). */
  function takeBatch(): Waiting[] {
    const keys = new Set<string>();
    const batch: Waiting[] = [];
    const rest: Waiting[] = [];
    for (const waiting of queue) {
      if (batch.length < MAX_ROWS && !keys.has(waiting.reservation.key)) {
        keys.add(waiting.reservation.key);
        batch.push(waiting);
      } else rest.push(waiting);
    }
    queue = rest;
    return batch.sort((a, b) => (a.reservation.key < b.reservation.key ? -1 : 1));
  }

  async function write(batch: Waiting[]): Promise<Map<string, Reserved>> {
    // A window that ended by the latest request's clock is over for the whole batch.
    const at = new Date(Math.max(...batch.map((w) => w.reservation.at.getTime())));
    const values = batch.map(
      ({ reservation: r }) => sql`(${r.key}, ${r.slots}, ${new Date(r.at.getTime() + r.windowMs)})`,
    );
    const result = await db.execute(sql`
      INSERT INTO rate_limit_counters AS c (key, hits, window_ends_at)
      VALUES ${sql.join(values, sql`, `)}
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN c.window_ends_at <= ${at} THEN excluded.hits ELSE c.hits + excluded.hits END,
        window_ends_at = CASE WHEN c.window_ends_at <= ${at}
          THEN excluded.window_ends_at ELSE c.window_ends_at END
      RETURNING key, hits AS count, (extract(epoch FROM window_ends_at) * 1000)::float8 AS "windowEndsAt"`);
    const rows = (result as unknown as { rows: { key: string; count: number; windowEndsAt: number }[] }).rows;
    return new Map(
      rows.map((row) => [row.key, { count: Number(row.count), windowEndsAt: Number(row.windowEndsAt) }]),
    );
  }

  async function drain() {
    while (queue.length > 0) {
      const batch = takeBatch();
      try {
        const written = await write(batch);
        for (const waiting of batch) {
          const reserved = written.get(waiting.reservation.key);
          if (reserved) waiting.resolve(reserved);
          else waiting.reject(new Error(`rate limit counter ${waiting.reservation.key} was not written`));
        }
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    writing = false;
  }

  return {
    reserve(reservation: Reservation): Promise<Reserved> {
      return new Promise((resolve, reject) => {
        queue.push({ reservation, resolve, reject });
        if (writing) return;
        writing = true;
        // One turn of the event loop first: requests that arrived meanwhile join this statement.
        // PGlite runs a statement on this thread, so without the pause no request would ever arrive
        // during a write and every reservation would be a statement of its own.
        setImmediate(() => void drain());
      });
    },
  };
}
