import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { sessions, users } from '../../platform/db/schema.js';
import { isLockedOut } from '../../platform/auth/account-policy.js';

/**
 * The sessions among `ids` that still hold: present (not logged out or revoked), within their absolute
 * and idle lifetimes, and owned by a user allowed to hold a session. The same rules as the HTTP session
 * hook (platform/auth/session.ts), applied in one query for every open socket.
 */
export async function liveSessions(
  db: Db,
  ids: readonly string[],
  idleMs: number,
  now: Date = new Date(),
): Promise<Set<string>> {
  const live = new Set<string>();
  // Bounded batches keep the statement's parameter list reasonable with thousands of sockets.
  for (let i = 0; i < ids.length; i += 1_000) {
    const rows = await db
      .select({
        id: sessions.id,
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
        accountState: users.accountState,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(inArray(sessions.id, ids.slice(i, i + 1_000)));
    const at = now.getTime();
    for (const row of rows) {
      const expired = row.expiresAt.getTime() <= at || row.lastSeenAt.getTime() + idleMs <= at;
      if (!expired && !isLockedOut(row.accountState)) live.add(row.id);
    }
  }
  return live;
}
