import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db/client.js';
import { randomToken, sha256 } from '../../platform/auth/tokens.js';
import { pendingLogins } from './tables.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** How long the second step may take after the password. */
export const PENDING_LOGIN_MS = 5 * 60_000;
/** Wrong codes one pending login survives. */
export const PENDING_LOGIN_ATTEMPTS = 5;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Logins waiting for their second step (decision 0028): the password was right, no session exists yet.
 * The browser holds a random token in an httpOnly cookie for five minutes; five wrong codes end it.
 */
export function createPendingLogins({
  db,
  config,
  now = () => new Date(),
}: {
  db: Db;
  config: Pick<Config, 'session'>;
  now?: () => Date;
}) {
  const secure = (request: FastifyRequest) =>
    config.session.cookieSecure === 'auto' ? request.protocol === 'https' : config.session.cookieSecure;
  const cookieName = (request: FastifyRequest) => (secure(request) ? '__Host-login2fa' : 'login2fa');
  const tokenOf = (request: FastifyRequest) => {
    const value = request.cookies[cookieName(request)];
    return value && TOKEN_SHAPE.test(value) ? value : null;
  };

  return {
    async start(request: FastifyRequest, reply: FastifyReply, userId: number) {
      const token = randomToken();
      await db.insert(pendingLogins).values({
        tokenHash: sha256(token),
        userId,
        createdAt: now(),
        expiresAt: new Date(now().getTime() + PENDING_LOGIN_MS),
      });
      reply.setCookie(cookieName(request), token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: secure(request),
        maxAge: PENDING_LOGIN_MS / 1000,
      });
    },

    /** The user this browser's pending login is for, while it lasts. */
    async userOf(request: FastifyRequest): Promise<number | null> {
      const token = tokenOf(request);
      if (!token) return null;
      const [row] = await db
        .select({ userId: pendingLogins.userId })
        .from(pendingLogins)
        .where(
          and(
            eq(pendingLogins.tokenHash, sha256(token)),
            gt(pendingLogins.expiresAt, now()),
            sql`${pendingLogins.attempts} < ${PENDING_LOGIN_ATTEMPTS}`,
          ),
        );
      return row?.userId ?? null;
    },

    /** Counts a wrong code; answers how many tries are left (0: the login is over). */
    async failed(request: FastifyRequest): Promise<number> {
      const token = tokenOf(request);
      if (!token) return 0;
      const [row] = rowsOf<{ attempts: number }>(
        await db.execute(sql`UPDATE pending_logins SET attempts = attempts + 1
          WHERE token_hash = ${sha256(token)} RETURNING attempts`),
      );
      return row ? Math.max(0, PENDING_LOGIN_ATTEMPTS - row.attempts) : 0;
    },

    async finish(request: FastifyRequest, reply: FastifyReply) {
      const token = tokenOf(request);
      if (token) await db.delete(pendingLogins).where(eq(pendingLogins.tokenHash, sha256(token)));
      reply.clearCookie(cookieName(request), { path: '/' });
    },

    /** Housekeeping: pending logins past their time. */
    async purgeExpired(): Promise<number> {
      const gone = await db
        .delete(pendingLogins)
        .where(sql`${pendingLogins.expiresAt} <= ${now().toISOString()}::timestamptz`)
        .returning({ userId: pendingLogins.userId });
      return gone.length;
    },
  };
}

export type PendingLogins = ReturnType<typeof createPendingLogins>;
