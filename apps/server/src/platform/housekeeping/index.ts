import { lt, or } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { sessions } from '../db/schema.js';
import { purgeSpentLoginCounters } from '../auth/login-throttle.js';
import { rateLimitCounters } from '../rate-limit/tables.js';

/**
 * Deletes rows nobody can use any more: expired or idle sessions (anonymous visitors create many),
 * login counters whose window and block have both run out, and rate-limit counters whose window
 * ended. Idempotent, so several instances may run it.
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
  return {
    sessions: deletedSessions.length,
    ...login,
    rateLimitCounters: deletedRateCounters.length,
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
