import { lt, or, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { sessions } from '../db/schema.js';
import { purgeSpentLoginCounters } from '../auth/login-throttle.js';
import { rateLimitCounters } from '../rate-limit/tables.js';

/**
 * Deletes rows nobody can use any more: expired or idle sessions (anonymous visitors create many),
 * login counters whose window and block have both run out, rate-limit counters whose window ended,
 * one-time codes and password-reset links a day past their end, and pending two-factor logins. Idempotent, so several instances may run it.
 */
export async function purgeStaleRows(
  db: Db,
  config: Pick<Config, 'session' | 'loginThrottle'>,
  now = new Date(),
) {
  const idleCutoff = new Date(now.getTime() - config.session.idleMs);
  const deletedSessions = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleCutoff)))
    .returning({ id: sessions.id });
  const login = await purgeSpentLoginCounters(db, config.loginThrottle, now);
  const deletedRateCounters = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.windowEndsAt, now))
    .returning({ key: rateLimitCounters.key });
  // Codes and links a day past their end: kept that long for the daily send caps (decision 0026).
  const dayAgo = new Date(now.getTime() - 86_400_000).toISOString();
  const codes = await db.execute(
    sql`DELETE FROM one_time_codes WHERE expires_at < ${dayAgo}::timestamptz RETURNING id`,
  );
  const links = await db.execute(
    sql`DELETE FROM password_reset_tokens WHERE expires_at < ${dayAgo}::timestamptz RETURNING id`,
  );
  const pendingLogins = await db.execute(
    sql`DELETE FROM pending_logins WHERE expires_at < ${now.toISOString()}::timestamptz RETURNING user_id`,
  );
  const count = (result: unknown) => (result as { rows: unknown[] }).rows.length;
  return {
    sessions: deletedSessions.length,
    ...login,
    rateLimitCounters: deletedRateCounters.length,
    oneTimeCodes: count(codes),
    passwordResetLinks: count(links),
    pendingLogins: count(pendingLogins),
  };
}

/** Runs `purgeStaleRows` every `intervalMs`; errors are logged, never fatal. */
export function startHousekeeping(
  db: Db,
  config: Pick<Config, 'session' | 'loginThrottle'>,
  log: { warn(obj: object, msg: string): void },
  intervalMs = 10 * 60_000,
) {
  const timer = setInterval(() => {
    purgeStaleRows(db, config).catch((err: unknown) => log.warn({ err }, 'housekeeping failed'));
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
