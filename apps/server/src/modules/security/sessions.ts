import { and, eq, inArray, ne } from 'drizzle-orm';
import type { UserSession } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { sessions } from '../../platform/db/schema.js';
import type { EventBus } from '../../platform/events/bus.js';
import { announceRevocation } from '../../platform/auth/revocation.js';
import { sha256 } from '../../platform/auth/tokens.js';
import { notFound } from '../../platform/http/errors.js';
import { deviceLabel } from './device.js';

/** The name a session goes by on the security page: never its row id (which is the cookie's hash). */
export const publicSessionId = (rowId: string) => sha256(`session:${rowId}`).slice(0, 32);

/**
 * The user's own sessions (decision 0027): list them, end one, end all but this one. Ending closes the
 * sessions' sockets on every instance at once (sessions.revoked on the bus).
 */
export function createUserSessions({ db, events }: { db: Db; events: EventBus }) {
  const ofUser = (userId: number) =>
    db
      .select({
        id: sessions.id,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId));

  async function end(userId: number, rowIds: string[]): Promise<number> {
    if (rowIds.length === 0) return 0;
    const gone = await db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), inArray(sessions.id, rowIds)))
      .returning({ id: sessions.id });
    if (gone.length > 0) {
      announceRevocation(
        events,
        userId,
        gone.map((g) => g.id),
      );
    }
    return gone.length;
  }

  return {
    async list(userId: number, currentRowId: string): Promise<UserSession[]> {
      const now = Date.now();
      return (await ofUser(userId))
        .filter((row) => row.expiresAt.getTime() > now)
        .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime())
        .map((row) => ({
          id: publicSessionId(row.id),
          current: row.id === currentRowId,
          device: deviceLabel(row.userAgent),
          ip: row.ip,
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
        }));
    },

    /** Ends one of the user's sessions by its public id (this one too: that is a logout). */
    async endOne(userId: number, publicId: string): Promise<number> {
      const row = (await ofUser(userId)).find((r) => publicSessionId(r.id) === publicId);
      if (!row) throw notFound('Session not found');
      return end(userId, [row.id]);
    },

    /** Ends every session of the user but `keepRowId` (the password change keeps the one that made it). */
    async endOthers(userId: number, keepRowId: string | null): Promise<number> {
      const rows = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          keepRowId
            ? and(eq(sessions.userId, userId), ne(sessions.id, keepRowId))
            : eq(sessions.userId, userId),
        );
      return end(
        userId,
        rows.map((r) => r.id),
      );
    },
  };
}

export type UserSessions = ReturnType<typeof createUserSessions>;
